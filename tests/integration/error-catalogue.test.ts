// Codes of the error catalogue (commerce-core §8) that answer conditions no other file provokes, each through
// the worker as a client meets it: the status, the code, and that nothing changed.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { hashPassword } from '../../src/worker/commerce/identity/passwords.ts';
import { cardToken, payWithCard, readyBasket, stockedVariant, submitOrder, US_ADDRESS } from './checkout-helpers.ts';
import { getJson, request } from './helpers.ts';
import { cookiesOf, JSON_POST, signedIn, verifier } from './identity.ts';
import { interleaved } from './interleave.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

describe('API406', () => {
  it('refuses a call whose Accept admits nothing the endpoint answers, before it runs', async () => {
    const html = await getJson<Json>('/api/utilities/countryList', { headers: { accept: 'text/html' } });
    expect([html.status, html.body.errorId]).toEqual([406, 'API406']);
    expect((await getJson<Json>('/api/utilities/countryList', { headers: { accept: 'text/html, application/json;q=0.5' } })).status).toBe(200);
    expect((await getJson<Json>('/api/utilities/countryList', { headers: { accept: '*/*' } })).status).toBe(200);
    // A refused mutation makes nothing: no basket, no session.
    const refused = await request('/api/cart/v1/cart', { method: 'POST', headers: { ...JSON_POST, accept: 'application/xml' }, body: '{}' });
    expect(refused.status).toBe(406);
    expect(cookiesOf(refused)).toEqual({});
    // A document endpoint answers PDF, so a PDF-only Accept reaches it (and meets its own rules).
    const invoice = await getJson<Json>('/api/consumers-v3/consumer/purchase/invoice/download', {
      method: 'POST',
      headers: { ...JSON_POST, accept: 'application/pdf' },
      body: '{}',
    });
    expect(invoice.status).not.toBe(406);
  });
});

describe('AUT418', () => {
  it('is the employees’ sign-in refusing a wrong password, where shoppers’ sign-in says AUT437', async () => {
    const attempt = async (path: string, address: string) =>
      getJson<Json>(path, {
        method: 'POST',
        headers: { ...JSON_POST, 'cf-connecting-ip': address },
        body: JSON.stringify({ username: 'eve.employee@cairn.test', password: 'Not-Her-Password-1', codeChallenge: await challengeOf(verifier()) }),
      });
    const employee = await attempt('/api/consumers-v3/consumer/agent/login', '192.0.2.160');
    expect([employee.status, employee.body.errorId, employee.body.message]).toEqual([401, 'AUT418', 'The email or password is not correct.']);
    expect((await attempt('/api/consumers-v3/auth/signin', '192.0.2.161')).body.errorId).toBe('AUT437');
  });
});

describe('ORD430', () => {
  it('refuses an order holding an item that no longer exists, naming its line; an empty cart is API409 ProductItemRequired', async () => {
    // A size the catalogue drops while it sits in a basket.
    const stocked = await stockedVariant();
    const product = (await env.DB.prepare('SELECT product_id FROM variants WHERE id = ?1').bind(stocked.id).first<{ product_id: string }>())
      ?.product_id as string;
    const dropped = `${product}Z9`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO variants (id, product_id, upc, size, position) VALUES (?1, ?2, '999000000430', '15', 99)").bind(dropped, product),
      env.DB.prepare('INSERT INTO inventory (variant_id, quantity) VALUES (?1, 9)').bind(dropped),
    ]);
    const jar = new Jar();
    const basketId = await readyBasket(jar, dropped);
    await payWithCard(jar, basketId, '4242424242424242');
    await env.DB.batch([
      env.DB.prepare('DELETE FROM inventory WHERE variant_id = ?1').bind(dropped),
      env.DB.prepare('DELETE FROM variants WHERE id = ?1').bind(dropped),
    ]);
    const lineId = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items[0]?.id;
    const refused = await submitOrder(jar, basketId);
    expect([refused.status, refused.body.errorId, refused.body.details]).toEqual([409, 'ORD430', [{ field: lineId, message: 'ProductItemNotAvailable' }]]);

    const empty = new Jar();
    const emptyId = (await empty.api('POST', '/api/cart/v1/cart', {})).body.basketId;
    const nothing = await submitOrder(empty, emptyId);
    expect([nothing.status, nothing.body.errorId, nothing.body.details]).toEqual([409, 'API409', [{ field: 'items', message: 'ProductItemRequired' }]]);
  });
});

describe('INV409 and INV701', () => {
  it('INV409: a reserve-online product is refused by the cart, and reserved at a store instead', async () => {
    const robis = await env.DB.prepare(
      `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       JOIN inventory i ON i.variant_id = v.id WHERE s.is_robis_only = 1 ORDER BY v.id LIMIT 1`,
    ).first<{ id: string }>();
    expect(robis).not.toBeNull();
    const jar = new Jar();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId;
    const refused = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: robis?.id, qty: 1 });
    expect([refused.status, refused.body.errorId, refused.body.details[0].field]).toEqual([409, 'INV409', 'productId']);
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items).toEqual([]);
  });

  it('INV701: a physical product the warehouse keeps no record of, where one with none left answers its zeros', async () => {
    const product = (
      await env.DB.prepare(
        `SELECT p.id FROM products p JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 0 AND s.is_robis_only = 0 ORDER BY p.id LIMIT 1`,
      ).first<{ id: string }>()
    )?.id as string;
    const variants = (await env.DB.prepare('SELECT id FROM variants WHERE product_id = ?1').bind(product).all<{ id: string }>()).results.map((v) => v.id);
    const kept = await env.DB.prepare(`SELECT variant_id, quantity FROM inventory WHERE variant_id IN (${variants.map(() => '?').join(',')})`)
      .bind(...variants)
      .all<{ variant_id: string; quantity: number }>();
    await env.DB.prepare(`UPDATE inventory SET quantity = 0 WHERE variant_id IN (${variants.map(() => '?').join(',')})`)
      .bind(...variants)
      .run();
    const none = await getJson<Json>(`/api/products/v2/products/${product}/inventory`);
    expect(none.status).toBe(200);
    expect(Object.values(none.body.variants).every((v: any) => v.quantity === 0)).toBe(true);
    await env.DB.prepare(`DELETE FROM inventory WHERE variant_id IN (${variants.map(() => '?').join(',')})`)
      .bind(...variants)
      .run();
    const untracked = await getJson<Json>(`/api/products/v2/products/${product}/inventory`);
    expect([untracked.status, untracked.body.errorId]).toEqual([404, 'INV701']);
    await env.DB.batch(
      kept.results.map((row) => env.DB.prepare('INSERT INTO inventory (variant_id, quantity) VALUES (?1, ?2)').bind(row.variant_id, row.quantity)),
    );
  });
});

describe('PYT404, PYT405 and PYT406 at express checkout', () => {
  it('name the missing card, the missing default address and a default address this delivery cannot reach', async () => {
    const jar = await signedInJar('ada.athlete@cairn.test', '198.19.16.1');
    const variant = await stockedVariant(5, 3);
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
    const express = () => jar.api('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}&express=true`);

    const noCard = await express();
    expect([noCard.status, noCard.body.errorId, noCard.body.details]).toEqual([
      404,
      'PYT404',
      [{ field: 'paymentInstrument', message: 'PAYMENT_INSTRUMENT_NOT_FOUND' }],
    ]);
    expect((await jar.api('POST', '/api/consumers-v3/consumer/payment_instruments', { token: await cardToken('4242424242424242') })).status).toBe(201);
    const noAddress = await express();
    expect([noAddress.status, noAddress.body.errorId, noAddress.body.details]).toEqual([
      409,
      'PYT405',
      [{ field: 'shippingAddress', message: 'ADDRESS_NOT_FOUND' }],
    ]);

    // An address the book took on the Canadian site, default on the account, met by the US site's express checkout.
    const canadian = { ...US_ADDRESS, countryCode: 'CA', province: 'ON', city: 'Toronto', postalCode: 'M5V 2T6', phone: '4165550123', approachType: 'S' };
    expect((await jar.api('POST', '/api/consumers-v3/consumer/address', canadian, { 'x-locale': 'en-ca' })).status).toBe(201);
    const abroad = await express();
    expect([abroad.status, abroad.body.errorId, abroad.body.details[0]]).toEqual([
      409,
      'PYT406',
      { field: 'shippingAddress', message: 'We do not deliver to this country from this site.' },
    ]);
    // Nothing was written to the basket on the way.
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.shippingAddress ?? null).toBeNull();
  });
});

describe('TAX309', () => {
  it('keeps the table’s estimate on the cart while the tax service cannot answer, and places no order on it', async () => {
    const jar = new Jar();
    const basketId = await readyBasket(jar, (await stockedVariant(5, 5)).id);
    const estimate = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.totals.tax;
    // Stripe Tax configured, and not reachable from here: the failure a production store meets when it is down.
    jar.bindings = { ...env, TAX_SERVICE: 'stripe', STRIPE_SECRET_KEY: 'sk_test_unreachable' };
    const cart = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(cart.status).toBe(200);
    expect(cart.body.totals.tax).toBe(estimate);
    expect(cart.body.flash.map((f: Json) => f.type)).toContain('TAX309');
    const review = await jar.api('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}`);
    expect([review.status, review.body.errorId]).toEqual([503, 'TAX309']);
    await payWithCard(jar, basketId, '4242424242424242');
    const order = await submitOrder(jar, basketId);
    expect([order.status, order.body.errorId]).toEqual([503, 'TAX309']);
    jar.bindings = env;
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.flash.map((f: Json) => f.type)).not.toContain('TAX309');
  });
});

/** A new account of its own, signed in through a jar. */
async function freshMember(address: string): Promise<{ jar: Jar; email: string; password: string }> {
  const email = `codes.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'Summit-Bound-4';
  const created = await getJson<Json>('/api/consumers-v3/auth/signup', {
    method: 'POST',
    headers: { ...JSON_POST, 'x-locale': 'en-us', 'cf-connecting-ip': address },
    body: JSON.stringify({ firstName: 'Robin', lastName: 'Moss', email, password, gender: 'unspecified', isTermsConfirmed: true }),
  });
  expect(created.status).toBe(201);
  return { jar: await signedInJar(email, address, password), email, password };
}

describe('PRO415', () => {
  it('refuses a password change when the password changed after it was checked, and keeps the newer one', async () => {
    const { jar, email, password } = await freshMember('192.0.2.170');
    // A reset from the emailed link lands between the check of the current password and the change.
    jar.bindings = {
      ...env,
      DB: interleaved(/^UPDATE consumers SET password_hash/, async () =>
        env.DB.prepare('UPDATE consumers SET password_hash = ?2 WHERE email = ?1')
          .bind(email, await hashPassword('Reset-Link-55'))
          .run(),
      ),
    };
    const refused = await jar.api('POST', '/api/consumers-v3/consumer/changepassword', {
      currentPassword: password,
      newPassword: 'Brand-New-66',
      confirmPassword: 'Brand-New-66',
    });
    expect([refused.status, refused.body.errorId]).toEqual([409, 'PRO415']);
    jar.bindings = env;
    expect((await signedIn(email, 'Reset-Link-55', '192.0.2.171')).body.type).toBe('registered');
    expect((await signedIn(email, 'Brand-New-66', '192.0.2.172')).body.errorId).toBe('AUT437');
  });
});

describe('AUT500', () => {
  it('is the answer when the bot check cannot be asked (Turnstile unreachable): nobody is let in unchecked', async () => {
    const jar = new Jar();
    jar.bindings = { ...env, TURNSTILE_SECRET: 'turnstile-secret-unreachable' };
    const signIn = await jar.api('POST', '/api/consumers-v3/auth/signin', {
      username: 'ana@cairn.test',
      password: 'Not-The-Password-1',
      codeChallenge: await challengeOf(verifier()),
      recaptcha_response: 'token',
    });
    expect([signIn.status, signIn.body.errorId]).toEqual([503, 'AUT500']);
    expect(signIn.body.authorizationCode).toBeUndefined();
  });
});

describe('PRO412', () => {
  it('refuses a profile update landing after the account was closed, and writes nothing back into it', async () => {
    const { jar, email } = await freshMember('192.0.2.173');
    const consumerNo = (await env.DB.prepare('SELECT consumer_no FROM consumers WHERE email = ?1').bind(email).first<{ consumer_no: string }>())?.consumer_no;
    // The account is closed from another device between the update's read and its write.
    jar.bindings = {
      ...env,
      DB: interleaved(/^INSERT INTO write_guards/, () =>
        env.DB.prepare("UPDATE consumers SET first_name = NULL, deleted_at = '2026-11-28T00:00:00Z' WHERE consumer_no = ?1").bind(consumerNo).run(),
      ),
    };
    const refused = await jar.api('PUT', '/api/consumers-v3/consumer', { consumerProfile: { consumerDetails: { firstName: 'Robyn' } } });
    expect([refused.status, refused.body.errorId]).toEqual([409, 'PRO412']);
    expect(await env.DB.prepare('SELECT first_name FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first('first_name')).toBeNull();
  });

  it('answers PRO400 at the email when another account takes it between the check and the write', async () => {
    const { jar, password } = await freshMember('192.0.2.174');
    const wanted = `taken.${crypto.randomUUID().slice(0, 8)}@example.com`;
    jar.bindings = {
      ...env,
      DB: interleaved(/^INSERT INTO write_guards/, () =>
        env.DB.prepare(
          "INSERT INTO consumers (consumer_no, email, password_hash, site_id, locale, created_at, updated_at) VALUES ('C0000000412', ?1, 'x', 'US', 'en-us', 'x', 'x')",
        )
          .bind(wanted)
          .run(),
      ),
    };
    const refused = await jar.api('PUT', '/api/consumers-v3/consumer', { consumerProfile: { consumerDetails: { email: wanted, currentPassword: password } } });
    expect([refused.status, refused.body.errorId, refused.body.details?.[0]?.field]).toEqual([409, 'PRO400', 'email']);
  });
});

describe('PRO414', () => {
  it('is deleting a billing address already removed from another device: the book is left as that removal left it', async () => {
    const { jar } = await freshMember('192.0.2.175');
    const path = '/api/consumers-v3/consumer/address';
    const first = await jar.api('POST', path, { ...US_ADDRESS, approachType: 'B' });
    const second = await jar.api('POST', path, { ...US_ADDRESS, addressLine1: '400 Oak Avenue', approachType: 'B' });
    jar.bindings = {
      ...env,
      DB: interleaved(/^INSERT INTO write_guards/, () =>
        env.DB.prepare('DELETE FROM consumer_addresses WHERE address_id = ?1').bind(first.body.addressId).run(),
      ),
    };
    const refused = await jar.api('DELETE', `${path}/${first.body.addressId}`);
    expect([refused.status, refused.body.errorId]).toEqual([409, 'PRO414']);
    jar.bindings = env;
    const left = (await jar.api('GET', path)).body.addresses as Json[];
    expect(left.map((a) => a.addressId)).toEqual([second.body.addressId]);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'address.delete' AND details LIKE ?1")
        .bind(`%${first.body.addressId}%`)
        .first('n'),
    ).toBe(0);
  });
});

describe('PAY401', () => {
  it('refuses Klarna for goods delivered outside the country it bills, before the shopper is sent there', async () => {
    const jar = new Jar();
    jar.address = '198.19.17.1';
    const gb = { 'x-locale': 'en-gb' };
    const variant = await env.DB.prepare(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'GB'
       WHERE i.quantity >= 5 AND COALESCE(pr.sale_amount, pr.list_amount) >= 5000 AND s.is_digital = 0 AND s.max_qty IS NULL AND s.is_presale = 0 AND s.is_robis_only = 0
       ORDER BY v.id LIMIT 1`,
    ).first<{ id: string }>();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {}, gb)).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant?.id, qty: 1 }, gb);
    const home = {
      firstName: 'Ana',
      lastName: 'Lima',
      addressLine1: '10 Baker Street',
      city: 'London',
      postalCode: 'NW1 6XE',
      countryCode: 'GB',
      phone: '07700900123',
    };
    expect((await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...home, email: 'ana@example.co.uk' }], gb)).status).toBe(200);
    const billedInFrance = {
      ...home,
      addressLine1: '8 rue de Rivoli',
      city: 'Paris',
      postalCode: '75001',
      countryCode: 'FR',
      phone: '612345678',
      email: 'ana@example.co.uk',
    };
    expect((await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, billedInFrance, gb)).status).toBe(200);
    const refused = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'KLARNA' }, gb);
    expect([refused.status, refused.body.errorId, refused.body.details]).toEqual([400, 'PAY401', [{ field: 'paymentMethod', message: 'CANT_SHIP_THERE' }]]);
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`, undefined, gb)).body.payment).toBeNull();
    expect((await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...home, email: 'ana@example.co.uk' }, gb)).status).toBe(200);
    expect((await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'KLARNA' }, gb)).status).toBe(200);
    // Billed abroad after Klarna was chosen: its session is refused all the same.
    expect((await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, billedInFrance, gb)).status).toBe(200);
    const session = await jar.api('GET', `/api/cart/v1/paymentSession?paymentMethod=klarna&basketId=${basketId}&referer=checkout`, undefined, gb);
    expect([session.status, session.body.errorId]).toEqual([400, 'PAY401']);
  });
});

describe('ORD517 and ORD518', () => {
  it('ORD517: a reserved item cannot be switched to home delivery', async () => {
    const jar = new Jar();
    const held = await env.DB.prepare(
      `SELECT si.variant_id, si.store_id FROM store_inventory si JOIN variants v ON v.id = si.variant_id JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id JOIN stores st ON st.id = si.store_id
       WHERE s.is_robis_only = 1 AND si.quantity > 0 AND st.site_id = 'US' AND st.services LIKE '%"pickup"%' ORDER BY si.store_id LIMIT 1`,
    ).first<{ variant_id: string; store_id: string }>();
    const reserved = await jar.api('POST', '/api/cart/v1/reserveWithItem', { productId: held?.variant_id, storeId: held?.store_id });
    const item = reserved.body.items[0];
    const home = await jar.api('PUT', `/api/cart/v1/cart/${reserved.body.basketId}/item`, { itemId: item.id, qty: 1, storeId: null });
    expect([home.status, home.body.errorId]).toEqual([409, 'ORD517']);
    const after = await jar.api('GET', `/api/cart/v1/cart/${reserved.body.basketId}`);
    expect(after.body.items[0].shippingOptions.storeInfo.id).toBe(held?.store_id);
  });

  it('ORD518: a pickup store without enough of the item, which cannot have it sent, is refused when chosen', async () => {
    const short = await env.DB.prepare(
      `SELECT st.id AS store_id, v.id AS variant_id FROM stores st CROSS JOIN variants v JOIN inventory i ON i.variant_id = v.id
       JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE st.site_id = 'US' AND st.services LIKE '%"pickup"%' AND st.services NOT LIKE '%"ship-to-store"%' AND i.quantity >= 5
         AND s.is_robis_only = 0 AND s.is_digital = 0 AND s.is_presale = 0 AND s.max_qty IS NULL
         AND NOT EXISTS (SELECT 1 FROM store_inventory si WHERE si.store_id = st.id AND si.variant_id = v.id AND si.quantity > 0)
       ORDER BY st.id, v.id LIMIT 1`,
    ).first<{ store_id: string; variant_id: string }>();
    expect(short).not.toBeNull();
    const jar = new Jar();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: short?.variant_id, qty: 1 });
    const refused = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: added.body.items[0].id, qty: 1, storeId: short?.store_id });
    expect([refused.status, refused.body.errorId, refused.body.details[0].field]).toEqual([409, 'ORD518', 'storeId']);
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items[0].shippingOptions.selected).toBe('STH');
  });
});

describe('ORD415', () => {
  it('refuses to review or place an order whose figures do not add up (a price imported as a fraction of a cent)', async () => {
    const stocked = await stockedVariant(5, 7);
    const product = (await env.DB.prepare('SELECT product_id FROM variants WHERE id = ?1').bind(stocked.id).first<{ product_id: string }>())?.product_id;
    const jar = new Jar();
    const basketId = await readyBasket(jar, stocked.id);
    await payWithCard(jar, basketId, '4242424242424242');
    const kept = await env.DB.prepare("SELECT list_amount, sale_amount FROM prices WHERE item_id = ?1 AND site_id = 'US'")
      .bind(product)
      .first<{ list_amount: number; sale_amount: number | null }>();
    await env.DB.prepare("UPDATE prices SET list_amount = 4950.5, sale_amount = NULL WHERE item_id = ?1 AND site_id = 'US'").bind(product).run();
    const review = await jar.api('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}`);
    const order = await submitOrder(jar, basketId);
    await env.DB.prepare("UPDATE prices SET list_amount = ?2, sale_amount = ?3 WHERE item_id = ?1 AND site_id = 'US'")
      .bind(product, kept?.list_amount, kept?.sale_amount)
      .run();
    expect([review.status, review.body.errorId]).toEqual([500, 'ORD415']);
    expect([order.status, order.body.errorId]).toEqual([500, 'ORD415']);
    expect(JSON.stringify(review.body)).not.toContain('4950.5');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE basket_id = ?1').bind(basketId).first('n')).toBe(0);
  });
});

describe('PRO418', () => {
  it('refuses a loyalty enrolment whose drawn member number is another member’s, writing nothing; trying again works', async () => {
    const { jar, email } = await freshMember('192.0.2.176');
    const taken = 'M0000000000';
    await env.DB.prepare(
      "INSERT INTO consumers (consumer_no, email, password_hash, site_id, locale, member_id, created_at, updated_at) VALUES ('C0000000418', 'member.418@example.com', 'x', 'US', 'en-us', ?1, 'x', 'x')",
    )
      .bind(taken)
      .run();
    // The draw comes out as the taken number: every random byte zero, for this one call.
    const draw = crypto.getRandomValues.bind(crypto);
    crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array && array.length === 10) return array.fill(0) as unknown as T;
      return draw(array as Parameters<typeof draw>[0]) as T;
    }) as typeof crypto.getRandomValues;
    const enrol = () => jar.api('PUT', '/api/consumers-v3/consumer', { consumerProfile: { subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } } });
    let refused: Awaited<ReturnType<typeof enrol>>;
    try {
      refused = await enrol();
    } finally {
      crypto.getRandomValues = draw as typeof crypto.getRandomValues;
    }
    expect([refused.status, refused.body.errorId]).toEqual([409, 'PRO418']);
    expect(await env.DB.prepare('SELECT member_id FROM consumers WHERE email = ?1').bind(email).first('member_id')).toBeNull();
    const again = await enrol();
    expect(again.body.consumerProfile.memberId).toMatch(/^M\d{10}$/);
  });
});
