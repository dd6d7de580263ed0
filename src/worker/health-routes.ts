// GET /healthz: whether every binding the store needs answers (observe/health.ts). Ahead of the middleware, so a
// store missing a binding says which rather than failing before it can.

import { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { checkHealth } from './observe/health.ts';

export const healthRoutes = new Hono<AppEnv>().get('/healthz', async (c) => {
  const report = await checkHealth(c.env);
  return c.json(report, report.ok ? 200 : 503, { 'Cache-Control': 'no-store' });
});
