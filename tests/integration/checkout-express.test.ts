// Express checkout (commerce-core §4): a registered shopper's first order leaves a default address and, if
// they ask, a saved card; the next one fills both in, says EXPRESS and goes straight to the review, where
// the saved card's security code is asked again.

import { expect, it } from 'vitest';
import { cardToken, cvcToken, placeOrder, stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { signedInJar } from './jar.ts';

it('fills in the default address and saved card, asks the security code again, and places an EXPRESS order', async () => {
  const jar = await signedInJar('will.wranx@cairn.test', '198.19.0.1');
  const variant = await stockedVariant(5, 14);
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
  // Express needs what a first order leaves behind.
  expect((await jar.api('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}&express=true`)).body.errorId).toBe('PYT404');
  expect((await jar.get('/en-us/cart')).html).not.toContain('Express checkout');

  await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [US_ADDRESS]);
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: 'will.wranx@cairn.test' });
  const token = await cardToken('5555555555554444');
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'CREDIT_CARD', additionalDetails: { token, save: true } });
  const first = await placeOrder(jar, basketId);
  expect(first.status).toBe(201);
  const consumerNo = (await one<{ consumer_no: string }>('SELECT consumer_no FROM orders WHERE order_number = ?1', first.body.orderNumber)).consumer_no;
  expect((await one<{ n: number }>('SELECT COUNT(*) AS n FROM payment_cards WHERE consumer_no = ?1 AND is_main = 1', consumerNo)).n).toBe(1);
  expect((await one<{ n: number }>('SELECT COUNT(*) AS n FROM consumer_addresses WHERE consumer_no = ?1 AND is_default = 1', consumerNo)).n).toBe(1);

  await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
  expect((await jar.get('/en-us/cart')).html).toContain('Express checkout');
  const prepared = await jar.api('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}&express=true`);
  expect(prepared.status).toBe(200);
  expect(prepared.body).toMatchObject({
    checkoutStatus: 'EXPRESS',
    step: 'summary',
    shippingAddress: { addressLine1: '12 Pine Street' },
    payment: { method: 'CREDIT_CARD', card: { last4: '4444' } },
  });
  // The saved card's security code is asked again before it pays.
  const withoutCvc = await placeOrder(jar, basketId, { checkoutStatus: 'EXPRESS' });
  expect(withoutCvc.status).toBe(402);
  expect(withoutCvc.body.details).toEqual([{ field: 'cvc', message: 'This field is required' }]);
  const placed = await placeOrder(jar, basketId, {
    checkoutStatus: 'EXPRESS',
    paymentMethod: { code: 'CREDIT_CARD', additionalData: { cvcToken: await cvcToken('123') } },
  });
  expect(placed.body.errorId ?? placed.status).toBe(201);
  expect(placed.body.checkoutStatus).toBe('EXPRESS');
  // The checkout page opened for express starts at the review.
  await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
  const page = await jar.get('/en-us/checkout?express=1');
  expect(page.html).toContain('&quot;step&quot;:&quot;summary&quot;');
  expect(page.html).toContain('&quot;checkoutStatus&quot;:&quot;EXPRESS&quot;');
});
