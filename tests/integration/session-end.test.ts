// A session ends when it ends (issue 23, §3): after a sign-out, a password change, a password reset or the
// account's deletion, a copy of the session's access token (the short-lived cookie, which used to live on
// for its ten minutes) reads no profile and saves no address, and a page it comes with is a guest's.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/api/session.ts';
import { US_ADDRESS } from './checkout-helpers.ts';
import { emailTo, getJson, request } from './helpers.ts';
import { cookiesOf, JSON_POST, signedIn } from './identity.ts';

type Json = Record<string, any>;
const PASSWORD = 'Summit-Bound-4';

/** A new account, signed in on two devices: each device's cookie header. */
async function shopperOnTwoDevices(address: string) {
  const email = `ends.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await getJson<Json>('/api/consumers-v3/auth/signup', {
    method: 'POST',
    headers: { ...JSON_POST, 'cf-connecting-ip': address },
    body: JSON.stringify({ firstName: 'Tam', lastName: 'Fell', email, password: PASSWORD, gender: 'unspecified', isTermsConfirmed: true }),
  });
  expect(created.status).toBe(201);
  const here = await signedIn(email, PASSWORD, address);
  const elsewhere = await signedIn(email, PASSWORD, address);
  expect([here.status, elsewhere.status]).toEqual([200, 200]);
  return { email, here: here.cookie, elsewhere: elsewhere.cookie };
}

/** Only the access token of a cookie header: what a copy taken from the device would carry. */
function accessTokenOf(cookie: string): string {
  const pair = cookie.split('; ').find((part) => part.startsWith(`${SESSION_COOKIE}=`));
  expect(pair).toBeDefined();
  return pair as string;
}

const profile = (cookie: string) => getJson<Json>('/api/consumers-v3/consumer', { headers: { cookie } });
const saveAddress = (cookie: string) =>
  getJson<Json>('/api/consumers-v3/consumer/address', {
    method: 'POST',
    headers: { ...JSON_POST, cookie },
    body: JSON.stringify({ ...US_ADDRESS, approachType: 'S' }),
  });

/** The access token is refused at once: AUT401 on the API, a guest's page (never an error page). */
async function expectEnded(token: string): Promise<void> {
  const read = await profile(token);
  expect([read.status, read.body.errorId]).toEqual([401, 'AUT401']);
  const write = await saveAddress(token);
  expect([write.status, write.body.errorId]).toEqual([401, 'AUT401']);
  const page = await request('/en-us/account', { headers: { cookie: token } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Sign in or create an account');
  expect(cookiesOf(page)[SESSION_HINT_COOKIE]).toBe('g');
}

describe('an ended session’s access token', () => {
  it('changes nothing once its family is revoked elsewhere, even while a read here may lean on the last second', async () => {
    const { here } = await shopperOnTwoDevices('198.18.23.9');
    const token = accessTokenOf(here);
    // A read here: this isolate now knows the family as live.
    expect((await profile(token)).status).toBe(200);
    // The sign-out happens in another isolate (straight in D1, so this one's memory is not told).
    const family = JSON.parse(atob((token.split('=')[1] ?? '').split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')).fam as string;
    await env.DB.prepare('UPDATE refresh_tokens SET revoked_at = ?2 WHERE family_id = ?1').bind(family, new Date().toISOString()).run();
    const write = await saveAddress(token);
    expect([write.status, write.body.errorId]).toEqual([401, 'AUT401']);
  });

  it('is refused at once after a sign-out', async () => {
    const { here } = await shopperOnTwoDevices('198.18.23.1');
    const token = accessTokenOf(here);
    expect((await profile(token)).status).toBe(200);
    const out = await request('/api/consumers-v3/consumer/auth/signout', { method: 'POST', headers: { ...JSON_POST, cookie: here }, body: '{}' });
    expect(out.status).toBe(200);
    await expectEnded(token);
  });

  it('is refused at once on every device after a password change, while the device that changed it goes on with a fresh session', async () => {
    const { here, elsewhere } = await shopperOnTwoDevices('198.18.23.2');
    expect((await profile(accessTokenOf(elsewhere))).status).toBe(200);
    const changed = await request('/api/consumers-v3/consumer/changepassword', {
      method: 'POST',
      headers: { ...JSON_POST, cookie: here, 'cf-connecting-ip': '198.18.23.2' },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'Ridge-Walker-9', confirmPassword: 'Ridge-Walker-9' }),
    });
    expect(changed.status).toBe(200);
    await expectEnded(accessTokenOf(elsewhere));
    // A copy of this device's old token is as dead as the others; the device itself holds a new one.
    await expectEnded(accessTokenOf(here));
    const fresh = cookiesOf(changed)[SESSION_COOKIE];
    expect(fresh).toMatch(/^eyJ/);
    expect((await profile(`${SESSION_COOKIE}=${fresh}`)).status).toBe(200);
    expect((await saveAddress(`${SESSION_COOKIE}=${fresh}`)).status).toBe(201);
  });

  it('is refused at once after a password reset', async () => {
    const { email, elsewhere } = await shopperOnTwoDevices('198.18.23.3');
    // Read once before: a family this isolate has just found live must still end at once.
    expect((await profile(accessTokenOf(elsewhere))).status).toBe(200);
    await getJson<Json>('/api/consumers-v3/consumer/resetpassword', {
      method: 'POST',
      headers: { ...JSON_POST, 'cf-connecting-ip': '198.18.23.3' },
      body: JSON.stringify({ email }),
    });
    const token = /forgot-password\?token=([\w-]+)/.exec((await emailTo(email, 'password-reset')).text)?.[1];
    const reset = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'Ridge-Walker-9', confirmPassword: 'Ridge-Walker-9' }),
    });
    expect(reset.status).toBe(200);
    await expectEnded(accessTokenOf(elsewhere));
  });

  it('is refused at once on every device after the account is deleted', async () => {
    const { here, elsewhere } = await shopperOnTwoDevices('198.18.23.4');
    expect((await profile(accessTokenOf(elsewhere))).status).toBe(200);
    const deleted = await getJson<Json>('/api/consumers-v3/consumer', {
      method: 'DELETE',
      headers: { ...JSON_POST, cookie: here, 'cf-connecting-ip': '198.18.23.4' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect([deleted.status, deleted.body.deleted]).toEqual([200, true]);
    await expectEnded(accessTokenOf(elsewhere));
    await expectEnded(accessTokenOf(here));
  });
});
