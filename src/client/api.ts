// Typed client for /api (hono/client) with the standard header set. The import of the route types is
// type-only: no worker code ships to the browser.

import { hc } from 'hono/client';
import type { ApiRoutes } from '../worker/api.ts';
import { browserHeaders } from './api-answer.ts';

export const api = hc<ApiRoutes>('/api', { headers: browserHeaders });
