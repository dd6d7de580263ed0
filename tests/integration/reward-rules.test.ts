// Rewards at the order as the order service spends them (the checkout issue §2 split tenders; commerce-core
// §3, §5), without HTTP against the real D1, Cart objects and the sandbox processor: loyalty points, a
// reward code and a card split one order, nothing is spent when the card is declined and each exactly what
// the review showed when it is taken; and one reward card pays only one of two orders placed at once. Applying
// rewards and what the calls answer is reward-instruments.test.ts.

import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { applyReward } from '../../src/worker/commerce/cart/instruments.ts';
import { applyRewardInstrument } from '../../src/worker/commerce/cart/reward-instruments.ts';
import { setCardPayment } from '../../src/worker/commerce/checkout/payment.ts';
import { cardToken, stockedVariant } from './checkout-helpers.ts';
import { deps, member, orderOutcome, placedOrder, readyBasket, review } from './checkout-services.ts';
import { one } from './helpers.ts';

const LEO = 'leo.loyalty@cairn.test';
const balanceOf = async (id: string) => (await one<{ balance: number }>('SELECT balance FROM gift_cards WHERE id = ?1', id)).balance;
const pointsOf = async () => (await one<{ points: number }>('SELECT loyalty_points AS points FROM consumers WHERE email = ?1', LEO)).points;

describe('rewards at the order', () => {
  it('split an order with points, a reward code and a card: nothing spent on a decline, exactly what was shown on success', async () => {
    const leo = await member(LEO, '198.19.19.1');
    const basketId = await readyBasket(leo, (await stockedVariant(5, 34)).id, LEO);
    await applyReward(deps, leo, DEFAULT_LOCALE, basketId, 500);
    await applyRewardInstrument(deps, leo, DEFAULT_LOCALE, basketId, { kind: 'REWARD_CODE', rewardId: 'rw-demo-1' });
    const pointsBefore = await pointsOf();

    await setCardPayment(deps, leo, basketId, { token: await cardToken('4000000000000002'), save: false });
    await review(leo, basketId);
    expect(await orderOutcome(leo, basketId)).toEqual({ refused: 'PAY400' });
    expect([await balanceOf('rw-demo-1'), await pointsOf()]).toEqual([1000, pointsBefore]);

    await setCardPayment(deps, leo, basketId, { token: await cardToken('4242424242424242'), save: false });
    const shown = (await review(leo, basketId)).cart.totals;
    expect(shown.remainingToPay).toBe(shown.total - 1500);
    const placed = await placedOrder(leo, basketId);
    expect(placed.order.paymentMethod).toEqual([
      expect.objectContaining({ code: 'LOYALTY_POINTS', amount: 500, status: 'debited' }),
      expect.objectContaining({ code: 'REWARD_CODE', amount: 1000, status: 'debited' }),
      expect.objectContaining({ code: 'CREDIT_CARD', amount: shown.remainingToPay, status: 'authorized' }),
    ]);
    expect(await balanceOf('rw-demo-1')).toBe(0);
    // The points spent come off; the order earns a point per dollar of what was not paid in points or rewards.
    expect(await pointsOf()).toBe(pointsBefore - 500 + Math.floor(shown.remainingToPay / 100));
  });

  it('pays only one of two orders placed at once with the same reward', async () => {
    const leo = await member(LEO, '198.19.19.2');
    const variant = await stockedVariant(10, 35);
    const baskets: string[] = [];
    let shownPaid = 0;
    for (let i = 0; i < 2; i++) {
      const basketId = await readyBasket(leo, variant.id, LEO, true);
      await applyRewardInstrument(deps, leo, DEFAULT_LOCALE, basketId, { kind: 'REWARD_CARD', rewardId: 'rw-demo-4' });
      const shown = (await review(leo, basketId)).cart.totals;
      shownPaid += shown.total - shown.remainingToPay;
      baskets.push(basketId);
    }
    // Each review showed the card paying; together they ask for more than it holds.
    expect(shownPaid).toBeGreaterThan(await balanceOf('rw-demo-4'));
    const outcomes = await Promise.all(baskets.map((basketId) => orderOutcome(leo, basketId)));
    expect(outcomes.filter((outcome) => outcome.orderNumber)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.refused)).toEqual([{ refused: 'GFC740' }]);
    // The reward card paid its whole basket once (it holds 40.00), and never went below nothing.
    expect(await balanceOf('rw-demo-4')).toBeGreaterThanOrEqual(0);
    expect(4000 - (await balanceOf('rw-demo-4'))).toBe(
      (
        await one<{ n: number }>(
          "SELECT SUM(amount) AS n FROM order_payments WHERE method = 'REWARD_CARD' AND order_number = ?1",
          outcomes.find((o) => o.orderNumber)?.orderNumber,
        )
      ).n,
    );
  });
});
