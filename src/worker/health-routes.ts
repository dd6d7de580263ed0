// GET /healthz: whether every binding the store needs answers (observe/health.ts). Ahead of the middleware, so a
// store missing a binding says which rather than failing before it can. The answer names the Worker version that
// gave it, so a deploy's smoke test knows it reached the new one (scripts/deploy.ts).

import { Hono } from 'hono';
import type { AppEnv, Bindings } from './env.ts';
import { checkHealth, type HealthReport } from './observe/health.ts';

/**
 * The endpoint is public and each check costs real calls (a message on each queue, the payments service): an
 * isolate answers from its last report for a few seconds, so a flood of checks costs one round of them.
 */
const REPORT_MS = 10_000;
const recent = new WeakMap<Bindings, { at: number; report: HealthReport }>();

export const healthRoutes = new Hono<AppEnv>().get('/healthz', async (c) => {
  const now = Date.now();
  const known = recent.get(c.env);
  const report = known && now - known.at < REPORT_MS ? known.report : await checkHealth(c.env);
  if (report !== known?.report) recent.set(c.env, { at: now, report });
  const version = c.env.CF_VERSION_METADATA?.id;
  return c.json({ ...report, ...(version ? { version } : {}) }, report.ok ? 200 : 503, { 'Cache-Control': 'no-store' });
});
