// The athlete allowance as the order service spends it (the checkout issue, §2; commerce-core §3
// ATHLETES_PAYMENT, §5), without HTTP against the real D1 and Cart objects: it pays first, and orders placed
// at the same moment never spend more of it than the year's credit, whatever each review showed. What the
// cart and order calls answer for it is athlete-payment.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { setAthletePayment } from '../../src/worker/commerce/cart/instruments.ts';
import { stockedVariant } from './checkout-helpers.ts';
import { deps, member, orderOutcome, readyBasket, review } from './checkout-services.ts';
import { one } from './helpers.ts';

const ADA = 'ada.athlete@cairn.test';
const allowance = () =>
  one<{ spend: number; credit: number }>('SELECT athlete_current_spend AS spend, athlete_annual_credit AS credit FROM consumers WHERE email = ?1', ADA);

describe('the athlete allowance', () => {
  it('is never spent past the year’s credit by 6 orders placed at once, each showing what was left', { timeout: 60_000 }, async () => {
    const ada = await member(ADA, '198.19.18.1');
    const variant = await stockedVariant(20, 68);
    // Late in her year: 200.00 left, less than the six baskets together.
    await env.DB.prepare('UPDATE consumers SET athlete_current_spend = athlete_annual_credit - 20000 WHERE email = ?1').bind(ADA).run();
    const before = await allowance();
    const baskets: { basketId: string; paid: number }[] = [];
    for (let i = 0; i < 6; i++) {
      // A basket of its own for each, as the product page's wallet button makes, all Ada's.
      const basketId = await readyBasket(ada, variant.id, ADA, true);
      await setAthletePayment(deps, ada, basketId, true);
      const shown = (await review(ada, basketId)).cart.totals;
      baskets.push({ basketId, paid: shown.total - shown.remainingToPay });
    }
    const left = before.credit - before.spend;
    // Each review showed the allowance paying its whole basket: together they ask for more than is left.
    expect(baskets.every((basket) => basket.paid > 0)).toBe(true);
    const asked = baskets.reduce((sum, basket) => sum + basket.paid, 0);
    expect(asked).toBeGreaterThan(left);

    const outcomes = await Promise.all(baskets.map(({ basketId }) => orderOutcome(ada, basketId)));
    const placed = outcomes.filter((outcome) => outcome.orderNumber);
    const after = await allowance();
    expect(after.spend).toBeLessThanOrEqual(after.credit);
    expect(after.spend - before.spend).toBe(baskets.filter((_basket, i) => outcomes[i]?.orderNumber).reduce((sum, basket) => sum + basket.paid, 0));
    expect(placed.length).toBeGreaterThan(0);
    expect(outcomes.filter((outcome) => outcome.refused)).toEqual(Array.from({ length: 6 - placed.length }, () => ({ refused: 'CHK409' })));
    const paid = await env.DB.prepare(
      "SELECT COALESCE(SUM(p.amount), 0) AS n FROM order_payments p JOIN orders o ON o.order_number = p.order_number WHERE p.method = 'ATHLETES_PAYMENT' AND o.consumer_no = ?1 AND o.status NOT IN ('failed', 'placing')",
    )
      .bind(ada.claims.consumerNo)
      .first<{ n: number }>();
    expect(paid?.n).toBe(after.spend - before.spend);
  });
});
