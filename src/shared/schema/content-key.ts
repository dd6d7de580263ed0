// Content keys (a page's path, a fragment's id): lowercase words separated by hyphens, levels by slashes,
// and short: a key becomes part of a KV key, which may not pass 512 bytes.

import * as v from 'valibot';

const CONTENT_KEY_MAX_LENGTH = 120;
const CONTENT_KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;
const MESSAGE = 'A content key is lowercase words separated by hyphens, levels by slashes.';

export function isContentKey(key: string): boolean {
  return key.length <= CONTENT_KEY_MAX_LENGTH && CONTENT_KEY.test(key);
}

export const ContentKeySchema = v.pipe(
  v.string(MESSAGE),
  v.maxLength(CONTENT_KEY_MAX_LENGTH, `A content key has at most ${CONTENT_KEY_MAX_LENGTH} characters.`),
  v.regex(CONTENT_KEY, MESSAGE),
);
