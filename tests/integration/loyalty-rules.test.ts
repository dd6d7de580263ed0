// The loyalty programme's rules on its service (commerce-core §7), without HTTP against the real D1: a
// referral credits the friend whose code it is once, whatever arrives at the same moment, and only for a
// member who joined within the window; a paid order earns its points once, however often its payment is
// confirmed at the same moment. What the pages and the token call answer is loyalty.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { earnStatements } from '../../src/worker/commerce/loyalty/points.ts';
import { applyReferral, memberOf, REFERRAL_POINTS, REFERRAL_WINDOW_DAYS, referralCodeOf } from '../../src/worker/commerce/loyalty/programme.ts';
import { stockedVariant } from './checkout-helpers.ts';
import { member, placedOrder, pointsOf, readyBasket, review } from './checkout-services.ts';
import { consumerNoOf, one } from './helpers.ts';

const DAY = 86_400_000;

/** Leo's referral code, and Will as a member who joined `daysAgo` before `now`. */
async function referral(now: Date, daysAgo: number) {
  const [leo, will] = await Promise.all([consumerNoOf('leo.loyalty@cairn.test'), consumerNoOf('will.wranx@cairn.test')]);
  await env.DB.prepare("UPDATE consumers SET member_id = COALESCE(member_id, 'M-WILL'), loyalty_opt_in_date = ?2 WHERE consumer_no = ?1")
    .bind(will, new Date(now.getTime() - daysAgo * DAY).toISOString())
    .run();
  return { leo, will, code: await referralCodeOf(env.DB, leo), member: await memberOf(env.DB, will) };
}

describe('a referral', () => {
  it('credits the friend once when 12 arrive at the same moment', async () => {
    const now = new Date();
    const { leo, code, member } = await referral(now, 1);
    const before = await pointsOf(leo);

    // The same millisecond for all: requests that arrive together read the same clock.
    const credited = await Promise.all(Array.from({ length: 12 }, () => applyReferral(env.DB, member, code, 'spring-mail', now)));

    expect(credited.filter(Boolean)).toHaveLength(1);
    expect(await pointsOf(leo)).toBe(before + REFERRAL_POINTS);
    const ledger = await env.DB.prepare("SELECT COUNT(*) AS n FROM loyalty_transactions WHERE consumer_no = ?1 AND kind = 'referral'")
      .bind(leo)
      .first<{ n: number }>();
    expect(ledger?.n).toBe(1);
  });

  it('credits nobody for a member who joined before the window, or for their own code', async () => {
    const now = new Date();
    const { leo, will, code, member } = await referral(now, REFERRAL_WINDOW_DAYS + 1);
    const before = await pointsOf(leo);
    expect(await applyReferral(env.DB, member, code, null, now)).toBe(false);
    const own = await referralCodeOf(env.DB, will);
    expect(await applyReferral(env.DB, { ...member, joinedAt: now.toISOString() }, own, null, now)).toBe(false);
    expect(await pointsOf(leo)).toBe(before);
  });
});

describe('an order’s points', () => {
  it('are earned once when its payment is confirmed twice in the same millisecond', async () => {
    const leo = await member('leo.loyalty@cairn.test', '198.19.22.1');
    const variant = await stockedVariant(5, 72);
    const basketId = await readyBasket(leo, variant.id, 'leo.loyalty@cairn.test');
    await review(leo, basketId);
    const { orderNumber } = await placedOrder(leo, basketId);
    const consumerNo = leo.claims.consumerNo as string;
    const earned = await one<{ n: number }>('SELECT points_earned AS n FROM orders WHERE order_number = ?1', orderNumber);
    expect(earned.n).toBeGreaterThan(0);
    // As before the payment was confirmed: nothing earned yet.
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET points_earned = 0 WHERE order_number = ?1').bind(orderNumber),
      env.DB.prepare('UPDATE consumers SET loyalty_points = loyalty_points - ?2 WHERE consumer_no = ?1').bind(consumerNo, earned.n),
      env.DB.prepare("DELETE FROM loyalty_transactions WHERE order_number = ?1 AND kind = 'earned'").bind(orderNumber),
    ]);
    const before = await pointsOf(consumerNo);

    const now = new Date().toISOString();
    await Promise.all([env.DB.batch(earnStatements(env.DB, orderNumber, consumerNo, now)), env.DB.batch(earnStatements(env.DB, orderNumber, consumerNo, now))]);

    expect(await pointsOf(consumerNo)).toBe(before + earned.n);
    expect(await one("SELECT COUNT(*) AS n FROM loyalty_transactions WHERE order_number = ?1 AND kind = 'earned'", orderNumber)).toEqual({ n: 1 });
  });
});
