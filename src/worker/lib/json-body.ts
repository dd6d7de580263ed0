// A JSON request body checked once, before any route reads it: UTF-8, well formed, and not nested so deep
// that code walking it (validation, tag collection) would run out of stack.

import { HttpError } from './http-error.ts';

const MAX_JSON_DEPTH = 64;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** How deep arrays and objects nest in JSON text, counting only brackets outside strings; stops past `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

/** Passes a body a route can safely parse as JSON; else throws an API400 saying what is wrong with it. */
export function checkJsonBody(bytes: Uint8Array): void {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new HttpError('API400', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '') throw new HttpError('API400', 'The request body is empty: send a JSON document.');
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new HttpError('API400', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  try {
    JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` (${error.message})` : '';
    throw new HttpError('API400', `The request body is not valid JSON${detail}.`);
  }
}
