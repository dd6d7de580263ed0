// One structured log line per request: method, path, status and duration.

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';

export function requestLog(): MiddlewareHandler<AppEnv> {
  return async function requestLogMiddleware(c, next) {
    const started = Date.now();
    await next();
    // Static assets and successful reads are the bulk of traffic: log them only outside production.
    if (c.res.status >= 400 || c.env.ENVIRONMENT !== 'production') {
      c.get('logger').info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Date.now() - started,
      });
    }
  };
}
