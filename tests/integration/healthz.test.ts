// GET /healthz (the operations issue, Deploy): every binding the store needs answers, and a broken one is named.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;

describe('GET /healthz', () => {
  it('answers 200 when D1, KV, R2, the four Durable Objects and the payments service all answer', async () => {
    const response = await request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      ok: true,
      checks: { d1: 'ok', kv: 'ok', r2: 'ok', counters: 'ok', cart: 'ok', pagePurge: 'ok', flashStock: 'ok', payments: 'ok' },
    });
  });

  it('answers 503 naming what failed, and nothing secret', async () => {
    const broken = {
      ...env,
      DB: { prepare: () => ({ first: () => Promise.reject(new Error('D1_ERROR: database unavailable')) }) },
      PAYMENTS_SECRET_KEY: 'sk_test_not-the-processors-key',
    } as unknown as typeof env;
    const response = await request('/healthz', {}, ORIGIN, broken);
    expect(response.status).toBe(503);
    const body = (await response.json()) as Json;
    expect(body.ok).toBe(false);
    expect(body.checks).toMatchObject({
      d1: 'failed: D1_ERROR: database unavailable',
      kv: 'ok',
      r2: 'ok',
      cart: 'ok',
      payments: 'failed: the processor answered 401',
    });
    expect(JSON.stringify(body)).not.toContain('sk_test_');
  });

  it('says which binding a store lacks rather than failing before it can', async () => {
    const { MEDIA: _media, ...withoutR2 } = env as unknown as Json;
    const response = await request('/healthz', {}, ORIGIN, withoutR2 as typeof env);
    expect(response.status).toBe(503);
    expect(((await response.json()) as Json).checks.r2).toMatch(/^failed: /);
  });
});
