// Request bodies before any route reads them: a size limit for each part of the worker, answered with a
// coded 413, and a body that says it is JSON checked once (UTF-8, syntax, nesting), so no route, present
// or future, meets one that makes it fail. Routes then read it with c.req.json() as usual.

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';
import { checkJsonBody } from '../lib/json-body.ts';
import { isJsonMediaType } from '../lib/media-type.ts';

export interface RequestBodyOptions {
  /** The largest body, in bytes, a request to this path may carry. */
  limitFor: (path: string) => number;
}

const KIB = 1024;

/** Marketers' documents are large; a shopper's API call or form is small. */
const BODY_LIMITS = { admin: 1024 * KIB, api: 64 * KIB, pages: 16 * KIB, photos: 16 * 1024 * KIB } as const;

/** Where shoppers send photos (three at 5 MB each at most: a review's, a warranty claim's; one to share): forms and API calls. */
const PHOTO_UPLOADS = [
  /^\/[a-z]{2}-[a-z]{2}\/p\/[^/]+\/(write-review|share-photo)$/,
  /^\/api\/social\/stashes$/,
  /^\/api\/products\/v1\/products\/[^/]+\/reviews$/,
  /^\/[a-z]{2}-[a-z]{2}\/account\/support\/warranty$/,
  /^\/api\/consumers-v3\/consumer\/warranty$/,
];

function bodyLimitFor(path: string): number {
  if (PHOTO_UPLOADS.some((upload) => upload.test(path))) return BODY_LIMITS.photos;
  if (path === '/admin' || path.startsWith('/admin/')) return BODY_LIMITS.admin;
  if (path === '/api' || path.startsWith('/api/')) return BODY_LIMITS.api;
  return BODY_LIMITS.pages;
}

function tooLarge(limit: number): HttpError {
  return new HttpError('API413', `The request body is larger than the ${limit} bytes allowed here.`);
}

/** Reads a body up to `limit` bytes; a longer one is refused without reading the rest. */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function requestBody(options: RequestBodyOptions = { limitFor: bodyLimitFor }): MiddlewareHandler<AppEnv> {
  return async function requestBodyMiddleware(c, next) {
    const body = c.req.raw.body;
    // workerd hands a GET or HEAD a body when it came with Content-Length; no route reads it, and a
    // Request of those methods cannot be rebuilt with one.
    if (!body || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const limit = options.limitFor(c.req.path);
    const declared = Number(c.req.header('content-length'));
    if (declared > limit) throw tooLarge(limit);
    const bytes = await readAtMost(body, limit);
    c.req.raw = new Request(c.req.raw, { body: bytes.byteLength > 0 ? bytes : null });
    if (isJsonMediaType(c.req.header('content-type'))) checkJsonBody(bytes);
    await next();
  };
}
