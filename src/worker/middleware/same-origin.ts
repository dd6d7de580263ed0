// Refuses cross-site mutations: a browser's Origin or Sec-Fetch-Site must name this origin.

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  // Browsers send Origin on every cross-origin and same-origin POST; a request with neither header is not
  // a browser page acting on the shopper's cookies (it is a server or app client), so it cannot be a CSRF.
  if (!origin) return true;
  return origin === new URL(request.url).origin;
}

export function sameOrigin(): MiddlewareHandler<AppEnv> {
  return async function sameOriginMiddleware(c, next) {
    if (!SAFE_METHODS.has(c.req.method) && !isSameOriginRequest(c.req.raw)) throw new HttpError('API403');
    await next();
  };
}
