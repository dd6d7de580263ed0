// The employee discount's yearly allowance as the order service keeps it (commerce-core §6), without HTTP
// against the real D1 and Cart objects: an order counts toward the allowance as it is written, so orders
// placed at the same moment cannot all take the discount once the first has used the allowance up; an order
// that fails or is cancelled gives its count back. What the cart shows for it is employee-discount.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { setCardPayment } from '../../src/worker/commerce/checkout/payment.ts';
import { cancelOrder } from '../../src/worker/commerce/orders/cancel.ts';
import { cardToken, stockedVariant } from './checkout-helpers.ts';
import { deps, member, orderOutcome, readyBasket, review } from './checkout-services.ts';
import { one } from './helpers.ts';

const EVE = 'eve.employee@cairn.test';
const spendOf = async () => (await one<{ spend: number }>('SELECT employee_current_spend AS spend FROM consumers WHERE email = ?1', EVE)).spend;
const STAFF = 'US-STAFF40';
const discounted = (cart: { orderPromotions: { promotionId: string }[] }) => cart.orderPromotions.some((p) => p.promotionId === STAFF);

/** Eve with the terms accepted and `left` of her allowance to go. */
async function eveWith(left: number) {
  await env.DB.prepare(
    "UPDATE consumers SET employee_terms_accepted_at = '2026-01-05T09:00:00Z', employee_current_spend = employee_annual_cap - ?2 WHERE email = ?1",
  )
    .bind(EVE, left)
    .run();
  return member(EVE, '198.19.21.1');
}

describe('the employee allowance', () => {
  it('gives the discount to only one of 6 orders placed at once when the first uses the allowance up', { timeout: 60_000 }, async () => {
    const eve = await eveWith(100);
    const variant = await stockedVariant(20, 69);
    const baskets: string[] = [];
    for (let i = 0; i < 6; i++) {
      const basketId = await readyBasket(eve, variant.id, EVE, true);
      // Every review shows the discount: 1.00 of the allowance is left when each is made.
      expect(discounted((await review(eve, basketId)).cart)).toBe(true);
      baskets.push(basketId);
    }
    const before = await spendOf();

    const outcomes = await Promise.all(baskets.map((basketId) => orderOutcome(eve, basketId)));

    const placed = outcomes.filter((outcome) => outcome.orderNumber);
    expect(placed).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.refused)).toEqual(Array.from({ length: 5 }, () => ({ refused: 'CHK409' })));
    const order = await one<{ total: number }>("SELECT json_extract(totals, '$.total') AS total FROM orders WHERE order_number = ?1", placed[0]?.orderNumber);
    expect(await spendOf()).toBe(before + order.total);
    // A refused basket, reviewed again, shows the price without the discount and the reason.
    const again = (await review(eve, baskets[outcomes.findIndex((outcome) => outcome.refused)] as string)).cart;
    expect(discounted(again)).toBe(false);
    expect(again.flash.map((f) => f.type)).toContain('EmployeeAllowanceUsed');
  });

  it('counts an order as it is written, and a cancelled order no longer counts', async () => {
    const eve = await eveWith(50_000);
    const variant = await stockedVariant(5, 70);
    const basketId = await readyBasket(eve, variant.id, EVE);
    expect(discounted((await review(eve, basketId)).cart)).toBe(true);
    const before = await spendOf();
    const outcome = await orderOutcome(eve, basketId);
    const order = await one<{ total: number }>("SELECT json_extract(totals, '$.total') AS total FROM orders WHERE order_number = ?1", outcome.orderNumber);
    expect(await spendOf()).toBe(before + order.total);

    await cancelOrder(deps, eve, eve.claims.consumerNo as string, outcome.orderNumber as string);
    expect(await spendOf()).toBe(before);
  });

  it('gives back what a declined order counted', async () => {
    const eve = await eveWith(50_000);
    const variant = await stockedVariant(5, 71);
    const basketId = await readyBasket(eve, variant.id, EVE);
    await setCardPayment(deps, eve, basketId, { token: await cardToken('4000000000000002'), save: false });
    await review(eve, basketId);
    const before = await spendOf();
    expect(await orderOutcome(eve, basketId)).toEqual({ refused: 'PAY400' });
    expect(await spendOf()).toBe(before);
  });
});
