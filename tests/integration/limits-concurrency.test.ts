// What the order call answers when a limit refuses it (the money-and-trust issue, §2): a coupon past its
// redemption limit, a once-per-customer code used again, an Idempotency-Key another session used first.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { couponsOf, oneOrderPromotion, payWithCard, readyBasket, review, stockedVariant, submitOrder, US_ADDRESS } from './checkout-helpers.ts';
import { ADMIN_HEADERS, getJson } from './helpers.ts';
import { guestsAt, type Jar } from './jar.ts';

const guest = guestsAt('198.19.3.');

const LIMITED = 'ONCEONLY';

beforeAll(async () => {
  // Created before any basket is priced, as a marketer would: one order in all may use it.
  const made = await getJson('/admin/promotions', {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify(oneOrderPromotion(LIMITED)),
  });
  expect(made.status).toBe(201);
});

/** The order's email, given at the delivery and billing steps. */
async function giveEmail(jar: Jar, basketId: string, email: string): Promise<void> {
  await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email }]);
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email });
}

/** A guest's basket with a coupon applied, a card, an email of the shopper's, and reviewed. */
async function couponBasket(jar: Jar, code: string, email: string, offset: number): Promise<string> {
  const basketId = await readyBasket(jar, (await stockedVariant(40, offset)).id);
  await giveEmail(jar, basketId, email);
  const applied = await jar.api('PUT', '/api/cart/v1/coupon', { cartId: basketId, code });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  await payWithCard(jar, basketId, '4242424242424242');
  const reviewed = await review(jar, basketId);
  expect(reviewed.couponItems).toEqual([{ code, applied: true }]);
  return basketId;
}

// The limits themselves, with orders placed at the same moment, are tested on the services in
// order-limit-rules.test.ts; here, what the order call answers when they refuse it.
describe('the order call past a limit', () => {
  it('answers an order past a redemption limit 409 PRM140, and the refused basket no longer counts the code', { timeout: 30_000 }, async () => {
    const [first, second] = [guest(), guest()];
    const baskets = [await couponBasket(first, LIMITED, 'limit-1@example.com', 50), await couponBasket(second, LIMITED, 'limit-2@example.com', 50)];
    const placed = await submitOrder(first, baskets[0] as string);
    expect(placed.status).toBe(201);
    expect(await couponsOf(placed.body.orderNumber)).toEqual([LIMITED]);
    const refused = await submitOrder(second, baskets[1] as string);
    expect([refused.status, refused.body.errorId]).toEqual([409, 'PRM140']);
    expect((await review(second, baskets[1] as string)).couponItems).toEqual([]);
  });

  it('answers a once-per-customer code used again by its customer 409 PRM150, on the order and when applied', { timeout: 30_000 }, async () => {
    const [first, again, third] = [guest(), guest(), guest()];
    const basketId = await couponBasket(first, 'WELCOME10', 'maya.hill@example.com', 51);
    const second = await couponBasket(again, 'WELCOME10', 'Maya.Hill+shoes@Example.com', 51);
    expect((await submitOrder(first, basketId)).status).toBe(201);
    const refused = await submitOrder(again, second);
    expect([refused.status, refused.body.errorId]).toEqual([409, 'PRM150']);
    const thirdBasket = await readyBasket(third, (await stockedVariant(40, 51)).id);
    await giveEmail(third, thirdBasket, 'MAYA.HILL@example.com');
    const applied = await third.api('PUT', '/api/cart/v1/coupon', { cartId: thirdBasket, code: 'WELCOME10' });
    expect([applied.status, applied.body.errorId, applied.body.details?.[0]?.field]).toEqual([409, 'PRM150', 'code']);
  });
});

describe('an Idempotency-Key', () => {
  it("reused by another session is answered at once with a code, and never takes that session's order", { timeout: 30_000 }, async () => {
    const key = 'attack-key-0123456789';
    const owner = guest();
    const own = await readyBasket(owner, (await stockedVariant(10, 56)).id);
    await payWithCard(owner, own, '4242424242424242');
    await review(owner, own);
    const first = await submitOrder(owner, own, {}, { 'idempotency-key': key });
    expect(first.status).toBe(201);

    const other = guest();
    const theirs = await readyBasket(other, (await stockedVariant(10, 57)).id);
    await payWithCard(other, theirs, '4242424242424242');
    await review(other, theirs);
    const started = Date.now();
    const reused = await submitOrder(other, theirs, {}, { 'idempotency-key': key });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(reused.status).toBe(409);
    expect(reused.body.errorId).toBe('IDEM409');
    expect(reused.body.orderNumber).toBeUndefined();
    const taken = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE basket_id = ?1').bind(theirs).first<{ n: number }>();
    expect(taken?.n).toBe(0);
    // The owner's retry still gets their order.
    expect((await submitOrder(owner, own, {}, { 'idempotency-key': key })).body.orderNumber).toBe(first.body.orderNumber);
  });
});
