// Personal data (the account issue, §1 Personal data; account-content §7 retrieveUserData): the export holds
// every row about the shopper in every table that holds personal data (checked against the schema itself,
// so a new table cannot be forgotten), never a secret; deletion erases or anonymises all of it but the order
// records the law keeps, and signs out every session.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { SESSION_COOKIE } from '../../src/shared/api/session.ts';
import { cardToken, placeOrder, stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { emailTo, mailSettled, one, request } from './helpers.ts';
import { signedIn } from './identity.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;
const EMAIL = 'ian.ipa@cairn.test';

/**
 * Tables holding a shopper's number or address, from the schema, with how many rows are this shopper's;
 * a table named with a leading underscore is tooling's (D1's own, the seed's copies).
 */
async function personalRows(consumerNo: string, email: string): Promise<Record<string, number>> {
  const tables = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'd1_%'",
    ).all<{ name: string }>()
  ).results;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (!/^[a-z_]+$/.test(name) || name === 'audit_log' || name === 'store_employees' || name.startsWith('product_search')) continue;
    const columns = (await env.DB.prepare(`PRAGMA table_info(${name})`).all<{ name: string }>()).results.map((c) => c.name);
    const values: string[] = [];
    const where = [
      ...columns.filter((c) => ['consumer_no', 'referred_no', 'referrer_no'].includes(c)).map((c) => `${c} = ?${values.push(consumerNo)}`),
      ...columns.filter((c) => ['email', 'recipient'].includes(c)).map((c) => `${c} = ?${values.push(email)} COLLATE NOCASE`),
    ];
    if (where.length === 0) continue;
    const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${name} WHERE ${where.join(' OR ')}`)
      .bind(...values)
      .first<{ n: number }>();
    if ((row?.n ?? 0) > 0) counts[name] = row?.n ?? 0;
  }
  return counts;
}

async function giveHimData(jar: Jar): Promise<string> {
  await jar.api('POST', '/api/consumers-v3/consumer/address', { ...US_ADDRESS, approachType: 'B' });
  await jar.api('POST', '/api/consumers-v3/consumer/payment_instruments', { token: await cardToken('5555555555554444') });
  const variant = await stockedVariant(5, 70);
  expect((await jar.api('POST', '/api/wishlists/v2/favorites', { id: variant.id })).status).toBeLessThan(300);
  await jar.api('PUT', '/api/consumers-v3/consumer/notification', { subscriptions: [{ type: 'Newsletter', channel: 'email', optin: true }] });
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
  await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email: EMAIL }]);
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: EMAIL });
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
    payment_method_id: 'CREDIT_CARD',
    additionalDetails: { token: await cardToken('4242424242424242') },
  });
  const placed = await placeOrder(jar, basketId);
  expect(placed.status).toBe(201);
  // Every email this made has arrived (the order's confirmation comes through two queues).
  await emailTo(EMAIL, 'order-confirmation');
  await mailSettled();
  return placed.body.orderNumber as string;
}

describe('the personal data export', () => {
  it('mails every row the schema holds about the shopper, no secret among them, to the account’s own address', async () => {
    const jar = await signedInJar(EMAIL, '198.19.19.1');
    const { consumer_no: consumerNo } = await one<{ consumer_no: string }>('SELECT consumer_no FROM consumers WHERE email = ?1', EMAIL);
    const orderNumber = await giveHimData(jar);

    const wrong = await jar.api('POST', '/api/consumers-v3/consumer/retrieveUserData', { consumerId: consumerNo, email: 'someone@example.com' });
    expect([wrong.status, wrong.body.errorId]).toEqual([404, 'CCN404']);
    const other = await jar.api('POST', '/api/consumers-v3/consumer/retrieveUserData', { consumerId: 'C0000000001', email: EMAIL });
    expect(other.body.errorId).toBe('CCN404');
    const asked = await jar.api('POST', '/api/consumers-v3/consumer/retrieveUserData', { consumerId: consumerNo, email: EMAIL.toUpperCase() });
    expect([asked.status, asked.body.sent]).toEqual([202, true]);

    const mail = await emailTo(EMAIL, 'data-export');
    const [file] = JSON.parse(mail?.attachments ?? '[]') as { filename: string; contentType: string; content: string }[];
    expect(file).toMatchObject({ filename: `cairn-personal-data-${consumerNo}.json`, contentType: 'application/json' });
    const raw = new TextDecoder().decode(Uint8Array.from(atob(file?.content ?? ''), (c) => c.charCodeAt(0)));
    const data = JSON.parse(raw) as Json;
    expect(data).toMatchObject({ format: 'cairn-personal-data/1', consumerNo, email: EMAIL });
    // Complete: every table with this shopper's rows is in it, with all of them.
    const expected = await personalRows(consumerNo, EMAIL);
    // (The email carrying the export was written after it.)
    for (const [table, count] of Object.entries(expected))
      expect([table, data.tables[table]?.length ?? 0]).toEqual([table, table === 'outbox' ? count - 1 : count]);
    expect(data.tables.refresh_tokens.length).toBeGreaterThan(0);
    for (const table of ['consumers', 'consumer_addresses', 'payment_cards', 'product_lists', 'orders', 'subscription_confirmations'])
      expect(Object.keys(expected)).toContain(table);
    // And what hangs off them: the order's lines, payments and history, the list's items.
    for (const table of ['order_lines', 'order_payments', 'order_status_history', 'product_list_items'])
      expect(data.tables[table]?.length, table).toBeGreaterThan(0);
    expect(data.tables.orders.map((o: Json) => o.order_number)).toContain(orderNumber);
    expect(raw).not.toMatch(/password_hash|token_hash|st_hash|"token"/);
    expect(raw).not.toContain('4242424242424242');
    expect(data.auditLog.map((entry: Json) => entry.action)).toContain('address.add');
  });
});

describe('deleting the account', () => {
  it('needs the password, erases all but the kept order records, and ends every session', async () => {
    const jar = await signedInJar(EMAIL, '198.19.19.2');
    const second = await signedInJar(EMAIL, '198.19.19.3');
    const { consumer_no: consumerNo } = await one<{ consumer_no: string }>('SELECT consumer_no FROM consumers WHERE email = ?1', EMAIL);
    const orderNumber = await giveHimData(jar);

    const wrong = await jar.api('DELETE', '/api/consumers-v3/consumer', { password: 'not-it-at-all' });
    expect([wrong.status, wrong.body.errorId]).toEqual([401, 'AUT450']);
    const deleted = await jar.api('DELETE', '/api/consumers-v3/consumer', { password: DEMO_PASSWORD });
    expect([deleted.status, deleted.body.deleted]).toEqual([200, true]);

    await emailTo(EMAIL, 'account-deleted');
    const left = await personalRows(consumerNo, EMAIL);
    // Only the order records the law keeps (and the stub they belong to) still name the shopper, and the
    // email that says the account is gone.
    expect(Object.keys(left).sort()).toEqual(['consumers', 'coupon_redemptions', 'orders', 'outbox'].filter((t) => t in left).sort());
    expect(left.outbox).toBe(1);
    expect(await one('SELECT kind FROM outbox WHERE recipient = ?1', EMAIL)).toEqual({ kind: 'account-deleted' });
    expect(left.consumers).toBe(1);
    const stub = await env.DB.prepare('SELECT email, first_name, phone, password_hash, deleted_at FROM consumers WHERE consumer_no = ?1')
      .bind(consumerNo)
      .first<Json>();
    expect(stub).toMatchObject({
      email: `deleted-${consumerNo.toLowerCase()}@invalid`,
      first_name: null,
      phone: null,
      password_hash: '!',
      deleted_at: expect.any(String),
    });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM order_lines WHERE order_number = ?1').bind(orderNumber).first<{ n: number }>()).toEqual({
      n: expect.any(Number),
    });
    const sessions = await env.DB.prepare("SELECT COUNT(*) AS n FROM refresh_tokens WHERE json_extract(claims, '$.consumerNo') = ?1")
      .bind(consumerNo)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
    expect((await signedIn(EMAIL, DEMO_PASSWORD, '198.19.19.4')).status).not.toBe(200);
    // The other device's session cannot be renewed: its refresh token is gone.
    const renewed = await request('/api/consumers-v3/consumer', {
      headers: { cookie: second.header.replace(new RegExp(`${SESSION_COOKIE}=[^;]+;?\\s*`), '') },
    });
    expect(renewed.status).toBe(401);
    expect((await new Jar().api('GET', '/api/consumers-v3/consumer')).status).toBe(401);
  });
});

describe('the profile page’s Your data', () => {
  it('emails the export and deletes the account as plain forms', async () => {
    const email = 'ada.athlete@cairn.test';
    const jar = await signedInJar(email, '198.19.19.5');
    expect((await jar.get('/en-us/account/profile')).html).toContain('Delete your account');
    const exported = await jar.post('/en-us/account/data-export', {});
    expect([exported.status, exported.headers.get('location')]).toEqual([303, '/en-us/account/profile?notice=exported']);
    await emailTo(email, 'data-export');
    await mailSettled();
    expect(await one('SELECT COUNT(*) AS n FROM outbox WHERE kind = ?1 AND recipient = ?2', 'data-export', email)).toEqual({ n: 1 });

    const unconfirmed = await jar.post('/en-us/account/delete', { password: DEMO_PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Tick the box to confirm you want to delete your account.');
    const wrong = await jar.post('/en-us/account/delete', { password: 'wrong-password-1', confirm: 'on' });
    expect(wrong.status).toBe(401);
    const gone = await jar.post('/en-us/account/delete', { password: DEMO_PASSWORD, confirm: 'on' });
    expect([gone.status, gone.headers.get('location')]).toEqual([303, '/en-us/account?notice=deleted']);
    const after = await jar.get('/en-us/account?notice=deleted');
    expect(after.html).toContain('Your account is deleted.');
    expect(after.html).not.toContain('Delete your account');
  });
});
