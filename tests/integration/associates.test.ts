// In-store associates and employees (commerce-core §4, account-content §3, §6): a store device registered
// by an operator connects an associate with their PIN (the PIN alone does not, and the staff list is the
// registered device's only); the session carries the store while shoppers sign in and out; favorites
// are not loaded; clearing ends it all; every associate action is audited. Employees sign in through the
// agent login and are asked for the discount terms.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { REFRESH_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/api/session.ts';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { D1_BOOKMARK_COOKIE } from '../../src/worker/middleware/d1-session.ts';
import { ADMIN_HEADERS, getJson, namedAdmin, request } from './helpers.ts';
import { cookieHeader, cookiesOf, JSON_POST, signedIn, verifier } from './identity.ts';
import { enrol, enrolmentCode, storeDevice } from './store-device.ts';

type Json = Record<string, any>;

async function connect(body: Json, address: string, cookie = '') {
  const response = await request('/api/consumers-v3/associate/session', {
    method: 'POST',
    headers: { ...JSON_POST, 'cf-connecting-ip': address, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json, cookies: cookiesOf(response) };
}

async function auditOf(employeeId: string) {
  const { results } = await env.DB.prepare('SELECT action, subject, details FROM audit_log WHERE actor = ?1 ORDER BY id').bind(`associate:${employeeId}`).all<{
    action: string;
    subject: string;
    details: string;
  }>();
  return results.map((row) => ({ ...row, details: JSON.parse(row.details) as Json }));
}

/** The store's associates as its registered device sees them. */
async function staffOf(storeId: string, device: string) {
  return getJson<Json>(`/api/utilities/stores/${storeId}/employees`, { headers: { cookie: device } });
}

describe('a store’s associates', () => {
  it('are listed only to a device registered to the store, by name and number, never with their PIN', async () => {
    // Who works where, and their badge numbers, is not for anyone who asks.
    const open = await getJson<Json>('/api/utilities/stores/US-0001/employees');
    expect([open.status, open.body.errorId]).toEqual([403, 'STR403']);
    expect(open.body.employees).toBeUndefined();
    const device = await storeDevice('US-0001');
    const staff = await staffOf('US-0001', device);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('no-store');
    expect(staff.body.store).toMatchObject({ id: 'US-0001' });
    expect(staff.body.employees).toHaveLength(3);
    for (const employee of staff.body.employees) expect(Object.keys(employee).sort()).toEqual(['employeeId', 'name']);
    expect((await staffOf('US-0002', device)).body.errorId).toBe('STR403');
    expect((await getJson<Json>('/api/utilities/stores/nope/employees')).status).toBe(400);
  });
});

describe('a store device', () => {
  it('is needed beside the PIN: the store’s shared PIN alone connects no one', async () => {
    const employeeId = (await env.DB.prepare("SELECT employee_id FROM store_employees WHERE store_id = 'US-0004' LIMIT 1").first('employee_id')) as string;
    const anywhere = await connect({ storeId: 'US-0004', employeeId, pin: DEMO_STORE_PIN }, '192.0.2.240');
    expect([anywhere.status, anywhere.body.errorId]).toEqual([403, 'STR403']);
    expect(anywhere.cookies[SESSION_COOKIE]).toBeUndefined();
    const otherStore = await storeDevice('US-0005');
    expect((await connect({ storeId: 'US-0004', employeeId, pin: DEMO_STORE_PIN }, '192.0.2.240', otherStore)).body.errorId).toBe('STR403');
    const own = await storeDevice('US-0004');
    expect((await connect({ storeId: 'US-0004', employeeId, pin: DEMO_STORE_PIN }, '192.0.2.240', own)).status).toBe(200);
  });

  it('enrols once with an operator’s code, and is refused once revoked', async () => {
    const { deviceId, code } = await enrolmentCode('US-0006', 'Till 2');
    const wrong = await enrol('WXYZ-WXYZ-WXYZ');
    expect([wrong.status, wrong.body.errorId]).toEqual([400, 'STR400']);
    const enrolled = await enrol(code);
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.device).toMatchObject({ id: deviceId, storeId: 'US-0006', label: 'Till 2' });
    // Beside the read-your-writes bookmark every change answers (src/worker/middleware/d1-session.ts).
    expect(Object.keys(enrolled.cookies).filter((name) => name !== D1_BOOKMARK_COOKIE)).toEqual(['cairn_store_device']);
    expect((await enrol(code)).body.errorId).toBe('STR400');
    const device = cookieHeader(enrolled.cookies);
    expect((await staffOf('US-0006', device)).status).toBe(200);
    const listed = await getJson<Json>('/admin/stores/US-0006/devices', { headers: ADMIN_HEADERS });
    expect(listed.body.devices.find((d: Json) => d.id === deviceId)).toMatchObject({ label: 'Till 2', enrolledAt: expect.any(String), revokedAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(enrolled.cookies.cairn_store_device?.split('.')[1]);
    const revoked = await getJson<Json>(`/admin/stores/devices/${deviceId}`, { method: 'DELETE', headers: ADMIN_HEADERS });
    expect(revoked.status).toBe(200);
    expect((await staffOf('US-0006', device)).body.errorId).toBe('STR403');
    // A marketer cannot make devices.
    const marketer = await namedAdmin('devices.marketer@cairn.test');
    expect((await getJson<Json>('/admin/stores/US-0006/devices', { method: 'POST', headers: marketer.headers, body: '{}' })).status).toBe(403);
  });
});

describe('the buy-in-store session', () => {
  it('connects with the PIN, carries the store through sign-in and sign-out, and clearing ends everything', async () => {
    const device = await storeDevice('US-0002');
    const withDevice = (cookie: string) => [cookie, device].filter(Boolean).join('; ');
    const staff = await staffOf('US-0002', device);
    const { employeeId, name } = staff.body.employees[0];
    const wrong = await connect({ storeId: 'US-0002', employeeId, pin: '000000' }, '192.0.2.200', device);
    expect(wrong.status).toBe(401);
    expect(wrong.body.errorId).toBe('AUT438');

    const connected = await connect({ storeId: 'US-0002', employeeId, pin: DEMO_STORE_PIN }, '192.0.2.200', device);
    expect(connected.status).toBe(200);
    expect(connected.body.buyInStore).toEqual({ storeId: 'US-0002', storeName: staff.body.store.name, storeEmployeeId: employeeId, storeEmployeeName: name });
    expect(decodeURIComponent(connected.cookies[SESSION_HINT_COOKIE] as string)).toBe(
      `g|${encodeURIComponent(staff.body.store.name)}|${encodeURIComponent(name)}`,
    );
    let cookie = withDevice(cookieHeader(connected.cookies));

    // A shopper with favorites signs in on the store device: the store stays, the favorites are not loaded.
    const ana = (await env.DB.prepare("SELECT consumer_no FROM consumers WHERE email = 'ana@cairn.test'").first('consumer_no')) as string;
    await env.DB.prepare(
      "INSERT OR IGNORE INTO product_lists (id, kind, consumer_no, created_at, updated_at) VALUES ('fav_ana_store', 'favorites', ?1, 'x', 'x')",
    )
      .bind(ana)
      .run();
    const shopper = await signedIn('ana@cairn.test', DEMO_PASSWORD, '192.0.2.201', { cookie });
    expect(shopper.body).toMatchObject({ type: 'registered', favoriteId: null, saveForLaterId: null, buyInStore: { storeEmployeeId: employeeId } });
    cookie = withDevice(shopper.cookie);

    const signedOut = await request('/api/consumers-v3/consumer/auth/signout', { method: 'POST', headers: { ...JSON_POST, cookie }, body: '{}' });
    expect(((await signedOut.json()) as Json).buyInStore).toMatchObject({ storeId: 'US-0002', storeEmployeeId: employeeId });
    cookie = withDevice(cookieHeader(cookiesOf(signedOut)));

    const cleared = await request('/api/consumers-v3/associate/session', { method: 'DELETE', headers: { ...JSON_POST, cookie, 'x-locale': 'en-us' } });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as Json).next).toBe('/en-us/associate-login');
    expect(cookiesOf(cleared)).toMatchObject({ [SESSION_COOKIE]: '', [REFRESH_COOKIE]: '', [SESSION_HINT_COOKIE]: '' });

    const trail = await auditOf(employeeId);
    expect(trail.map((entry) => entry.action)).toEqual([
      'POST /api/consumers-v3/associate/session',
      'POST /api/consumers-v3/auth/signin',
      'POST /api/token/v2/auth/token',
      'POST /api/consumers-v3/consumer/auth/signout',
      'DELETE /api/consumers-v3/associate/session',
    ]);
    expect(trail.every((entry) => entry.subject === 'store:US-0002')).toBe(true);
    expect(trail[2]?.details.consumerNo).toBe(ana);
  });

  it('locks an associate’s PIN after five wrong tries', async () => {
    const device = await storeDevice('US-0003');
    const staff = await staffOf('US-0003', device);
    const { employeeId } = staff.body.employees[1];
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) codes.push((await connect({ storeId: 'US-0003', employeeId, pin: '1111' }, `192.0.2.${210 + i}`, device)).body.errorId);
    expect(codes).toEqual(['AUT438', 'AUT438', 'AUT438', 'AUT426', 'AUT423', 'AUT441', 'AUT441']);
    expect((await connect({ storeId: 'US-0003', employeeId, pin: DEMO_STORE_PIN }, '192.0.2.220', device)).body.errorId).toBe('AUT441');
  });
});

describe('the employee sign-in', () => {
  async function agentLogin(email: string, address: string) {
    const codeVerifier = verifier();
    const code = await getJson<Json>('/api/consumers-v3/consumer/agent/login', {
      method: 'POST',
      headers: { ...JSON_POST, 'cf-connecting-ip': address },
      body: JSON.stringify({ username: email, password: DEMO_PASSWORD, codeChallenge: await challengeOf(codeVerifier) }),
    });
    return { ...code, codeVerifier };
  }

  it('signs an employee in, who is asked for the discount terms until they accept them', async () => {
    const code = await agentLogin('eve.employee@cairn.test', '192.0.2.230');
    expect(code.status).toBe(200);
    const session = await getJson<Json>('/api/token/v2/auth/token', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ authorizationCode: code.body.authorizationCode, codeVerifier: code.codeVerifier }),
    });
    expect(session.body).toMatchObject({ type: 'registered', consumerType: 'EMPLOYEE' });
    expect(typeof session.body.isEmployeeDiscountTCAccepted).toBe('boolean');
  });

  it('is for employees only', async () => {
    const refused = await agentLogin('ana@cairn.test', '192.0.2.231');
    expect(refused.status).toBe(403);
    expect(refused.body.errorId).toBe('AUT404');
  });
});
