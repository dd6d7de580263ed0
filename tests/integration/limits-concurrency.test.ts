// Limits hold under concurrency (the money-and-trust issue, §2): a coupon's redemption limit and a
// once-per-customer code are decided in the batch that writes the order, so parallel orders cannot all pass
// a check made when the code was applied; an Idempotency-Key belongs to the session that used it first.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillBasket, payWithCard, readyBasket, review, stockedVariant, submitOrder, US_ADDRESS } from './checkout-helpers.ts';
import { ADMIN_HEADERS, getJson, one } from './helpers.ts';
import { guestsAt, type Jar, signedInJar } from './jar.ts';

const guest = guestsAt('198.19.3.');

const LIMITED = 'ONCEONLY';

beforeAll(async () => {
  // Created before any basket is priced, as a marketer would: one order in all may use it.
  const made = await getJson('/admin/promotions', {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({
      id: LIMITED,
      siteId: 'US',
      name: 'One lucky order',
      level: 'ORDER',
      discount: { type: 'percent', percent: 50 },
      couponCode: LIMITED,
      startsAt: '2026-01-01T00:00:00Z',
      redemptionLimit: 1,
    }),
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

const couponsOf = async (orderNumber: string) =>
  JSON.parse((await one<{ coupons: string }>('SELECT coupons FROM orders WHERE order_number = ?1', orderNumber)).coupons) as string[];

describe('a redemption limit', () => {
  it('gives exactly one discounted order of 12 placed at once; the others are refused and re-priced', { timeout: 60_000 }, async () => {
    const jars = Array.from({ length: 12 }, guest);
    const baskets = await Promise.all(jars.map((jar, i) => couponBasket(jar, LIMITED, `limit-${i}@example.com`, 50)));
    const answers = await Promise.all(jars.map((jar, i) => submitOrder(jar, baskets[i] as string)));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    expect(await couponsOf(placed[0]?.body.orderNumber)).toEqual([LIMITED]);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.errorId).toBe('PRM140');
    }
    expect((await one<{ redemptions: number }>('SELECT redemptions FROM promotions WHERE id = ?1', `US-${LIMITED}`)).redemptions).toBe(1);
    // A refused shopper's basket no longer counts the discount: reviewed again, it pays full price.
    const index = answers.findIndex((a) => a.status !== 201);
    const again = await review(jars[index] as Jar, baskets[index] as string);
    expect(again.totals.orderDiscount ?? 0).toBe(0);
    expect(again.couponItems.filter((c: { applied: boolean }) => c.applied)).toEqual([]);
  });
});

describe('a once-per-customer code', () => {
  it('is once per email for guests, whatever its case, also for 6 orders at once', { timeout: 60_000 }, async () => {
    // Both apply it while neither has ordered: the order's batch decides.
    const first = guest();
    const basketId = await couponBasket(first, 'WELCOME10', 'maya.hill@example.com', 51);
    const again = guest();
    const second = await couponBasket(again, 'WELCOME10', 'Maya.Hill+shoes@Example.com', 51);
    expect((await submitOrder(first, basketId)).status).toBe(201);
    const refused = await submitOrder(again, second);
    expect(refused.status).toBe(409);
    expect(refused.body.errorId).toBe('PRM150');
    // Refused, the code is off the basket: reviewed again, the order is at full price.
    expect((await review(again, second)).couponItems).toEqual([]);
    // A third try with the same email is told when the code is applied.
    const third = guest();
    const thirdBasket = await readyBasket(third, (await stockedVariant(40, 51)).id);
    await giveEmail(third, thirdBasket, 'MAYA.HILL@example.com');
    expect((await third.api('PUT', '/api/cart/v1/coupon', { cartId: thirdBasket, code: 'WELCOME10' })).body.errorId).toBe('PRM150');

    const jars = Array.from({ length: 6 }, guest);
    const baskets = await Promise.all(jars.map((jar) => couponBasket(jar, 'WELCOME10', 'sam.ridge@example.com', 52)));
    const answers = await Promise.all(jars.map((jar, i) => submitOrder(jar, baskets[i] as string)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errorId === 'PRM150')).toHaveLength(5);
  });

  it("counts a member's email used as a guest as that member", async () => {
    // Ana redeemed WELCOME10 with her account (seeded); as a guest with her email she is still Ana, whether the
    // email is on the basket when the code is applied or only given afterwards.
    const told = guest();
    const toldBasket = await readyBasket(told, (await stockedVariant(40, 53)).id);
    await giveEmail(told, toldBasket, 'ana@cairn.test');
    expect((await told.api('PUT', '/api/cart/v1/coupon', { cartId: toldBasket, code: 'WELCOME10' })).body.errorId).toBe('PRM150');

    const jar = guest();
    const basketId = await couponBasket(jar, 'WELCOME10', 'someone.new@example.com', 53);
    await giveEmail(jar, basketId, 'Ana@Cairn.test');
    await review(jar, basketId);
    const refused = await submitOrder(jar, basketId);
    expect(refused.status).toBe(409);
    expect(refused.body.errorId).toBe('PRM150');
  });

  it('is once per signed-in customer, also for 6 of their baskets placed at once', { timeout: 60_000 }, async () => {
    const will = await signedInJar('will.wranx@cairn.test', '198.19.4.1');
    const jars = Array.from({ length: 6 }, () => will);
    const variant = await stockedVariant(40, 54);
    const baskets = await Promise.all(
      jars.map(async (jar) => {
        // A basket of its own for each (the product page's wallet basket), all Will's.
        const basketId = (await jar.api('POST', '/api/cart/v1/cartWithItem', { productId: variant.id, qty: 1 })).body.basketId as string;
        await fillBasket(jar, basketId, variant.id, 1);
        expect((await jar.api('PUT', '/api/cart/v1/coupon', { cartId: basketId, code: 'WELCOME10' })).status).toBe(200);
        await payWithCard(jar, basketId, '4242424242424242');
        await review(jar, basketId);
        return basketId;
      }),
    );
    const answers = await Promise.all(jars.map((jar, i) => submitOrder(jar, baskets[i] as string)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errorId === 'PRM150')).toHaveLength(5);
    // And as a guest with his email afterwards, still Will.
    const asGuest = guest();
    const guestBasket = await readyBasket(asGuest, (await stockedVariant(40, 55)).id);
    await giveEmail(asGuest, guestBasket, 'will.wranx@cairn.test');
    expect((await asGuest.api('PUT', '/api/cart/v1/coupon', { cartId: guestBasket, code: 'WELCOME10' })).body.errorId).toBe('PRM150');
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
