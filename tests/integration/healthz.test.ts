// GET /healthz (the operations issue, Deploy): every binding the store needs answers, and a broken one is named.

import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index.ts';
import { HEALTH_PROBE } from '../../src/worker/queues/messages.ts';
import { ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;

describe('GET /healthz', () => {
  it('answers 200 when D1, KV, R2, the four Durable Objects, both queues and the payments service all answer', async () => {
    const response = await request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Json;
    expect(body.ok).toBe(true);
    expect(body.checks).toEqual({
      d1: 'ok',
      kv: 'ok',
      r2: 'ok',
      counters: 'ok',
      cart: 'ok',
      pagePurge: 'ok',
      flashStock: 'ok',
      mailQueue: 'ok',
      orderEvents: 'ok',
      payments: 'ok',
    });
    // The version that answered, when the Worker knows it (deployed; a deploy's smoke test checks it is the new one).
    if (env.CF_VERSION_METADATA) expect(body.version).toBe(env.CF_VERSION_METADATA.id);
  });

  it('answers a flood of checks from its last report for a few seconds: one round of probes, not one per request', async () => {
    let sent = 0;
    const counting = {
      send: async () => {
        sent += 1;
      },
    };
    const bindings = { ...env, MAIL_QUEUE: counting } as unknown as typeof env;
    for (let i = 0; i < 5; i++) expect((await request('/healthz', {}, ORIGIN, bindings)).status).toBe(200);
    expect(sent).toBe(1);
  });

  it('has each queue consumer take its probe without doing anything, so it never becomes a retry or a dead letter', async () => {
    for (const queue of ['cairn-mail', 'cairn-order-events']) {
      const batch = createMessageBatch(queue, [{ id: `probe-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: HEALTH_PROBE }]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      const result = await getQueueResult(batch, ctx);
      expect([result.explicitAcks.length, result.retryMessages.length]).toEqual([1, 0]);
    }
  });

  it('names a queue that does not take messages', async () => {
    const refusing = { send: () => Promise.reject(new Error('Queue send failed: queue does not exist')) };
    const response = await request('/healthz', {}, ORIGIN, { ...env, MAIL_QUEUE: refusing } as unknown as typeof env);
    expect(response.status).toBe(503);
    expect(((await response.json()) as Json).checks).toMatchObject({ mailQueue: 'failed: Queue send failed: queue does not exist', orderEvents: 'ok' });
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
