// The athlete allowance as a tender (the checkout issue, §2; commerce-core §3 ATHLETES_PAYMENT, §5): an athlete's
// yearly allowance pays first, says what is left (remainingAmount) and what it could pay (payableAmount);
// rewards wait until it is used up; the order counts against it, and only athletes may use it.

import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

const ADA = 'ada.athlete@cairn.test';

describe('the athlete allowance', () => {
  // Ada is an athlete with 1,080.00 of her 1,500.00 left; here she is a loyalty member with points too.
  beforeAll(async () => {
    await env.DB.prepare("UPDATE consumers SET member_id = 'M0000000042', loyalty_opt_in_date = '2026-01-01', loyalty_points = 1200 WHERE email = ?1")
      .bind(ADA)
      .run();
  });
  afterAll(async () => {
    await env.DB.prepare(
      'UPDATE consumers SET member_id = NULL, loyalty_opt_in_date = NULL, loyalty_points = 0, athlete_current_spend = 42000 WHERE email = ?1',
    )
      .bind(ADA)
      .run();
  });

  it('pays first, keeps rewards until it is used up, and counts the order against it', async () => {
    const jar = await signedInJar(ADA, '198.19.9.1');
    const variant = await stockedVariant(5, 5);
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
    const total = added.body.totals.total as number;
    const methods = await jar.api('GET', `/api/cart/v1/cart/${basketId}/paymentMethods`);
    expect(methods.body.paymentMethods).toContainEqual({
      id: 'ATHLETES_PAYMENT',
      name: 'Athlete allowance',
      additionalData: { remainingAmount: 108_000, payableAmount: Math.min(108_000, total) },
    });
    const reward = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: { points: 500 } });
    expect([reward.status, reward.body.errorId]).toEqual([409, 'API409']);

    const paying = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'ATHLETES_PAYMENT' });
    expect(paying.body.athletePayment).toEqual({ applied: Math.min(108_000, total), remainingAmount: 108_000, payableAmount: Math.min(108_000, total) });
    expect(paying.body.totals.remainingToPay).toBe(Math.max(0, total - 108_000));
    await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [US_ADDRESS]);
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: ADA });
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    expect(placed.body.paymentMethod).toContainEqual(expect.objectContaining({ code: 'ATHLETES_PAYMENT', amount: Math.min(108_000, total) }));
    expect(await one('SELECT athlete_current_spend AS spend FROM consumers WHERE email = ?1', ADA)).toEqual({ spend: 42_000 + Math.min(108_000, total) });
  });

  it('is refused once used up, when rewards may pay; and to anyone who is not an athlete', async () => {
    await env.DB.prepare('UPDATE consumers SET athlete_current_spend = athlete_annual_credit WHERE email = ?1').bind(ADA).run();
    const jar = await signedInJar(ADA, '198.19.9.2');
    const variant = await stockedVariant(5, 6);
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
    const usedUp = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'ATHLETES_PAYMENT' });
    expect([usedUp.status, usedUp.body.message]).toEqual([409, 'Your athlete allowance for this year is used up.']);
    const reward = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: { points: 500 } });
    expect(reward.status).toBe(200);
    expect(reward.body.totals.appliedRewards).toEqual([expect.objectContaining({ points: 500 })]);

    const guest = new Jar();
    guest.address = '198.19.9.3';
    const guestBasket = (await guest.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const refused = await guest.api('POST', `/api/cart/v1/cart/${guestBasket}/paymentInstruments`, { payment_method_id: 'ATHLETES_PAYMENT' });
    expect([refused.status, refused.body.errorId]).toEqual([403, 'API403']);
  });
});
