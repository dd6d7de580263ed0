// Creating a profile (account-content §7, POST /consumers-v3/consumer): an in-store associate, on a device
// registered to their store, signs a shopper up at the till. The shopper chooses their own password from an
// emailed link; until then no password opens the account. Anyone else is refused, and the sign-up rules hold.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { ADMIN_HEADERS, emailTo, getJson, request } from './helpers.ts';
import { cookieHeader, cookiesOf, JSON_POST, signedIn } from './identity.ts';
import { storeDevice } from './store-device.ts';

type Json = Record<string, any>;

/** A connected associate at the store: the cookie header of their device and session. */
async function associateAt(storeId: string): Promise<{ cookie: string; employeeId: string }> {
  const device = await storeDevice(storeId);
  const staff = await getJson<Json>(`/api/utilities/stores/${storeId}/employees`, { headers: { cookie: device } });
  const employeeId = staff.body.employees[0].employeeId as string;
  const connected = await request('/api/consumers-v3/associate/session', {
    method: 'POST',
    headers: { ...JSON_POST, cookie: device, 'cf-connecting-ip': '192.0.2.90' },
    body: JSON.stringify({ storeId, employeeId, pin: DEMO_STORE_PIN }),
  });
  expect(connected.status).toBe(200);
  return { cookie: `${device}; ${cookieHeader(cookiesOf(connected))}`, employeeId };
}

const shopper = (email: string, extra: Json = {}) => ({
  firstName: 'Iris',
  lastName: 'Fell',
  email,
  gender: 'female',
  phone: '3035550147',
  isTermsConfirmed: true,
  subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true, smsNotificationConsent: true },
  ...extra,
});

function create(cookie: string, body: Json) {
  return getJson<Json>('/api/consumers-v3/consumer', { method: 'POST', headers: { ...JSON_POST, cookie, 'x-locale': 'en-us' }, body: JSON.stringify(body) });
}

async function setPasswordLink(email: string): Promise<string> {
  await emailTo(email, 'welcome');
  const outbox = await getJson<Json>(`/admin/outbox?to=${encodeURIComponent(email)}&limit=20`, { headers: ADMIN_HEADERS });
  const mail = (outbox.body.emails as Json[]).find((candidate) => candidate.kind === 'welcome');
  expect(mail?.subject).toBe('Your Cairn account is ready: choose your password');
  return /forgot-password\?token=([\w-]{43})/.exec(mail?.text as string)?.[1] as string;
}

describe('an associate creating a shopper’s profile', () => {
  it('makes an account no password opens until the shopper chooses one from the emailed link', async () => {
    const { cookie, employeeId } = await associateAt('US-0003');
    const email = `till.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await create(cookie, shopper(email));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body).toMatchObject({ consumerNo: expect.stringMatching(/^C\d{10}$/), memberId: expect.stringMatching(/^M\d{10}$/) });
    const row = await env.DB.prepare('SELECT first_name, phone, site_id, acquisition_store FROM consumers WHERE email = ?1').bind(email).first<Json>();
    expect(row).toMatchObject({ first_name: 'Iris', site_id: 'US', acquisition_store: 'US-0003' });

    // Nobody, the associate included, knows a password that opens it.
    const guessed = await getJson<Json>('/api/consumers-v3/auth/signin', {
      method: 'POST',
      headers: { ...JSON_POST, 'cf-connecting-ip': '192.0.2.91' },
      body: JSON.stringify({ username: email, password: 'Summit-Bound-4', codeChallenge: 'a'.repeat(43) }),
    });
    expect(guessed.body.errorId).toBe('AUT437');

    const token = await setPasswordLink(email);
    const chosen = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'Ridge-Line-77', confirmPassword: 'Ridge-Line-77' }),
    });
    expect(chosen.status).toBe(200);
    const session = await signedIn(email, 'Ridge-Line-77', '192.0.2.92');
    expect(session.body).toMatchObject({ type: 'registered', consumerNo: created.body.consumerNo });

    // The associate's act is in the audit trail under their name.
    const audited = await env.DB.prepare("SELECT action FROM audit_log WHERE actor = ?1 AND action = 'POST /api/consumers-v3/consumer'")
      .bind(`associate:${employeeId}`)
      .first();
    expect(audited).not.toBeNull();
  });

  it('is refused to a guest, a signed-in shopper and an associate on another store’s device', async () => {
    const email = `till.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const guest = await create('', shopper(email));
    expect([guest.status, guest.body.errorId]).toEqual([403, 'AUT404']);
    const member = await signedIn('ana@cairn.test', DEMO_PASSWORD, '192.0.2.93');
    const signedInShopper = await create(member.cookie, shopper(email));
    expect([signedInShopper.status, signedInShopper.body.errorId]).toEqual([403, 'AUT404']);
    // The session of an associate at US-0003 carried to a device of another store.
    const { cookie } = await associateAt('US-0003');
    const sessionOnly = cookie
      .split('; ')
      .filter((part) => !part.startsWith('cairn_store_device='))
      .join('; ');
    const elsewhere = await create(`${sessionOnly}; ${await storeDevice('US-0005')}`, shopper(email));
    expect([elsewhere.status, elsewhere.body.errorId]).toEqual([403, 'STR403']);
    expect(await env.DB.prepare('SELECT 1 FROM consumers WHERE email = ?1').bind(email).first()).toBeNull();
  });

  it('keeps the sign-up rules, never sets a password for the shopper, and refuses an email in use', async () => {
    const { cookie } = await associateAt('US-0003');
    const invalid = await create(cookie, shopper('not-an-email', { firstName: 'I' }));
    expect([invalid.status, invalid.body.errorId]).toEqual([400, 'API400']);
    expect(invalid.body.details.map((detail: Json) => detail.field).sort()).toEqual(['email', 'firstName']);
    const withPassword = await create(cookie, shopper(`till.${crypto.randomUUID().slice(0, 8)}@example.com`, { password: 'Summit-Bound-4' }));
    expect([withPassword.status, withPassword.body.errorId]).toEqual([400, 'API400']);
    expect(withPassword.body.details).toEqual([{ field: 'password', message: 'The shopper chooses their own password from the email we send.' }]);
    const taken = await create(cookie, shopper('ana@cairn.test'));
    expect([taken.status, taken.body.errorId]).toEqual([409, 'AUT439']);
  });
});
