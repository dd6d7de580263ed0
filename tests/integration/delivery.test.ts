// Delivery on the cart (the cart issue, §4): per-line home delivery, pickup today or ship to store from a
// store's stock, the notice when that changes on its own, the home shipment's method and price, the
// delivery address with its refusals and the tax it moves, the billing address, and payment methods.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { HOME_DELIVERY } from '../../src/shared/commerce/commerce-config.ts';
import { MA_ADDRESS } from './addresses.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

const US = HOME_DELIVERY.US as (typeof HOME_DELIVERY)[string];

/** A store that picks up, with a variant it has at least two of. */
async function pickupStock(): Promise<{ storeId: string; variantId: string; quantity: number; province: string }> {
  return one(
    `SELECT si.store_id AS storeId, si.variant_id AS variantId, si.quantity, s.province FROM store_inventory si
     JOIN stores s ON s.id = si.store_id JOIN inventory i ON i.variant_id = si.variant_id
     JOIN variants v ON v.id = si.variant_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     WHERE s.site_id = 'US' AND s.services LIKE '%"pickup"%' AND s.services LIKE '%"ship-to-store"%' AND si.quantity >= 2 AND i.quantity >= 5
     ORDER BY si.store_id, si.variant_id LIMIT 1`,
  );
}

async function cartWith(jar: Jar, variantId: string, qty = 1) {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variantId, qty });
  return { basketId, itemId: added.body.items[0].id as string, cart: added.body };
}

describe('delivery per line', () => {
  it('starts as home delivery at the standard price, and says what a store could do', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { cart } = await cartWith(jar, stock.variantId);
    expect(cart.items[0].shippingOptions).toMatchObject({ selected: 'STH', shippingMethod: { code: 'STH', price: { amount: US.standard.amount } } });
    expect(cart.shippingMethods[0]).toMatchObject({ shippingId: 'me', code: 'standard', lines: 1 });
    // With the shopper's favourite store, each line says it could be picked up there today.
    const withStore = await jar.api('GET', `/api/cart/v1/cart/${cart.basketId}?favStoreId=${stock.storeId}`);
    expect(withStore.body.items[0].shippingOptions.available.map((o: { code: string }) => o.code)).toEqual(['BOPIS_SD', 'STH']);
    expect(withStore.body.items[0].shippingOptions.storeInfo).toMatchObject({ id: stock.storeId, storeInventory: stock.quantity });
  });

  it('picks up today where the store has the quantity, ships to the store where it has not, and costs no delivery', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId, itemId } = await cartWith(jar, stock.variantId);
    const pickup = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 1, storeId: stock.storeId });
    expect(pickup.status).toBe(200);
    expect(pickup.body.items[0].shippingOptions).toMatchObject({ selected: 'BOPIS_SD', shippingMethod: { deliveryTime: '0', price: { amount: 0 } } });
    expect(pickup.body.totals.shipping).toBe(0);
    expect(pickup.body.shippingMethods[0].lines).toBe(0);
    // Sales tax of the store's state, with nothing delivered home.
    expect(pickup.body.totals.tax).toBeGreaterThan(0);
    const more = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: stock.quantity + 1, storeId: stock.storeId });
    expect(more.body.items[0].shippingOptions.selected).toBe('BOPIS_STS');
    const home = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 1, storeId: null });
    expect(home.body.items[0].shippingOptions.selected).toBe('STH');
  });

  it('says on the checkout page, at its line, a delivery that changed since the cart was last seen', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId, itemId, cart } = await cartWith(jar, stock.variantId);
    await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 1, storeId: stock.storeId });
    await env.DB.prepare('UPDATE store_inventory SET quantity = 0 WHERE store_id = ?1 AND variant_id = ?2').bind(stock.storeId, stock.variantId).run();
    try {
      const { html } = await jar.get('/en-us/checkout');
      expect(html).toContain(`${cart.items[0].name}: Your store no longer has this item today: it will be shipped to the store for you.`);
      // Said once: the next look at the page has nothing new to say.
      expect((await jar.get('/en-us/checkout')).html).not.toContain('Your store no longer has this item today');
    } finally {
      await env.DB.prepare('UPDATE store_inventory SET quantity = ?3 WHERE store_id = ?1 AND variant_id = ?2')
        .bind(stock.storeId, stock.variantId, stock.quantity)
        .run();
    }
  });

  it('refuses a store that neither picks up nor ships to store', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId, itemId } = await cartWith(jar, stock.variantId);
    const prior = await one<{ services: string }>("SELECT services FROM stores WHERE id = 'US-0003'");
    await env.DB.prepare("UPDATE stores SET services = '[\"returns\"]' WHERE id = 'US-0003'").run();
    try {
      const refused = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 1, storeId: 'US-0003' });
      expect([refused.status, refused.body.errorId, refused.body.details[0].field]).toEqual([409, 'ORD516', 'storeId']);
      const elsewhere = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 1, storeId: 'GB-0001' });
      expect(elsewhere.body.errorId).toBe('ORD516');
    } finally {
      await env.DB.prepare("UPDATE stores SET services = ?1 WHERE id = 'US-0003'").bind(prior.services).run();
    }
  });

  it('tells the shopper once when a pickup changes on its own because the store ran out', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId, itemId } = await cartWith(jar, stock.variantId);
    await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 1, storeId: stock.storeId });
    await env.DB.prepare('UPDATE store_inventory SET quantity = 0 WHERE store_id = ?1 AND variant_id = ?2').bind(stock.storeId, stock.variantId).run();
    try {
      const later = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
      expect(later.body.items[0].shippingOptions.selected).toBe('BOPIS_STS');
      expect(later.body.flash).toContainEqual(expect.objectContaining({ type: 'PickupToStsTransition', itemId }));
      const again = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
      expect(again.body.flash.filter((f: { type: string }) => f.type.endsWith('Transition'))).toEqual([]);
    } finally {
      await env.DB.prepare('UPDATE store_inventory SET quantity = ?3 WHERE store_id = ?1 AND variant_id = ?2')
        .bind(stock.storeId, stock.variantId, stock.quantity)
        .run();
    }
  });
});

describe('the home shipment', () => {
  it('goes standard when the address is one express does not reach, and says so once', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId } = await cartWith(jar, stock.variantId);
    await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'express' });
    const alaska = { ...MA_ADDRESS, city: 'Anchorage', postalCode: '99501', province: 'AK', phone: '(907) 555-0123' };
    const set = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [alaska]);
    expect(set.body.shippingMethods[0].code).toBe('standard');
    expect(set.body.shippingMethods[0].applicableShippingMethods.map((m: { code: string }) => m.code)).not.toContain('express');
    expect(set.body.flash).toContainEqual({
      type: 'OrderShippingMethodDowngraded',
      message: 'Express delivery does not reach this address, so your order goes by standard delivery.',
    });
    const again = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'express' });
    expect([again.status, again.body.errorId]).toEqual([409, 'SHP404']);
    const same = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [alaska]);
    expect(same.body.flash.map((f: { type: string }) => f.type)).not.toContain('OrderShippingMethodDowngraded');
  });

  it('offers its methods fastest first, and charges express over free standard shipping', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId } = await cartWith(jar, stock.variantId, 2);
    const methods = await jar.api('GET', `/api/cart/v1/cart/${basketId}/shippingMethod/me`);
    expect(methods.body.applicableShippingMethods.map((m: { code: string }) => m.code)).toEqual(['express', 'pudo', 'standard']);
    const before = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    const express = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'express' });
    expect(express.body.shippingMethods[0].code).toBe('express');
    expect(express.body.totals.shipping).toBe(before.body.totals.shipping + (US.express.amount - US.standard.amount));
    const noPoint = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'pudo' });
    expect([noPoint.status, noPoint.body.errorId]).toEqual([409, 'SHP404']);
    const point = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'pudo', pointId: 'US-0001-L1' });
    expect(point.body.shippingMethods[0]).toMatchObject({ code: 'pudo', pointId: 'US-0001-L1', point: { id: 'US-0001-L1', kind: 'locker' } });
  });

  it('goes to a pickup point found on the cart page, with plain forms', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    await cartWith(jar, stock.variantId);
    const found = await jar.get('/en-us/cart?pointSearch=Boston');
    expect(found.response.status).toBe(200);
    const choices = [...found.html.matchAll(/name="pointId" value="([\w-]+)"/g)].map((m) => m[1]);
    expect(choices.length).toBeGreaterThan(0);
    expect(found.html).toContain('Parcel locker');
    const chosen = await jar.post('/en-us/cart/shipping', { code: 'pudo', pointId: choices[0] as string });
    expect(chosen.status).toBe(303);
    const { html } = await jar.get('/en-us/cart');
    expect(html).toContain('<input type="radio" name="code" checked="" value="pudo"/>');
    expect(html).toContain('Change pickup point');
    // Back to standard delivery: the point goes with it.
    await jar.post('/en-us/cart/shipping', { code: 'standard' });
    expect((await jar.get('/en-us/cart')).html).toContain('Deliver to a pickup point');
    // A point of another site, or none, is refused at the top of the page.
    const refused = await jar.post('/en-us/cart/shipping', { code: 'pudo', pointId: 'GB-0001-L1' });
    expect(refused.status).toBe(409);
  });
});

describe('addresses', () => {
  it('asks a guest’s delivery address for the bot check, not a signed-in shopper’s', async () => {
    const stock = await pickupStock();
    const bots = { ...env, BOT_CHECK: 'fail' };
    const guest = new Jar();
    const { basketId } = await cartWith(guest, stock.variantId);
    guest.bindings = bots;
    const refused = await guest.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...MA_ADDRESS, recaptcha_response: 'token' }]);
    expect([refused.status, refused.body.errorId]).toEqual([403, 'AUT403']);
    guest.bindings = env;
    expect((await guest.api('GET', `/api/cart/v1/cart/${basketId}`)).body.shippingAddress ?? null).toBeNull();
    expect((await guest.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...MA_ADDRESS, recaptcha_response: 'token' }])).status).toBe(200);

    const member = await signedInJar('leo.loyalty@cairn.test', '198.19.15.1');
    const own = await cartWith(member, stock.variantId);
    member.bindings = bots;
    expect((await member.api('POST', `/api/cart/v2/cart/${own.basketId}/shippingAddress`, [MA_ADDRESS])).status).toBe(200);
  });

  it('takes a delivery address, says when it moved the tax, and refuses what cannot be delivered to', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId } = await cartWith(jar, stock.variantId);
    const path = `/api/cart/v2/cart/${basketId}/shippingAddress`;
    const badPostal = await jar.api('POST', path, [{ ...MA_ADDRESS, postalCode: 'ABC' }]);
    expect([badPostal.status, badPostal.body.errorId, badPostal.body.details[0].field]).toEqual([400, 'CHK320', 'postalCode']);
    const abroad = await jar.api('POST', path, [{ ...MA_ADDRESS, countryCode: 'CA', province: 'ON', postalCode: 'M5V 2T6', phone: '(416) 555-0123' }]);
    expect(abroad.body.errorId).toBe('CHK380');
    expect((await jar.api('POST', path, [{ ...MA_ADDRESS, addressLine1: 'P.O. Box 12' }])).body.errorId).toBe('SHP500');
    expect((await jar.api('POST', path, [{ ...MA_ADDRESS, phone: '' }])).body.errorId).toBe('SHP410');

    const set = await jar.api('POST', path, [MA_ADDRESS]);
    expect(set.status).toBe(200);
    expect(set.body.shippingAddress).toMatchObject({ city: 'Boston', province: 'MA', postalCode: '02116' });
    expect(set.body.totals.tax).toBeGreaterThan(0);
    // The figures the address moved, as the shopper reads them: a client needs no money code to show them.
    expect(set.body.totals.display.tax).toBe(`$${(set.body.totals.tax / 100).toFixed(2).replace(/\.00$/, '')}`);
    expect(set.body.flash).toContainEqual(expect.objectContaining({ type: 'TAX310' }));
    const same = await jar.api('POST', path, [MA_ADDRESS]);
    expect(same.body.flash.map((f: { type: string }) => f.type)).not.toContain('TAX310');
    const cleared = await jar.api('DELETE', path);
    expect(cleared.body.shippingAddress).toBeNull();

    const checked = await jar.api('POST', `/api/cart/v1/cart/${basketId}/shippingAddress/validation`, { ...MA_ADDRESS, province: 'ma' });
    expect(checked.body).toMatchObject({ valid: true, address: { province: 'MA' } });
  });

  it('writes an address as the rules do, and suggests the state its ZIP code is in', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId } = await cartWith(jar, stock.variantId);
    const validation = `/api/cart/v1/cart/${basketId}/shippingAddress/validation`;
    const typed = { ...MA_ADDRESS, firstName: 'ana', lastName: 'lima', city: 'boston', province: 'Massachusetts', postalCode: '021161234' };
    const written = await jar.api('POST', validation, typed);
    expect(written.body).toMatchObject({
      valid: true,
      address: { firstName: 'Ana', lastName: 'Lima', city: 'Boston', province: 'MA', postalCode: '02116-1234' },
    });

    const wrongState = await jar.api('POST', validation, { ...MA_ADDRESS, province: 'NY' });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body).toMatchObject({
      errorId: 'CHK320',
      details: [{ field: 'province', message: 'Postal code 02116 is in Massachusetts.', suggestion: 'MA' }],
    });
    // The state decides the tax: an address that keeps a state its ZIP code is not in is not taken.
    const kept = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...MA_ADDRESS, province: 'NY' }]);
    expect([kept.status, kept.body.errorId, kept.body.details[0].suggestion]).toEqual([400, 'CHK320', 'MA']);

    const notAState = await jar.api('POST', validation, { ...MA_ADDRESS, province: 'Atlantis' });
    expect(notAState.body).toMatchObject({ errorId: 'CHK320', details: [{ field: 'province' }] });
    const rules = await jar.api('GET', '/api/utilities/i18n/US');
    expect(rules.body.addressRules).toMatchObject({
      addressLine1: { required: true, max: 30 },
      city: { max: 30, transform: 'capitalize' },
      postalCode: { masks: ['99999', '99999-9999'], transform: 'uppercase' },
    });
  });

  it('takes the tax from a verified state: a postal code that contradicts it is refused when the address is set', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId } = await cartWith(jar, stock.variantId);
    const path = `/api/cart/v2/cart/${basketId}/shippingAddress`;
    const losAngeles = { ...MA_ADDRESS, addressLine1: '200 N Spring St', city: 'Los Angeles', postalCode: '90012', phone: '(213) 555-0123' };
    // Oregon has no sales tax: a shopper naming it for a Los Angeles ZIP code would choose their own rate.
    const oregon = await jar.api('POST', path, [{ ...losAngeles, province: 'OR' }]);
    expect([oregon.status, oregon.body.errorId]).toEqual([400, 'CHK320']);
    expect(oregon.body.details[0]).toMatchObject({ field: 'province', suggestion: 'CA' });
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.shippingAddress ?? null).toBeNull();
    // A ZIP code that is in no state the store delivers to cannot carry one either.
    const guam = await jar.api('POST', path, [{ ...losAngeles, postalCode: '96910', province: 'OR' }]);
    expect([guam.status, guam.body.errorId, guam.body.details[0].field]).toEqual([400, 'CHK320', 'postalCode']);
    const california = await jar.api('POST', path, [{ ...losAngeles, province: 'CA' }]);
    expect(california.status).toBe(200);
    expect(california.body.totals.tax).toBeGreaterThan(0);
    // Where an address is priced without being kept (the Apple Pay sheet's quote), the postal code's state is taxed.
    const quote = (administrativeArea: string) =>
      jar.api('POST', `/api/cart/v1/cart/${basketId}/applePay/quote`, {
        shippingContact: { countryCode: 'US', administrativeArea, locality: 'Los Angeles', postalCode: '90012' },
      });
    const [claimed, actual] = [await quote('OR'), await quote('CA')];
    expect([claimed.status, actual.status]).toEqual([200, 200]);
    expect(claimed.body.total).toEqual(actual.body.total);

    // A Canadian postal code names its province by its first letter.
    const canadian = new Jar();
    const ca = { 'x-locale': 'en-ca' };
    const caBasket = (await canadian.api('POST', '/api/cart/v1/cart', {}, ca)).body.basketId as string;
    await canadian.api('POST', '/api/cart/v1/item', { cartId: caBasket, productId: stock.variantId, qty: 1 }, ca);
    const toronto = { ...MA_ADDRESS, countryCode: 'CA', city: 'Toronto', postalCode: 'M5V 2T6', phone: '(416) 555-0123' };
    const alberta = await canadian.api('POST', `/api/cart/v2/cart/${caBasket}/shippingAddress`, [{ ...toronto, province: 'AB' }], ca);
    expect([alberta.status, alberta.body.errorId, alberta.body.details[0].suggestion]).toEqual([400, 'CHK320', 'ON']);
    expect((await canadian.api('POST', `/api/cart/v2/cart/${caBasket}/shippingAddress`, [{ ...toronto, province: 'ON' }], ca)).status).toBe(200);
  });

  it('keeps a delivery address in the address book only with the state its postal code is in', async () => {
    const jar = await signedInJar('will.wranx@cairn.test', '198.19.30.2');
    const refused = await jar.api('POST', '/api/consumers-v3/consumer/address', {
      ...MA_ADDRESS,
      city: 'Los Angeles',
      postalCode: '90012',
      province: 'OR',
      approachType: 'S',
    });
    expect([refused.status, refused.body.errorId, refused.body.details?.[0]?.suggestion]).toEqual([400, 'CHK320', 'CA']);
  });

  it('takes a billing address with its email, and says what is missing', async () => {
    const jar = new Jar();
    const stock = await pickupStock();
    const { basketId } = await cartWith(jar, stock.variantId);
    const path = `/api/cart/v1/cart/${basketId}/billingAddress`;
    expect((await jar.api('POST', path, {})).body.errorId).toBe('BIL400');
    expect((await jar.api('POST', path, { ...MA_ADDRESS, email: 'ana@example.com', phone: '' })).body.errorId).toBe('BILL410');
    const set = await jar.api('POST', path, { ...MA_ADDRESS, email: 'ana@example.com' });
    expect(set.body.billingAddress).toMatchObject({ email: 'ana@example.com', newsletterConsent: false });
    expect((await jar.api('DELETE', path)).body.billingAddress).toBeNull();
  });
});

describe('payment methods', () => {
  it('lists the site’s methods: Klarna in Great Britain, not in the US', async () => {
    const us = new Jar();
    const stock = await pickupStock();
    const { basketId } = await cartWith(us, stock.variantId);
    const usMethods = (await us.api('GET', `/api/cart/v1/cart/${basketId}/paymentMethods`)).body.paymentMethods.map((m: { id: string }) => m.id);
    // Apple Pay because the sandbox processor takes it; the browser shows it only where the device has it.
    expect(usMethods).toEqual(['CREDIT_CARD', 'GIFT_CARD', 'PAYPAL', 'DW_APPLE_PAY']);
    const gb = new Jar();
    const gbBasket = (await gb.api('POST', '/api/cart/v1/cart', {}, { 'x-locale': 'en-gb' })).body.basketId as string;
    const gbMethods = (await gb.api('GET', `/api/cart/v1/cart/${gbBasket}/paymentMethods`)).body.paymentMethods.map((m: { id: string }) => m.id);
    expect(gbMethods).toContain('KLARNA');
  });
});
