// Typed client for /api (hono/client). The import of the route types is type-only: no worker code ships.

import { hc } from 'hono/client';
import type { ApiRoutes } from '../worker/api.ts';

export const api = hc<ApiRoutes>('/api', {
  headers: () => ({ 'x-correlation-id': crypto.randomUUID(), 'x-channel': 'web' }),
});
