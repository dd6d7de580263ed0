// Klarna's Pay in 3 (the checkout issue, §2: the buy-now-pay-later dialog): the plan for what is left to pay,
// worded and dated for the shopper, on the sites that offer Klarna; refused past its range (PAY400) before
// the shopper is sent to Klarna; and the cart's line about it.

import { describe, expect, it } from 'vitest';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';

async function gbBasket(jar: Jar, qty: number): Promise<string> {
  const variant = await one<{ id: string }>(
    `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'GB'
     WHERE i.quantity >= 40 AND COALESCE(pr.sale_amount, pr.list_amount) >= 5000 AND s.is_digital = 0 AND s.max_qty IS NULL AND s.is_presale = 0
     ORDER BY v.id LIMIT 1`,
  );
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {}, { 'x-locale': 'en-gb' })).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty }, { 'x-locale': 'en-gb' });
  expect(added.status).toBe(200);
  return basketId;
}

describe("Klarna's Pay in 3", () => {
  it('offers three payments 30 days apart that add up to what is left to pay, and says so in the cart', async () => {
    const jar = new Jar();
    jar.address = '198.19.7.1';
    const basketId = await gbBasket(jar, 1);
    const cart = await jar.api('GET', `/api/cart/v1/cart/${basketId}`, undefined, { 'x-locale': 'en-gb' });
    const offer = await jar.api('GET', `/api/cart/v1/cart/${basketId}/payLater`, undefined, { 'x-locale': 'en-gb' });
    expect(offer.status).toBe(200);
    expect(offer.body.eligible).toBe(true);
    const instalments = offer.body.instalments as { due: string; amount: number; display: { amount: string; due: string } }[];
    expect(instalments).toHaveLength(3);
    expect(instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(cart.body.totals.remainingToPay);
    expect(instalments[0]?.display.due).toBe('Today');
    expect(instalments[1]?.display.amount).toMatch(/^£/);
    const page = (await jar.get('/en-gb/cart')).html;
    expect(page).toContain(`Or 3 interest-free payments of ${instalments[1]?.display.amount} with Klarna.`);
    const klarna = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'KLARNA' }, { 'x-locale': 'en-gb' });
    expect(klarna.status).toBe(200);
  });

  it('refuses an order past its range before sending the shopper to Klarna, and is not offered in the US', async () => {
    const jar = new Jar();
    jar.address = '198.19.7.2';
    const basketId = await gbBasket(jar, 30);
    const offer = await jar.api('GET', `/api/cart/v1/cart/${basketId}/payLater`, undefined, { 'x-locale': 'en-gb' });
    expect(offer.body).toMatchObject({ eligible: false, reason: 'above', message: 'Klarna’s Pay in 3 is for orders from £30 to £1,000.' });
    const refused = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'KLARNA' }, { 'x-locale': 'en-gb' });
    expect([refused.status, refused.body.errorId, refused.body.message]).toEqual([402, 'PAY400', 'Klarna’s Pay in 3 is for orders from £30 to £1,000.']);
    expect((await jar.get('/en-gb/cart')).html).not.toContain('interest-free payments');

    const us = new Jar();
    us.address = '198.19.7.3';
    const usBasket = (await us.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    expect((await us.api('GET', `/api/cart/v1/cart/${usBasket}/payLater`)).body.errorId).toBe('API404');
  });
});
