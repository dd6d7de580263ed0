// Correlation id: taken from x-correlation-id when well formed, else minted; echoed on the response.

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';

export interface CorrelationIdOptions {
  headerName?: string;
}

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export function correlationId(options: CorrelationIdOptions = {}): MiddlewareHandler<AppEnv> {
  const headerName = options.headerName ?? 'x-correlation-id';
  return async function correlationIdMiddleware(c, next) {
    const incoming = c.req.header(headerName);
    const id = incoming && WELL_FORMED.test(incoming) ? incoming : crypto.randomUUID();
    c.set('correlationId', id);
    c.set('logger', createLogger({ correlationId: id }));
    await next();
    c.header(headerName, id);
  };
}
