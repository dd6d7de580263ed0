// Order events (README, Queues): an order paid is announced on the order-events queue and its consumer sends
// the confirmation and issues the gift cards bought, once each however often the event is delivered, even
// when the consumer stopped between issuing the cards and emailing them.

import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index.ts';
import { cardToken, placeOrder, stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { emailsTo, mailSettled, one } from './helpers.ts';
import { signedInJar } from './jar.ts';

type Json = Record<string, any>;
const BUYER = 'will.wranx@cairn.test';
const FRIEND = 'events.friend@example.com';

async function orderWithGiftCards(): Promise<string> {
  const jar = await signedInJar(BUYER, '198.19.27.1');
  const boot = await stockedVariant(5, 73);
  const gift = await one<{ id: string }>(
    'SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 1 ORDER BY v.id LIMIT 1',
  );
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.id, qty: 1 });
  const gifted = await jar.api('POST', '/api/cart/v1/item', {
    cartId: basketId,
    productId: gift.id,
    qty: 2,
    giftOption: { to: 'Sam', email: FRIEND, message: 'Enjoy!' },
  });
  expect(gifted.status).toBeLessThan(300);
  await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email: BUYER }]);
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: BUYER });
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
    payment_method_id: 'CREDIT_CARD',
    additionalDetails: { token: await cardToken('4242424242424242') },
  });
  const placed = await placeOrder(jar, basketId);
  expect(placed.status).toBe(201);
  return placed.body.orderNumber as string;
}

async function redeliver(orderNumber: string): Promise<Json> {
  const batch = createMessageBatch('cairn-order-events', [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: { type: 'order.paid', orderNumber } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

const cardNumbers = (emails: { text: string }[]) => emails.map((email) => /Card number: ([\d ]+)/.exec(email.text)?.[1]?.replace(/\s/g, '')).sort();

describe('an order paid', () => {
  it('is confirmed and its gift cards issued by the order-events consumer, once each however often the event comes', async () => {
    const orderNumber = await orderWithGiftCards();
    const [confirmation] = await emailsTo(BUYER, 'order-confirmation');
    expect(confirmation).toMatchObject({ subject: `Your Cairn order ${orderNumber}`, message_id: `order-confirmation:${orderNumber}` });
    const cards = await emailsTo(FRIEND, 'gift-card', 2);
    expect(cards).toHaveLength(2);
    expect(await one('SELECT state FROM queue_deliveries WHERE key = ?1', `order.paid:${orderNumber}`)).toEqual({ state: 'done' });

    // Delivered again: acknowledged, nothing sent or issued twice.
    expect((await redeliver(orderNumber)).explicitAcks).toHaveLength(1);
    await mailSettled();
    expect(await emailsTo(BUYER, 'order-confirmation')).toHaveLength(1);
    expect(await emailsTo(FRIEND, 'gift-card')).toHaveLength(2);

    // The consumer stopped after issuing the cards and before their emails went: done again, the same cards are
    // emailed (no new ones), and the confirmation is still not sent twice.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM queue_deliveries WHERE key = ?1 OR key LIKE 'mail:gift-card:%'").bind(`order.paid:${orderNumber}`),
      env.DB.prepare("DELETE FROM outbox WHERE kind = 'gift-card' AND recipient = ?1").bind(FRIEND),
    ]);
    expect((await redeliver(orderNumber)).explicitAcks).toHaveLength(1);
    const again = await emailsTo(FRIEND, 'gift-card', 2);
    expect(cardNumbers(again)).toEqual(cardNumbers(cards));
    expect(await one('SELECT COUNT(*) AS n FROM gift_cards WHERE order_number = ?1', orderNumber)).toEqual({ n: 2 });
    await mailSettled();
    expect(await emailsTo(BUYER, 'order-confirmation')).toHaveLength(1);
  });
});
