// Wallets and split tenders (the checkout issue, §2): PayPal from checkout and from the product page's
// express button (a basket of its own, the cart left alone), a cancelled wallet, and a gift card paying
// part of an order with a card paying the rest.

import { describe, expect, it } from 'vitest';
import { DEMO_GIFT_CARDS } from '../../scripts/seed/gift-cards.ts';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { authorizationsFor, decideWallet, payWithCard, placeOrder, readyBasket, stockedVariant, stockOf } from './checkout-helpers.ts';
import { ORIGIN, one } from './helpers.ts';
import { guestsAt } from './jar.ts';
import { registerStoreDevice } from './store-device.ts';

const guest = guestsAt('198.18.0.');

describe('wallets', () => {
  it('pays with PayPal from checkout: session, approval at the wallet, order on return', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 8);
    const basketId = await readyBasket(jar, variant.id);
    expect((await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'PAYPAL' })).status).toBe(200);
    const session = await jar.api('GET', `/api/cart/v1/paymentSession?paymentMethod=paypal&basketId=${basketId}&referer=checkout`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ success: true, provider: 'paypal', meta: { redirectUrl: expect.stringContaining('/wallet/') } });
    const back = await decideWallet(session.body.meta.redirectUrl, 'approve');
    expect(back).toContain('/en-us/checkout/wallet-return?');
    const { response: returned } = await jar.follow(back);
    expect(returned.status).toBe(303);
    const confirmation = returned.headers.get('location') ?? '';
    expect(confirmation).toMatch(/\/en-us\/order-confirmation\?orderNo=CR\d{9}&st=/);
    const orderNumber = new URL(confirmation, ORIGIN).searchParams.get('orderNo') ?? '';
    const order = await one<{ status: string }>('SELECT status FROM orders WHERE order_number = ?1', orderNumber);
    expect(order.status).toBe('paid');
    const page = await jar.follow(confirmation);
    expect(page.response.status).toBe(200);
    expect(page.html).toContain(orderNumber);
    // The same return, replayed, is the same order: the wallet session pays once.
    const again = await jar.follow(back);
    expect(again.response.headers.get('location')).toContain(orderNumber);
  });

  it('comes back to the payment step when the shopper cancels at the wallet', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 9);
    const basketId = await readyBasket(jar, variant.id);
    const session = await jar.api('GET', `/api/cart/v1/paymentSession?paymentMethod=paypal&basketId=${basketId}`);
    const back = await decideWallet(session.body.meta.redirectUrl, 'cancel');
    expect(back).toContain('/en-us/checkout?step=billing');
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items).toHaveLength(1);
  });

  it("orders from the product page's PayPal button in a basket of its own, the cart untouched", async () => {
    const jar = guest();
    const inCart = await stockedVariant(5, 10);
    const express = await stockedVariant(5, 11);
    const cartId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId, productId: inCart.id, qty: 1 });
    const before = await stockOf(express.id);
    const posted = await jar.post('/en-us/checkout/express', { productId: express.id, wallet: 'paypal' });
    expect(posted.status).toBe(303);
    const back = await decideWallet(posted.headers.get('location') ?? '', 'approve');
    expect(back).toContain('storeContext=paypalPdp');
    // The wallet's delivery address adds its sales tax: the shopper approved less, so they approve the new total.
    const { response: reapprove } = await jar.follow(back);
    expect(reapprove.status).toBe(303);
    const walletPage = reapprove.headers.get('location') ?? '';
    expect(walletPage).toContain('/wallet/');
    const { response: returned } = await jar.follow(await decideWallet(walletPage, 'approve'));
    const confirmation = returned.headers.get('location') ?? '';
    expect(confirmation).toContain('storeContext=paypalPdp');
    const orderNumber = new URL(confirmation, ORIGIN).searchParams.get('orderNo') ?? '';
    const order = await one<{ status: string; store_context: string; shipping_address: string; email: string }>(
      'SELECT status, store_context, shipping_address, email FROM orders WHERE order_number = ?1',
      orderNumber,
    );
    expect(order).toMatchObject({ status: 'paid', store_context: 'paypalPdp', email: 'payer@example.com' });
    expect(JSON.parse(order.shipping_address)).toMatchObject({ firstName: 'Sandbox', countryCode: 'US' });
    expect(await stockOf(express.id)).toBe(before - 1);
    const total = (await one<{ totals: string }>('SELECT totals FROM orders WHERE order_number = ?1', orderNumber)).totals;
    expect(await authorizationsFor(orderNumber)).toEqual([expect.objectContaining({ amount: JSON.parse(total).remainingToPay })]);
    // The shopper's cart still holds what it held.
    const cart = await jar.api('GET', `/api/cart/v1/cart/${cartId}`);
    expect(cart.body.items.map((i: { productId: string }) => i.productId)).toEqual([inCart.id]);
  });
});

describe('split tenders', () => {
  it('takes a gift card first and the card for the rest, and gives the balance back if the card fails', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 12);
    const basketId = await readyBasket(jar, variant.id, 2);
    const gift = DEMO_GIFT_CARDS.find((card) => card.number.endsWith('0002')) as { number: string; pin: string };
    const applied = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
      payment_method_id: 'GIFT_CERTIFICATE',
      cardNumber: gift.number,
      pin: gift.pin,
    });
    expect(applied.status).toBe(200);
    const giftAmount = applied.body.payment_instruments[0].amount as number;
    const balanceBefore = (await one<{ balance: number }>("SELECT balance FROM gift_cards WHERE last4 = '0002'")).balance;
    expect(giftAmount).toBeGreaterThan(0);
    // A declined card: the gift card keeps its balance.
    await payWithCard(jar, basketId, '4000000000000002');
    expect((await placeOrder(jar, basketId)).body.errorId).toBe('PAY400');
    expect((await one<{ balance: number }>("SELECT balance FROM gift_cards WHERE last4 = '0002'")).balance).toBe(balanceBefore);
    await payWithCard(jar, basketId, '4242424242424242');
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    const total = placed.body.totals.total as number;
    expect(placed.body.paymentMethod).toEqual([
      expect.objectContaining({ code: 'GIFT_CARD', amount: giftAmount, status: 'debited' }),
      expect.objectContaining({ code: 'CREDIT_CARD', amount: total - giftAmount, status: 'authorized' }),
    ]);
    expect((await one<{ balance: number }>("SELECT balance FROM gift_cards WHERE last4 = '0002'")).balance).toBe(balanceBefore - giftAmount);
    expect(await authorizationsFor(placed.body.orderNumber)).toEqual([expect.objectContaining({ amount: total - giftAmount })]);
  });
});

describe('in-store associate orders', () => {
  it('carry the connected associate as inStoreSalesInfo, and refuse one who is not connected here', async () => {
    const device = guest();
    await registerStoreDevice(device, 'US-0004');
    const staff = (await device.api('GET', '/api/utilities/stores/US-0004/employees')).body;
    const employeeId = staff.employees[0].employeeId as string;
    const connected = await device.api('POST', '/api/consumers-v3/associate/session', { storeId: 'US-0004', employeeId, pin: DEMO_STORE_PIN });
    expect(connected.status).toBe(200);
    const variant = await stockedVariant(5, 13);
    const basketId = await readyBasket(device, variant.id);
    await payWithCard(device, basketId, '4242424242424242');
    // Naming another associate than the one connected on this device is refused.
    const impostor = await placeOrder(device, basketId, { inStoreSalesInfo: { storeId: 'US-0004', storeEmployeeId: 'E9999' } });
    expect(impostor.status).toBe(403);
    const placed = await placeOrder(device, basketId, { inStoreSalesInfo: { storeId: 'US-0004', storeEmployeeId: employeeId } });
    expect(placed.status).toBe(201);
    expect(placed.body.inStoreSalesInfo).toEqual({ storeId: 'US-0004', storeEmployeeId: employeeId });
    // A shopper's own device names no associate, whatever the request says.
    const shopper = guest();
    const own = await readyBasket(shopper, variant.id);
    await payWithCard(shopper, own, '4242424242424242');
    expect((await placeOrder(shopper, own, { inStoreSalesInfo: { storeId: 'US-0004', storeEmployeeId: employeeId } })).status).toBe(403);
  });
});
