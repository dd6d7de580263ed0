// The route files' side of lib/service-deps.ts: a service's dependencies read off the request.

import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { ServiceDeps } from './service-deps.ts';

export function serviceDeps(c: Context<AppEnv>): ServiceDeps {
  return { env: c.env, correlationId: c.get('correlationId'), logger: c.get('logger') };
}
