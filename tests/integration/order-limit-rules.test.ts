// The coupon limits as the order service keeps them (the money-and-trust issue, §2), called without HTTP
// against the real D1 and Cart objects: a redemption limit and a once-per-customer code are decided in the
// batch that writes the order, so orders placed at the same moment cannot all pass a check made when the
// code was applied; an Idempotency-Key belongs to the session that used it first. What the API answers
// for them is limits-concurrency.test.ts.

import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { PromotionCreateBody } from '../../src/shared/schema/admin.ts';
import { createPromotion } from '../../src/worker/admin/promotions.ts';
import { setBillingAddress, setShippingAddress } from '../../src/worker/commerce/cart/addresses.ts';
import { forgetPromotions } from '../../src/worker/commerce/cart/promotions.ts';
import { couponsOf, oneOrderPromotion, stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { couponOutcome, deps, guestsAt, orderOutcome, readyBasket, review, shopper } from './checkout-services.ts';
import { consumerNoOf, one } from './helpers.ts';

const LIMITED = 'ONCEONLYRULE';
const guest = guestsAt('198.19.5.');

beforeAll(async () => {
  // Created before any basket is priced, as a marketer would: one order in all may use it.
  const body = v.parse(PromotionCreateBody, oneOrderPromotion(LIMITED));
  await createPromotion(deps.env.DB, body, { name: 'Mia (marketing)', correlationId: 'order-limit-rules' });
  forgetPromotions('US');
});

/** The discount each basket showed at its review, with the code on it. */
const reviewedDiscount = new Map<string, number>();

/** A guest's basket with the code applied and reviewed, under `email`. */
async function couponBasket(who: ReturnType<typeof shopper>, code: string, email: string, offset: number, own = false): Promise<string> {
  const basketId = await readyBasket(who, (await stockedVariant(40, offset)).id, email, own);
  expect(await couponOutcome(who, basketId, code)).toBe('applied');
  const reviewed = await review(who, basketId);
  expect(reviewed.cart.couponItems).toEqual([{ code, applied: true }]);
  reviewedDiscount.set(basketId, reviewed.cart.totals.totalDiscount);
  return basketId;
}

describe('a redemption limit', () => {
  it('gives exactly one discounted order of 12 placed at once; the others are refused and lose the code', { timeout: 60_000 }, async () => {
    const shoppers = Array.from({ length: 12 }, guest);
    const baskets = await Promise.all(shoppers.map((who, i) => couponBasket(who, LIMITED, `limit-${i}@example.com`, 60)));
    const outcomes = await Promise.all(shoppers.map((who, i) => orderOutcome(who, baskets[i] as string)));
    const placed = outcomes.filter((outcome) => outcome.orderNumber);
    expect(placed).toHaveLength(1);
    expect(await couponsOf(placed[0]?.orderNumber as string)).toEqual([LIMITED]);
    expect(outcomes.filter((outcome) => outcome.refused === 'PRM140')).toHaveLength(11);
    expect(await one('SELECT redemptions FROM promotions WHERE id = ?1', `US-${LIMITED}`)).toEqual({ redemptions: 1 });
    const index = outcomes.findIndex((outcome) => outcome.refused);
    const refusedBasket = baskets[index] as string;
    const again = await review(shoppers[index] as ReturnType<typeof shopper>, refusedBasket);
    expect(again.cart.couponItems).toEqual([]);
    // Half off was the code's: reviewed again, the basket pays full price.
    expect(again.cart.totals.totalDiscount).toBeLessThan(reviewedDiscount.get(refusedBasket) as number);
  });
});

describe('a once-per-customer code', () => {
  it('is once per email for guests, whatever its case, also for 6 orders at once', { timeout: 60_000 }, async () => {
    const [first, second, third] = [guest(), guest(), guest()];
    const basketId = await couponBasket(first, 'WELCOME10', 'maya.hill@example.com', 61);
    const secondBasket = await couponBasket(second, 'WELCOME10', 'Maya.Hill+shoes@Example.com', 61);
    expect((await orderOutcome(first, basketId)).orderNumber).toBeTruthy();
    expect(await orderOutcome(second, secondBasket)).toEqual({ refused: 'PRM150' });
    expect((await review(second, secondBasket)).cart.couponItems).toEqual([]);
    // A third try with the same email is told when the code is applied.
    const thirdBasket = await readyBasket(third, (await stockedVariant(40, 61)).id, 'MAYA.HILL@example.com');
    expect(await couponOutcome(third, thirdBasket, 'WELCOME10')).toBe('PRM150');

    const six = Array.from({ length: 6 }, guest);
    const baskets = await Promise.all(six.map((who) => couponBasket(who, 'WELCOME10', 'sam.ridge@example.com', 62)));
    const outcomes = await Promise.all(six.map((who, i) => orderOutcome(who, baskets[i] as string)));
    expect(outcomes.filter((outcome) => outcome.orderNumber)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.refused === 'PRM150')).toHaveLength(5);
  });

  it('counts a member’s email used as a guest as that member', async () => {
    // Ana redeemed WELCOME10 with her account (seeded).
    const told = guest();
    const toldBasket = await readyBasket(told, (await stockedVariant(40, 63)).id, 'ana@cairn.test');
    expect(await couponOutcome(told, toldBasket, 'WELCOME10')).toBe('PRM150');
    // The email given only after the code: the order's batch still knows her.
    const late = guest();
    const lateBasket = await couponBasket(late, 'WELCOME10', 'someone.new@example.com', 63);
    await setShippingAddress(deps, late, DEFAULT_LOCALE, lateBasket, { ...US_ADDRESS, email: 'Ana@Cairn.test' });
    await setBillingAddress(deps, late, lateBasket, { ...US_ADDRESS, email: 'Ana@Cairn.test' });
    await review(late, lateBasket);
    expect(await orderOutcome(late, lateBasket)).toEqual({ refused: 'PRM150' });
  });

  it('is once per signed-in customer, also for 6 of their baskets placed at once', { timeout: 60_000 }, async () => {
    const will = shopper('198.19.6.1', await consumerNoOf('will.wranx@cairn.test'));
    const baskets = await Promise.all(Array.from({ length: 6 }, () => couponBasket(will, 'WELCOME10', 'will.wranx@cairn.test', 64, true)));
    const outcomes = await Promise.all(baskets.map((basketId) => orderOutcome(will, basketId)));
    expect(outcomes.filter((outcome) => outcome.orderNumber)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.refused === 'PRM150')).toHaveLength(5);
    // And as a guest with his email afterwards, still Will.
    const asGuest = guest();
    const guestBasket = await readyBasket(asGuest, (await stockedVariant(40, 65)).id, 'will.wranx@cairn.test');
    expect(await couponOutcome(asGuest, guestBasket, 'WELCOME10')).toBe('PRM150');
  });
});

describe('an Idempotency-Key', () => {
  it('used by another session is refused at once, and never takes that session’s order', { timeout: 30_000 }, async () => {
    const key = 'attack-key-rules-0123456789';
    const owner = guest();
    const own = await readyBasket(owner, (await stockedVariant(10, 66)).id, 'owner@example.com');
    await review(owner, own);
    const first = await orderOutcome(owner, own, key);
    expect(first.orderNumber).toBeTruthy();
    const other = guest();
    const theirs = await readyBasket(other, (await stockedVariant(10, 67)).id, 'other@example.com');
    await review(other, theirs);
    expect(await orderOutcome(other, theirs, key)).toEqual({ refused: 'IDEM409' });
    expect(await one('SELECT COUNT(*) AS n FROM orders WHERE basket_id = ?1', theirs)).toEqual({ n: 0 });
    expect(await orderOutcome(owner, own, key)).toEqual(first);
  });
});
