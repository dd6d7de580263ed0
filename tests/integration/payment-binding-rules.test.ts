// What is authorized or debited is what the review step showed, or the order is refused (the
// money-and-trust issue, §1), held by the order service without HTTP against the real D1, Cart objects and
// the sandbox processor: a basket grown after its review, one never reviewed, ten orders racing to spend
// one gift card, loyalty points spent elsewhere, and a split between a gift card and a card. Wallet
// sessions, which cross the processor's pages, and what the order call answers are payment-binding.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { applyGiftCard, applyReward } from '../../src/worker/commerce/cart/instruments.ts';
import { setLineQuantity } from '../../src/worker/commerce/cart/lines.ts';
import { authorizationsFor, stockedVariant } from './checkout-helpers.ts';
import { deps, guestsAt, linesOf, orderOutcome, placedOrder, readyBasket, review, shopper } from './checkout-services.ts';
import { demoCard } from './gift-card-helpers.ts';
import { one } from './helpers.ts';

const guest = guestsAt('198.19.7.');
const totalsOf = async (who: ReturnType<typeof shopper>, basketId: string) => (await review(who, basketId)).cart.totals;
const paidOrdersOf = async (basketId: string) =>
  (await env.DB.prepare("SELECT order_number FROM orders WHERE basket_id = ?1 AND status NOT IN ('failed', 'placing')").bind(basketId).all()).results;

describe('what is authorized or debited is what the review step showed', () => {
  it('card: a basket that grew after the review is refused; reviewed again, it pays the new total', async () => {
    const who = guest();
    const basketId = await readyBasket(who, (await stockedVariant(10, 36)).id, 'grown@example.com');
    const shown = await totalsOf(who, basketId);
    const [line] = await linesOf(who, basketId);
    await setLineQuantity(deps, who, DEFAULT_LOCALE, basketId, line?.id as string, 3);
    expect(await orderOutcome(who, basketId)).toEqual({ refused: 'CHK409' });
    expect(await paidOrdersOf(basketId)).toEqual([]);
    const reviewed = await totalsOf(who, basketId);
    expect(reviewed.remainingToPay).toBeGreaterThan(shown.remainingToPay);
    const placed = await placedOrder(who, basketId);
    expect(await authorizationsFor(placed.orderNumber)).toEqual([expect.objectContaining({ amount: reviewed.remainingToPay })]);
  });

  it('card: an order never placed from a review is refused until it is reviewed', async () => {
    const who = guest();
    const basketId = await readyBasket(who, (await stockedVariant(10, 37)).id, 'unreviewed@example.com');
    expect(await orderOutcome(who, basketId)).toEqual({ refused: 'CHK409' });
    const shown = await totalsOf(who, basketId);
    expect((await placedOrder(who, basketId)).order.totals.total).toBe(shown.total);
  });

  it('gift card: of 10 orders racing to spend one card, one spends it; the others are refused and re-priced, never charged more', async () => {
    const card = demoCard('0001');
    const variant = await stockedVariant(30, 38);
    const baskets: { who: ReturnType<typeof shopper>; basketId: string; shown: { total: number; remainingToPay: number } }[] = [];
    for (let i = 0; i < 10; i++) {
      const who = guest();
      const basketId = await readyBasket(who, variant.id, `racer-${i}@example.com`, false, 2);
      await applyGiftCard(deps, who, basketId, card);
      const shown = await totalsOf(who, basketId);
      expect(shown.total - shown.remainingToPay).toBe(10_000);
      baskets.push({ who, basketId, shown });
    }
    const outcomes = await Promise.all(baskets.map(({ who, basketId }) => orderOutcome(who, basketId)));
    expect(outcomes.filter((outcome) => outcome.orderNumber)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.refused === 'GFC740')).toHaveLength(9);
    // Every authorization is exactly the amount its shopper was shown, and only the placed order has one.
    for (const [i, outcome] of outcomes.entries()) {
      const basket = baskets[i] as (typeof baskets)[number];
      if (outcome.orderNumber) expect(await authorizationsFor(outcome.orderNumber)).toEqual([expect.objectContaining({ amount: basket.shown.remainingToPay })]);
      else expect(await paidOrdersOf(basket.basketId)).toEqual([]);
    }
    expect(await one("SELECT balance FROM gift_cards WHERE last4 = '0001'")).toEqual({ balance: 0 });
    // A refused shopper's basket now says what the card pays: nothing, so the rest is theirs to pay.
    const refused = baskets[outcomes.findIndex((outcome) => outcome.refused)] as (typeof baskets)[number];
    const repriced = await totalsOf(refused.who, refused.basketId);
    expect(repriced.remainingToPay).toBe(repriced.total);
  });

  it('loyalty points: points spent elsewhere after the review refuse the order', async () => {
    const leo = shopper('198.19.8.1', 'C1000000002');
    const basketId = await readyBasket(leo, (await stockedVariant(10, 39)).id, 'leo.loyalty@cairn.test');
    await applyReward(deps, leo, DEFAULT_LOCALE, basketId, 500);
    const shown = await totalsOf(leo, basketId);
    expect(shown.total - shown.remainingToPay).toBeGreaterThan(0);
    // Another device of Leo's spends the points meanwhile.
    await env.DB.prepare("UPDATE consumers SET loyalty_points = 100 WHERE consumer_no = 'C1000000002'").run();
    expect(await orderOutcome(leo, basketId)).toEqual({ refused: 'REW140' });
    expect(await paidOrdersOf(basketId)).toEqual([]);
    expect(await one("SELECT loyalty_points FROM consumers WHERE consumer_no = 'C1000000002'")).toEqual({ loyalty_points: 100 });
  });

  it('split: the gift card is debited and the card authorized exactly as the review showed', async () => {
    const who = guest();
    const basketId = await readyBasket(who, (await stockedVariant(10, 40)).id, 'split@example.com', false, 2);
    await applyGiftCard(deps, who, basketId, demoCard('0002'));
    const shown = await totalsOf(who, basketId);
    const placed = await placedOrder(who, basketId);
    expect(placed.order.paymentMethod).toEqual([
      expect.objectContaining({ code: 'GIFT_CARD', amount: shown.total - shown.remainingToPay, status: 'debited' }),
      expect.objectContaining({ code: 'CREDIT_CARD', amount: shown.remainingToPay, status: 'authorized' }),
    ]);
    expect(await authorizationsFor(placed.orderNumber)).toEqual([expect.objectContaining({ amount: shown.remainingToPay })]);
  });
});
