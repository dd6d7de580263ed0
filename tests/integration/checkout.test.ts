// Placing orders (the checkout issue, §2 and §3): a card approved, declined, challenged by 3-D Secure and
// blocked by the fraud check; what each leaves in stock, in the basket and at the processor.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { answerChallenge, authorizationsFor, payWithCard, placeOrder, readyBasket, stockedVariant, stockOf } from './checkout-helpers.ts';
import { ADMIN_HEADERS, eventually, getJson, one } from './helpers.ts';
import { Jar } from './jar.ts';

let address = 0;
const guest = () => {
  const jar = new Jar();
  jar.address = `203.0.113.${++address}`;
  return jar;
};

describe('placing an order with a card', () => {
  it('approves, writes the order, takes the stock, empties the basket and emails the shopper', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 0);
    const before = await stockOf(variant.id);
    const basketId = await readyBasket(jar, variant.id, 2);
    await payWithCard(jar, basketId, '4242424242424242');
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    expect(placed.body.orderNumber).toMatch(/^CR\d{9}$/);
    expect(placed.body.status).toBe('paid');
    expect(placed.body.items).toHaveLength(1);
    expect(placed.body.paymentMethod).toEqual([
      expect.objectContaining({ code: 'CREDIT_CARD', status: 'authorized', additionalData: expect.objectContaining({ last4: '4242', brand: 'visa' }) }),
    ]);
    expect(JSON.stringify(placed.body)).not.toContain('4242424242424242');
    expect(await stockOf(variant.id)).toBe(before - 2);
    const cart = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(cart.body.items).toHaveLength(0);
    const authorizations = await authorizationsFor(placed.body.orderNumber);
    expect(authorizations).toEqual([expect.objectContaining({ status: 'authorized', amount: placed.body.totals.total })]);
    const mail = await eventually(() =>
      one<{ recipient: string; text: string }>(
        "SELECT recipient, text FROM outbox WHERE kind = 'order-confirmation' AND text LIKE ?1",
        `%${placed.body.orderNumber}%`,
      ),
    );
    expect(mail.recipient).toBe('ana@example.com');
    // The emailed link opens the order without the session; without its token it is not found.
    const link = /https?:\/\/\S+order-confirmation\S+/.exec(mail.text)?.[0] ?? '';
    const st = new URL(link).searchParams.get('st');
    expect((await getJson(`/api/cart/v1/order/${placed.body.orderNumber}?st=${st}`)).status).toBe(200);
    expect((await getJson(`/api/cart/v1/order/${placed.body.orderNumber}`)).status).toBe(404);
    expect((await getJson(`/api/cart/v1/order/${placed.body.orderNumber}?st=${st}x`)).body).toMatchObject({ errorId: 'OHS4004' });
  });

  it('declines with the reason, gives the stock back and keeps the basket for another card', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 1);
    const before = await stockOf(variant.id);
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4000000000009995');
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(402);
    expect(placed.body).toMatchObject({ errorId: 'PAY400', message: expect.stringContaining('insufficient funds') });
    expect(await stockOf(variant.id)).toBe(before);
    const cart = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(cart.body.items).toHaveLength(1);
    // Another card, and the same basket goes through.
    await payWithCard(jar, basketId, '5555555555554444');
    const second = await placeOrder(jar, basketId);
    expect(second.status).toBe(201);
    expect(await stockOf(variant.id)).toBe(before - 1);
  });

  it('refuses a card the fraud check blocks (PYT402), and a device on the denylist', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 2);
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4000000000009235');
    expect((await placeOrder(jar, basketId)).body).toMatchObject({ errorId: 'PYT402' });
    const device = await jar.api('POST', '/api/cart/v1/deviceFingerPrint', { timeZone: 'Etc/GMT+12' });
    expect(device.status).toBe(201);
    await payWithCard(jar, basketId, '4242424242424242');
    const risky = await placeOrder(jar, basketId, { deviceId: device.body.deviceId });
    expect(risky.status).toBe(402);
    expect(risky.body.errorId).toBe('PYT402');
  });

  it('asks for a 3-D Secure challenge, and completes the order when it is passed', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 3);
    const before = await stockOf(variant.id);
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4000000000003220');
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(202);
    expect(placed.body.status).toBe('awaiting_authentication');
    const flash = placed.body.flash.find((f: { type: string }) => f.type === 'PaymentNotAuthorized');
    expect(flash.action).toMatchObject({ type: 'threeDSChallenge', url: expect.stringContaining('/challenge/') });
    // The stock is held while the shopper is at their bank.
    expect(await stockOf(variant.id)).toBe(before - 1);
    // Before the shopper answers, the patch says it is still waiting.
    const early = await jar.api('PATCH', `/api/cart/v2/checkout/order/${placed.body.orderNumber}`, { paymentMethod: { code: 'CREDIT_CARD' } });
    expect(early.body.errorId).toBe('API409');
    await answerChallenge(flash.action.url, 'pass');
    const patched = await jar.api('PATCH', `/api/cart/v2/checkout/order/${placed.body.orderNumber}`, {
      paymentMethod: { code: 'CREDIT_CARD', additionalData: { threeDS2Result: 'passed' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.status).toBe('paid');
    expect(await stockOf(variant.id)).toBe(before - 1);
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items).toHaveLength(0);
  });

  it('gives everything back when the challenge fails, and the shopper goes on with a new cart holding the items', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 4);
    const before = await stockOf(variant.id);
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4000000000003220');
    const placed = await placeOrder(jar, basketId);
    const flash = placed.body.flash.find((f: { type: string }) => f.type === 'PaymentNotAuthorized');
    await answerChallenge(flash.action.url, 'fail');
    const patched = await jar.api('PATCH', `/api/cart/v2/checkout/order/${placed.body.orderNumber}`, { paymentMethod: { code: 'CREDIT_CARD' } });
    expect(patched.status).toBe(402);
    expect(patched.body).toMatchObject({ errorId: 'PAY400', message: expect.stringContaining('authenticate') });
    expect(await stockOf(variant.id)).toBe(before);
    expect((await one<{ status: string }>('SELECT status FROM orders WHERE order_number = ?1', placed.body.orderNumber)).status).toBe('failed');
    // A new cart (commerce-core §4): named in the refusal, the session's from now on, with the items and the
    // address; the old basket and the payment bound to the failed order are gone.
    const renewed = patched.body.details.find((detail: { field?: string }) => detail.field === 'basketId')?.message as string;
    expect(renewed).toMatch(/^[a-f0-9]{32}$/);
    expect(renewed).not.toBe(basketId);
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.errorId).toBe('BSK404');
    const session = await jar.api('POST', '/api/cart/v1/cart', {});
    expect(session.body.basketId).toBe(renewed);
    expect(session.body.items.map((item: { productId: string; qty: number }) => [item.productId, item.qty])).toEqual([[variant.id, 1]]);
    expect(session.body.shippingAddress).toMatchObject({ addressLine1: '12 Pine Street' });
    expect(session.body.payment).toBeNull();
    await payWithCard(jar, renewed, '4242424242424242');
    expect((await placeOrder(jar, renewed)).status).toBe(201);
  });

  it('answers the same order to a retry with the same Idempotency-Key and charges once', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 5);
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4242424242424242');
    const key = { 'idempotency-key': `test-${crypto.randomUUID()}` };
    const [first, second] = await Promise.all([placeOrder(jar, basketId, {}, key), placeOrder(jar, basketId, {}, key)]);
    expect(first.body.orderNumber).toBe(second.body.orderNumber);
    const retry = await placeOrder(jar, basketId, {}, key);
    expect(retry.body.orderNumber).toBe(first.body.orderNumber);
    expect(await authorizationsFor(first.body.orderNumber)).toHaveLength(1);
    expect((await one<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE basket_id = ?1', basketId)).n).toBe(1);
    void env;
  });
});

describe('fulfilment', () => {
  it('moves a paid order through processing, shipped (captured, with tracking) and delivered on its schedule', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 6);
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4242424242424242');
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    const orderNumber = placed.body.orderNumber as string;
    const run = async (minutesLater: number) => {
      const at = new Date(Date.now() + minutesLater * 60_000).toISOString();
      const answer = await getJson(`/admin/fulfilment/run?at=${encodeURIComponent(at)}`, { method: 'POST', headers: ADMIN_HEADERS });
      expect(answer.status).toBe(200);
    };
    const status = async () => (await jar.api('GET', `/api/cart/v1/order/${orderNumber}`)).body;
    await run(1);
    expect((await status()).status).toBe('paid');
    await run(3);
    expect((await status()).status).toBe('processing');
    // Shipping is ten minutes after processing began (at +3): the step is due at +13, not before.
    await run(12);
    expect((await status()).status).toBe('processing');
    await run(14);
    const shipped = await status();
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipments[0].tracking).toMatchObject({ carrier: 'UPS', trackingNumber: expect.stringMatching(/^UPS\d{12}$/) });
    expect(await authorizationsFor(orderNumber)).toEqual([expect.objectContaining({ status: 'captured' })]);
    await run(80);
    const delivered = await status();
    expect(delivered.status).toBe('delivered');
    expect(delivered.statusHistory.map((h: { status: string }) => h.status)).toEqual(['paid', 'processing', 'shipped', 'delivered']);
  });
});
