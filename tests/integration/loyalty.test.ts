// Loyalty vouchers (the cart issue, §3): the vouchers a member may take from their points, applied to the
// cart through the reward call, what is left to pay, and every REW refusal.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LOYALTY_MIN_POINTS } from '../../src/shared/commerce-config.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

const member = signedInJar;

async function cartOf(jar: Jar): Promise<{ basketId: string; total: number }> {
  const variant = await one<{ id: string }>(
    `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     WHERE i.quantity > 2 AND COALESCE(pr.sale_amount, pr.list_amount) > 3000 ORDER BY v.id LIMIT 1`,
  );
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id });
  return { basketId, total: added.body.totals.total as number };
}

describe('loyalty vouchers', () => {
  it('list what a member’s points buy, amounts without fraction digits', async () => {
    const jar = await member('leo.loyalty@cairn.test', '203.0.113.81');
    const vouchers = await jar.api('GET', '/api/consumers-v3/consumer/loyalty/vouchers');
    expect(vouchers.status).toBe(200);
    expect(vouchers.body).toMatchObject({ currentLoyaltyPoints: 1250, minimumPoints: LOYALTY_MIN_POINTS });
    expect(vouchers.body.applicableLoyaltyVouchers.slice(0, 3)).toEqual([
      { points: 500, amount: 500, amountInCurrency: '$5', available: true, eligible: true },
      { points: 1000, amount: 1000, amountInCurrency: '$10', available: true, eligible: true },
      { points: 2000, amount: 2500, amountInCurrency: '$25', available: false, eligible: true },
    ]);
    expect(vouchers.body.benefits).toContain('freeShipping');
    // In Germany the benefits leave out free shipping.
    const de = await jar.api('GET', '/api/consumers-v3/consumer/loyalty/vouchers', undefined, { 'x-locale': 'de-de' });
    expect(de.body.benefits).not.toContain('freeShipping');
    expect(de.body.applicableLoyaltyVouchers[0].amountInCurrency).toBe('5\u00a0€');
  });

  it('pay part of the cart through the reward call, and come off again', async () => {
    const jar = await member('leo.loyalty@cairn.test', '203.0.113.82');
    const { basketId, total } = await cartOf(jar);
    const applied = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: { points: 1000 } });
    expect(applied.status).toBe(200);
    expect(applied.body.totals.appliedRewards).toEqual([{ type: 'LOYALTY_VOUCHER', points: 1000, amount: 1000 }]);
    expect(applied.body.totals.remainingToPay).toBe(total - 1000);
    const tooMany = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: { points: 2000 } });
    expect([tooMany.status, tooMany.body.errorId]).toEqual([409, 'REW140']);
    const notAVoucher = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: { points: 750 } });
    expect([notAVoucher.status, notAVoucher.body.details[0].field]).toEqual([400, 'appliedLoyaltyVoucher']);
    const removed = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: null });
    expect(removed.body.totals).toMatchObject({ appliedRewards: [], remainingToPay: total });
  });

  it('are refused to a guest, a non-member and an unconfirmed member', async () => {
    const guest = new Jar();
    const guestCart = await cartOf(guest);
    const asGuest = await guest.api('PUT', `/api/cart/v1/cart/${guestCart.basketId}/reward`, { appliedLoyaltyVoucher: { points: 500 } });
    expect([asGuest.status, asGuest.body.errorId]).toEqual([401, 'REW401']);
    expect((await guest.api('GET', '/api/consumers-v3/consumer/loyalty/vouchers')).body.errorId).toBe('REW401');

    const shopper = await member('ana@cairn.test', '203.0.113.83');
    const { basketId } = await cartOf(shopper);
    const notMember = await shopper.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: { points: 500 } });
    expect([notMember.status, notMember.body.errorId]).toEqual([403, 'REW130']);

    await env.DB.prepare("UPDATE consumers SET loyalty_opt_in_date = NULL WHERE email = 'leo.loyalty@cairn.test'").run();
    try {
      const unconfirmed = await member('leo.loyalty@cairn.test', '203.0.113.84');
      const cart = await cartOf(unconfirmed);
      const refused = await unconfirmed.api('PUT', `/api/cart/v1/cart/${cart.basketId}/reward`, { appliedLoyaltyVoucher: { points: 500 } });
      expect([refused.status, refused.body.errorId]).toEqual([403, 'REW135']);
      const listed = await unconfirmed.api('GET', '/api/consumers-v3/consumer/loyalty/vouchers');
      expect(listed.body.applicableLoyaltyVouchers.every((v: { eligible: boolean }) => !v.eligible)).toBe(true);
    } finally {
      await env.DB.prepare("UPDATE consumers SET loyalty_opt_in_date = '2026-03-01' WHERE email = 'leo.loyalty@cairn.test'").run();
    }
  });
});

describe('rewards on the cart page', () => {
  it('offer a member the vouchers their points buy, and apply one with a plain form', async () => {
    const jar = await member('leo.loyalty@cairn.test', '203.0.113.85');
    await cartOf(jar);
    let { html } = await jar.get('/en-us/cart');
    expect(html).toMatch(/You have (<!-- -->)?1,250(<!-- -->)? points\./);
    expect(html).toContain('value="1000"');
    expect(html).not.toContain('value="2000"');
    expect((await jar.post('/en-us/cart/reward', { points: '1000' })).status).toBe(303);
    ({ html } = await jar.get('/en-us/cart'));
    expect(html).toMatch(/Reward \((<!-- -->)?1000(<!-- -->)? points\)/);
    expect(html).toContain('Left to pay');
    expect((await jar.post('/en-us/cart/reward', { points: '' })).status).toBe(303);
    expect((await jar.get('/en-us/cart')).html).not.toContain('Left to pay');
  });

  it('are not offered to a guest', async () => {
    const guest = new Jar();
    await cartOf(guest);
    expect((await guest.get('/en-us/cart')).html).not.toContain('Your rewards');
  });
});

describe('reward codes and cards on the cart page', () => {
  it("list the member's own, apply one chosen or typed with plain forms, and say a refusal at the field", async () => {
    const jar = await member('leo.loyalty@cairn.test', '203.0.113.86');
    await cartOf(jar);
    let { html } = await jar.get('/en-us/cart');
    expect(html).toContain('Reward codes and cards');
    expect(html).toMatch(/Birthday reward(<!-- -->)? (<!-- -->)?•••• BDAY(<!-- -->)?: (<!-- -->)?\$10</);
    expect(html).not.toContain('SPNG'); // expired: not offered
    const wrong = await jar.post('/en-us/cart/reward-instrument', { code: 'RWD-ANA1-GIFT' });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain('This reward code or reward card is not on your account.');
    expect((await jar.post('/en-us/cart/reward-instrument', { reward: 'REWARD_CARD:rw-demo-4' })).status).toBe(303);
    ({ html } = await jar.get('/en-us/cart'));
    expect(html).toMatch(/Reward card (<!-- -->)?•••• 0101/);
    expect(html).toContain('Left to pay');
    const instrumentId = /action="\/en-us\/cart\/reward-instrument\/([\w-]+)\/remove"/.exec(html)?.[1] ?? '';
    expect((await jar.post(`/en-us/cart/reward-instrument/${instrumentId}/remove`, {})).status).toBe(303);
    expect((await jar.post('/en-us/cart/reward-instrument', { code: 'rwd-leo1-bday' })).status).toBe(303);
    ({ html } = await jar.get('/en-us/cart'));
    expect(html).toMatch(/Reward code (<!-- -->)?•••• BDAY/);
    const again = /action="\/en-us\/cart\/reward-instrument\/([\w-]+)\/remove"/.exec(html)?.[1] ?? '';
    expect((await jar.post(`/en-us/cart/reward-instrument/${again}/remove`, {})).status).toBe(303);
  });
});
