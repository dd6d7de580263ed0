// Apple Pay's session (the checkout issue §2; commerce-core §4, §5, §8): merchant validation from Apple's
// gateways only, the sheet's shipping contact and method priced by the store (or refused at their field),
// and the authorized payment placing the order once per transaction, from the product page (a basket of
// its own) and from checkout. The device's payment token is the sandbox's unencrypted test form.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NEW_YORK } from '../apple-pay-contacts.ts';
import { authorizationsFor, readyBasket, stockedVariant, stockOf } from './checkout-helpers.ts';
import { ORIGIN, one } from './helpers.ts';
import { Jar } from './jar.ts';

let address = 0;
const guest = () => {
  const jar = new Jar();
  jar.address = `198.18.4.${++address}`;
  return jar;
};

const GATEWAY = 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession';

const { sheetContact: SHEET_CONTACT, shippingContact: SHIPPING_CONTACT, billingContact: BILLING_CONTACT } = NEW_YORK;

let transactions = 0;
/** What an authorized sheet hands over: the sandbox device's payment for a test card. */
function deviceToken(dpan = '4242424242424242') {
  return {
    paymentData: { version: 'EC_v1', data: btoa(JSON.stringify({ dpan, expiry: '12/34' })), signature: 'device', header: { transactionId: 't' } },
    paymentMethod: { displayName: `Visa ${dpan.slice(-4)}`, network: 'Visa', type: 'debit' },
    transactionIdentifier: `apple-tx-${Date.now()}-${++transactions}`,
  };
}

async function walletBasket(jar: Jar, variantId: string): Promise<string> {
  const made = await jar.api('POST', '/api/cart/v1/cartWithItem', { productId: variantId, qty: 1 });
  expect(made.status).toBe(201);
  return made.body.basketId as string;
}

const validate = (jar: Jar, basketId: string, validationUrl = GATEWAY) =>
  jar.api(
    'GET',
    `/api/cart/v1/paymentSession?paymentMethodId=DW_APPLE_PAY&basketId=${basketId}&referer=pdp&validationUrl=${encodeURIComponent(validationUrl)}`,
  );

/** What the sheet does before it can pay: merchant validation, then the shipping contact it reports (redacted). */
async function openSheet(jar: Jar, basketId: string, contact: Record<string, string> = SHEET_CONTACT) {
  expect((await validate(jar, basketId)).status).toBe(200);
  expect((await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/quote`, { shippingContact: contact })).status).toBe(200);
}

describe('Apple Pay merchant validation', () => {
  it("answers a merchant session for Apple's gateway and refuses any other URL", async () => {
    const jar = guest();
    const basketId = await walletBasket(jar, (await stockedVariant(5, 20)).id);
    const session = await validate(jar, basketId);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      success: true,
      provider: 'applepay',
      meta: { merchantSession: { merchantSessionIdentifier: expect.stringMatching(/^SSH/), merchantIdentifier: 'merchant.dev.cairn.sandbox' } },
    });
    for (const url of ['https://169.254.169.254/latest/meta-data', 'http://apple-pay-gateway.apple.com/x', 'https://apple-pay-gateway.apple.com.evil.test/x']) {
      const refused = await validate(jar, basketId, url);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errorId: 'API400', details: [{ field: 'validationUrl' }] });
    }
  });

  it("is refused for someone else's basket", async () => {
    const basketId = await walletBasket(guest(), (await stockedVariant(5, 20)).id);
    const refused = await validate(guest(), basketId);
    expect(refused.status).toBe(403);
    expect(refused.body.meta).toBeUndefined();
  });
});

describe('the Apple Pay sheet from the product page', () => {
  it('prices the redacted contact, refuses what the rules refuse at its field, and charges more for express', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 21);
    const basketId = await walletBasket(jar, variant.id);
    const quote = (body: unknown) => jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/quote`, body);

    const standard = await quote({ shippingContact: SHEET_CONTACT });
    expect(standard.status).toBe(200);
    expect(standard.body).toMatchObject({
      currencyCode: 'USD',
      total: { label: 'Cairn', amount: expect.stringMatching(/^\d+\.\d{2}$/) },
      selectedShippingMethod: 'standard',
    });
    expect(standard.body.shippingMethods.map((m: { identifier: string }) => m.identifier).sort()).toEqual(['express', 'standard']);
    // New York's tax is in the total the sheet shows.
    expect(standard.body.lineItems.map((item: { label: string }) => item.label)).toContain('Estimated tax');

    const express = await quote({ shippingContact: SHEET_CONTACT, shippingMethod: 'express' });
    expect(express.status).toBe(200);
    expect(Number(express.body.total.amount)).toBeGreaterThan(Number(standard.body.total.amount));

    const abroad = await quote({ shippingContact: { ...SHEET_CONTACT, countryCode: 'CA', administrativeArea: 'ON' } });
    expect(abroad.status).toBe(400);
    expect(abroad.body).toMatchObject({
      errorId: 'CHK320',
      details: [{ field: 'countryCode', message: 'Apple Pay can only deliver to an address in this store’s country.' }],
    });

    const longCity = await quote({ shippingContact: { ...SHEET_CONTACT, locality: 'C'.repeat(51) } });
    expect(longCity.body).toMatchObject({ errorId: 'CHK320', details: [{ field: 'city', message: 'The city must not be longer than 50 characters.' }] });

    // Alaska is beyond express: asking for it is SHP404, and the sheet is offered standard only.
    const alaska = { ...SHEET_CONTACT, administrativeArea: 'AK', locality: 'Juneau', postalCode: '99801' };
    const far = await quote({ shippingContact: alaska });
    expect(far.body.shippingMethods.map((m: { identifier: string }) => m.identifier)).toEqual(['standard']);
    expect(far.body.selectedShippingMethod).toBe('standard');
    expect((await quote({ shippingContact: alaska, shippingMethod: 'express' })).body.errorId).toBe('SHP404');
    // The redacted contact was never kept as the basket's address.
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.shippingAddress).toBeNull();
  });

  it('places the order once per transaction, with the wallet contacts, and leaves the cart alone', async () => {
    const jar = guest();
    const inCart = await stockedVariant(5, 22);
    const cartId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId, productId: inCart.id, qty: 1 });
    const variant = await stockedVariant(5, 23);
    const before = await stockOf(variant.id);
    const basketId = await walletBasket(jar, variant.id);
    expect((await validate(jar, basketId)).status).toBe(200);
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/quote`, { shippingContact: SHEET_CONTACT, shippingMethod: 'express' });
    const token = deviceToken();
    const pay = () =>
      jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
        payment: { token, shippingContact: SHIPPING_CONTACT, billingContact: BILLING_CONTACT },
        storeContext: 'applePayPdp',
      });
    const placed = await pay();
    expect(placed.status).toBe(201);
    const orderNumber = placed.body.orderNumber as string;
    expect(placed.body.redirect).toBe(`/en-us/order-confirmation?orderNo=${orderNumber}&st=${encodeURIComponent(placed.body.st)}&storeContext=applePayPdp`);
    expect(placed.body.paymentMethod).toEqual([expect.objectContaining({ code: 'DW_APPLE_PAY', status: 'authorized' })]);
    const order = await one<{ status: string; email: string; store_context: string; shipping_address: string; billing_address: string }>(
      'SELECT status, email, store_context, shipping_address, billing_address FROM orders WHERE order_number = ?1',
      orderNumber,
    );
    expect(order).toMatchObject({ status: 'paid', email: 'noor@example.com', store_context: 'applePayPdp' });
    expect(JSON.parse(order.shipping_address)).toMatchObject({
      firstName: 'Noor',
      addressLine1: '350 Fifth Avenue',
      city: 'New York',
      province: 'NY',
      phone: '2127363100',
    });
    expect(JSON.parse(order.billing_address)).toMatchObject({ addressLine1: '1 Main Street', city: 'Boston', email: 'noor@example.com', phone: '2127363100' });
    expect(placed.body.shipments[0]).toMatchObject({ method: 'express', address: { addressLine1: '350 Fifth Avenue' } });
    expect(await stockOf(variant.id)).toBe(before - 1);
    // The sheet's answer lost and sent again: the same order, one authorization.
    const again = await pay();
    expect(again.body.orderNumber).toBe(orderNumber);
    expect(await authorizationsFor(orderNumber)).toHaveLength(1);
    const cart = await jar.api('GET', `/api/cart/v1/cart/${cartId}`);
    // (A free gift the cart qualifies for aside.)
    expect(cart.body.items.filter((i: { bonus: boolean }) => !i.bonus).map((i: { productId: string }) => i.productId)).toEqual([inCart.id]);
  });

  it('takes a wallet city up to 50 characters', async () => {
    const jar = guest();
    const basketId = await walletBasket(jar, (await stockedVariant(5, 24)).id);
    const city = 'Village of Saint Christopher on the Lake Shore'; // 46 characters: more than a typed address takes
    await openSheet(jar, basketId, { ...SHEET_CONTACT, locality: city });
    const placed = await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token: deviceToken(), shippingContact: { ...SHIPPING_CONTACT, locality: city }, billingContact: BILLING_CONTACT },
    });
    expect(placed.status).toBe(201);
    expect(
      JSON.parse(
        (await one<{ shipping_address: string }>('SELECT shipping_address FROM orders WHERE order_number = ?1', placed.body.orderNumber)).shipping_address,
      ).city,
    ).toBe(city);
  });

  it('refuses incomplete contacts at their field, before anything is charged', async () => {
    const jar = guest();
    const basketId = await walletBasket(jar, (await stockedVariant(5, 25)).id);
    const pay = (shippingContact: unknown, billingContact: unknown) =>
      jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, { payment: { token: deviceToken(), shippingContact, billingContact } });
    const noName = await pay({ ...SHIPPING_CONTACT, familyName: '' }, BILLING_CONTACT);
    expect(noName.body).toMatchObject({ errorId: 'CHK320', details: [{ field: 'firstName', message: 'This field is required' }] });
    const noPostal = await pay(SHIPPING_CONTACT, { ...BILLING_CONTACT, postalCode: '' });
    expect(noPostal.body).toMatchObject({ errorId: 'BIL400', details: [{ field: 'postalCode' }] });
    const poBox = await pay({ ...SHIPPING_CONTACT, addressLines: ['PO Box 12'] }, BILLING_CONTACT);
    expect(poBox.body).toMatchObject({ errorId: 'SHP500', details: [{ field: 'addressLine1' }] });
    // Nothing was placed: the basket still holds its item, ready for a corrected sheet.
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items.filter((i: { bonus: boolean }) => !i.bonus)).toHaveLength(1);
  });

  it('says a declined card plainly and puts the stock back; a 3-D Secure card needs no challenge on the device', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 26);
    const before = await stockOf(variant.id);
    const basketId = await walletBasket(jar, variant.id);
    await openSheet(jar, basketId);
    const declined = await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token: deviceToken('4000000000000002'), shippingContact: SHIPPING_CONTACT, billingContact: BILLING_CONTACT },
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ errorId: 'PAY400', message: 'Your card was declined. Please use another card or payment method.' });
    expect(await stockOf(variant.id)).toBe(before);
    const authenticated = await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token: deviceToken('4000000000003220'), shippingContact: SHIPPING_CONTACT, billingContact: BILLING_CONTACT },
    });
    expect(authenticated.status).toBe(201);
    expect(authenticated.body.status).toBe('paid');
  });

  it('refuses a payment the processor cannot read', async () => {
    const jar = guest();
    const basketId = await walletBasket(jar, (await stockedVariant(5, 27)).id);
    const unreadable = await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: {
        token: { ...deviceToken(), paymentData: { version: 'EC_v1', data: 'not base64 json' } },
        shippingContact: SHIPPING_CONTACT,
        billingContact: BILLING_CONTACT,
      },
    });
    expect(unreadable.body).toMatchObject({ errorId: 'PAY400', message: expect.stringContaining('Apple Pay could not complete the payment') });
  });
});

describe('Apple Pay at checkout', () => {
  it('pays the cart to the delivery address already given, with the billing contact from the sheet', async () => {
    const jar = guest();
    const variant = await stockedVariant(5, 28);
    const basketId = await readyBasket(jar, variant.id);
    expect((await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'DW_APPLE_PAY' })).status).toBe(200);
    // The order cannot be placed as Apple Pay without the device's payment.
    expect((await jar.api('PUT', '/api/cart/v2/checkout/order', { cartId: basketId })).body.errorId).toBe('PAY400');
    expect((await validate(jar, basketId)).status).toBe(200);
    const placed = await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token: deviceToken(), billingContact: BILLING_CONTACT },
    });
    expect(placed.status).toBe(201);
    const order = await one<{ email: string; shipping_address: string; billing_address: string }>(
      'SELECT email, shipping_address, billing_address FROM orders WHERE order_number = ?1',
      placed.body.orderNumber,
    );
    expect(order.email).toBe('ana@example.com');
    expect(JSON.parse(order.shipping_address)).toMatchObject({ addressLine1: '12 Pine Street', city: 'Portland' });
    expect(JSON.parse(order.billing_address)).toMatchObject({ addressLine1: '1 Main Street', email: 'ana@example.com', phone: '5035550142' });
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items ?? []).toHaveLength(0);
  });

  it('pays only the total the sheet showed: a basket grown after the sheet opened is refused, nothing authorized', async () => {
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(5, 37)).id);
    expect((await validate(jar, basketId)).status).toBe(200);
    const shown = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body;
    await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: shown.items[0].id, qty: 3 });
    const refused = await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token: deviceToken(), billingContact: BILLING_CONTACT },
    });
    expect([refused.status, refused.body.errorId]).toEqual([409, 'PAY409']);
    const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE basket_id = ?1 AND status <> 'failed'").bind(basketId).first<{ n: number }>();
    expect(orders?.n).toBe(0);
    // The sheet opened again shows the new total, and that is what is authorized.
    expect((await validate(jar, basketId)).status).toBe(200);
    const total = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.totals.remainingToPay as number;
    expect(total).toBeGreaterThan(shown.totals.remainingToPay);
    const placed = await jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token: deviceToken(), billingContact: BILLING_CONTACT },
    });
    expect(placed.status).toBe(201);
    expect(await authorizationsFor(placed.body.orderNumber)).toEqual([expect.objectContaining({ amount: total })]);
  });

  it('lists Apple Pay among the payment methods when the processor takes it', async () => {
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(5, 29)).id);
    const methods = await jar.api('GET', `/api/cart/v1/cart/${basketId}/paymentMethods`);
    expect(methods.body.paymentMethods.map((m: { id: string }) => m.id)).toContain('DW_APPLE_PAY');
  });
});

describe('the bot check at place order', () => {
  it('refuses a card order without a person behind it, while an Apple Pay authorization vouches for itself', async () => {
    const { createApp } = await import('../../src/worker/app.ts');
    const botEnv = { ...env, BOT_CHECK: 'fail' };
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(5, 36)).id);
    const call = (method: string, path: string, body: unknown) =>
      createApp().fetch(
        new Request(`${ORIGIN}${path}`, {
          method,
          headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: jar.header, 'x-locale': 'en-us', 'cf-connecting-ip': jar.address },
          body: JSON.stringify(body),
        }),
        botEnv,
        ctx,
      );
    const card = await call('PUT', '/api/cart/v2/checkout/order', { cartId: basketId });
    expect(card.status).toBe(403);
    expect(((await card.json()) as { errorId: string }).errorId).toBe('AUT403');
    await validate(jar, basketId);
    const applePay = await call('POST', `/api/cart/v1/cart/${basketId}/applePay/payment`, {
      payment: { token: deviceToken(), billingContact: BILLING_CONTACT },
    });
    expect(applePay.status).toBe(201);
  });
});
