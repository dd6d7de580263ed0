// One correlation id end to end (README, Logs): the id a browser's call sends is the worker's for the request,
// the Cart object logs with it, the card processor receives it, logs it and answers it back; an unexpected
// failure is logged under its stable event name with the id, and the client gets the id and GEN500, no stack.

import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import worker from '../../src/worker/index.ts';
import { ERROR_EVENTS } from '../../src/worker/lib/logger.ts';
import { fillBasket, payWithCard, placeOrder, stockedVariant } from './checkout-helpers.ts';
import { getJson, one } from './helpers.ts';
import { Jar } from './jar.ts';

type Line = Record<string, unknown>;

const LEVELS = ['log', 'info', 'warn', 'error'] as const;
let restore: (() => void) | null = null;

/** The JSON log lines written from now on in this isolate (the worker's and its Durable Objects'). */
function captureLogs(): Line[] {
  const lines: Line[] = [];
  const before = LEVELS.map((level) => [level, console[level]] as const);
  for (const [level, write] of before) {
    console[level] = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('{')) lines.push(JSON.parse(args[0]) as Line);
      write(...args);
    };
  }
  restore = () => {
    for (const [level, write] of before) console[level] = write;
  };
  return lines;
}

afterEach(() => {
  restore?.();
  restore = null;
});

describe('a checkout call', () => {
  it('is logged under the browser’s id by the worker, the Cart object and the processor, which answers it back', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.71';
    const variant = await stockedVariant(5, 3);
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await fillBasket(jar, basketId, variant.id);
    await payWithCard(jar, basketId, '4242424242424242');
    const id = `checkout-${crypto.randomUUID()}`;
    const lines = captureLogs();
    const placed = await placeOrder(jar, basketId, {}, { 'x-correlation-id': id });
    expect(placed.status).toBe(201);
    expect(placed.headers.get('x-correlation-id')).toBe(id);
    const mine = lines.filter((line) => line.correlationId === id);
    const events = mine.map((line) => line.event);
    // The worker's request line, the Cart object's own lines, and the processor's answer carrying the same id.
    expect(events).toContain('request');
    expect(mine.filter((line) => line.module === 'cart').map((line) => line.event)).toEqual(['cart.order_begun', 'cart.order_finished']);
    expect(mine.find((line) => line.event === 'cart.order_finished')).toMatchObject({ basketId, outcome: 'placed' });
    const authorization = mine.find((line) => line.event === 'payments.processor_call' && line.call === 'POST /v1/authorizations');
    expect(authorization).toMatchObject({ status: 201, processorCorrelationId: id });
    // No line of this call has another id, and none names the card's token.
    expect(lines.filter((line) => line.event === 'cart.order_begun').map((line) => line.correlationId)).toEqual([id]);
    expect(JSON.stringify(mine)).not.toContain('tok_');
  });
});

describe('the card processor', () => {
  const sandbox = (headers: Record<string, string>) =>
    (env.PAYMENTS as Fetcher).fetch('http://payments.test/v1/authorizations/none', {
      headers: { authorization: `Bearer ${env.PAYMENTS_SECRET_KEY}`, ...headers },
    });

  it('answers back the correlation id it was called with, or one of its own for a malformed one', async () => {
    expect((await sandbox({ 'x-correlation-id': 'store-call-12345678' })).headers.get('x-correlation-id')).toBe('store-call-12345678');
    const own = (await sandbox({ 'x-correlation-id': 'bad id <script>' })).headers.get('x-correlation-id');
    expect(own).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('an unexpected failure', () => {
  it('is logged as error.unhandled with the request’s id; the client gets GEN500 and the id, no stack', async () => {
    const item = await one<{ product_id: string }>('SELECT product_id FROM product_set_items LIMIT 1');
    await env.DB.exec('ALTER TABLE product_set_texts RENAME TO product_set_texts_gone');
    try {
      const lines = captureLogs();
      const id = `failing-${crypto.randomUUID()}`;
      const { status, body, headers } = await getJson<Record<string, unknown>>(`/api/products/v2/products/${item.product_id}/productSets`, {
        headers: { 'x-correlation-id': id },
      });
      expect(status).toBe(500);
      expect(body).toMatchObject({ errorId: 'GEN500', correlationId: id });
      expect(headers.get('x-correlation-id')).toBe(id);
      expect(JSON.stringify(body)).not.toMatch(/at |Error:|sqlite|stack/i);
      const logged = lines.find((line) => line.event === ERROR_EVENTS.unhandled);
      expect(logged).toMatchObject({ level: 'error', correlationId: id, method: 'GET' });
      // The stack stays in the log, for whoever reads it.
      expect(JSON.stringify(logged?.error ?? {})).toMatch(/"stack":"[^"]*product_set_texts/);
    } finally {
      await env.DB.exec('ALTER TABLE product_set_texts_gone RENAME TO product_set_texts');
    }
  });
});

describe('an order paid', () => {
  it('is followed up by the order-events consumer under the order request’s id', async () => {
    const lines = captureLogs();
    const batch = createMessageBatch('cairn-order-events', [
      { id: 'traced-1', timestamp: new Date(), attempts: 1, body: { type: 'order.paid', orderNumber: 'CR000000001', correlationId: 'order-request-12345678' } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    await getQueueResult(batch, ctx);
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'order_paid.unknown_order', correlationId: 'order-request-12345678', orderNumber: 'CR000000001' }),
    );
  });
});
