// Forgotten and changed passwords: a reset link through the outbox, single-use and expiring; a new
// password signs out every session of the account (the device that changed it gets a fresh one).

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/api/session.ts';
import { emailTo, getJson, mailSettled, ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf, signedIn } from './identity.ts';

type Json = Record<string, any>;
const JSON_POST = { 'content-type': 'application/json', origin: ORIGIN };

async function resetLinkFor(email: string): Promise<string> {
  const text = (await emailTo(email, 'password-reset')).text;
  return /(https?:\/\/\S+forgot-password\?token=[\w-]+)/.exec(text)?.[1] as string;
}

describe('a forgotten password', () => {
  it('is reset through the emailed link, once, and every session of the account ends', async () => {
    const email = 'ian.ipa@cairn.test';
    const before = await signedIn(email, DEMO_PASSWORD, '192.0.2.70');
    expect(before.status).toBe(200);
    const asked = await getJson<Json>('/api/consumers-v3/consumer/resetpassword', {
      method: 'POST',
      headers: { ...JSON_POST, 'x-locale': 'en-gb' },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(202);
    const link = await resetLinkFor(email);
    expect(link).toMatch(/^https:\/\/store\.test\/en-gb\/forgot-password\?token=/);
    const token = new URL(link).searchParams.get('token') as string;

    const mismatch = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'New-Trail-2027', confirmPassword: 'Other-2027x' }),
    });
    expect(mismatch.body.errorId).toBe('FE340');
    const short = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'Sh0rt', confirmPassword: 'Sh0rt' }),
    });
    expect(short.body.errorId).toBe('FE872');
    const done = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'New-Trail-2027', confirmPassword: 'New-Trail-2027' }),
    });
    expect(done.status).toBe(200);

    const again = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'Other-Trail-2028', confirmPassword: 'Other-Trail-2028' }),
    });
    expect(again.status).toBe(410);
    expect(again.body.errorId).toBe('AUT402');
    expect((await signedIn(email, DEMO_PASSWORD, '192.0.2.71')).body.errorId).toBe('AUT437');
    expect((await signedIn(email, 'New-Trail-2027', '192.0.2.72')).status).toBe(200);
    // The session from before the reset renews nothing.
    const refresh = before.cookie.split('; ').find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) as string;
    const page = await request('/en-us', { headers: { cookie: refresh } });
    expect(page.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=g;`));
    expect((await emailTo(email, 'password-changed')).subject).toBeTruthy();
  });

  it('lifts the lock that wrong passwords put on the account', async () => {
    const email = 'leo.loyalty@cairn.test';
    for (let attempt = 1; attempt <= 5; attempt++) await signedIn(email, `Wrong-${attempt}-pass`, '192.0.2.73');
    expect((await signedIn(email, DEMO_PASSWORD, '192.0.2.73')).body.errorId).toBe('AUT441');
    await getJson<Json>('/api/consumers-v3/consumer/resetpassword', { method: 'POST', headers: JSON_POST, body: JSON.stringify({ email }) });
    const token = new URL(await resetLinkFor(email)).searchParams.get('token') as string;
    const done = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'Unlocked-Trail-2027', confirmPassword: 'Unlocked-Trail-2027' }),
    });
    expect(done.status).toBe(200);
    expect((await signedIn(email, 'Unlocked-Trail-2027', '192.0.2.74')).status).toBe(200);
  });

  it('answers the same for an email without an account, and sends nothing', async () => {
    const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox').first<{ n: number }>())?.n;
    await mailSettled();
    const before = await count();
    const asked = await getJson<Json>('/api/consumers-v3/consumer/resetpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ email: 'nobody@cairn.test' }),
    });
    expect(asked.status).toBe(202);
    await mailSettled();
    expect(await count()).toBe(before);
  });

  it('refuses an expired link', async () => {
    await getJson<Json>('/api/consumers-v3/consumer/resetpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ email: 'ada.athlete@cairn.test' }),
    });
    const token = new URL(await resetLinkFor('ada.athlete@cairn.test')).searchParams.get('token') as string;
    await env.DB.prepare("UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    const late = await getJson<Json>('/api/consumers-v3/confirmforgotpassword', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token, password: 'New-Trail-2027', confirmPassword: 'New-Trail-2027' }),
    });
    expect(late.body.errorId).toBe('AUT402');
  });
});

describe('changing a password', () => {
  it('needs the current one, a different new one, and signs out every session, this device going on in a fresh one', async () => {
    const email = 'will.wranx@cairn.test';
    const here = await signedIn(email, DEMO_PASSWORD, '192.0.2.80');
    const elsewhere = await signedIn(email, DEMO_PASSWORD, '192.0.2.81');
    const change = (body: Json, cookie = here.cookie) =>
      getJson<Json>('/api/consumers-v3/consumer/changepassword', { method: 'POST', headers: { ...JSON_POST, cookie }, body: JSON.stringify(body) });
    expect((await change({ currentPassword: 'Wrong-1234', newPassword: 'Peak-Bagger-8', confirmPassword: 'Peak-Bagger-8' })).body.errorId).toBe('AUT450');
    expect((await change({ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD })).body.errorId).toBe('AUT451');
    expect((await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Peak-Bagger-8', confirmPassword: 'Peak-Bagger-8' }, '')).body.errorId).toBe('AUT401');
    const changed = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Peak-Bagger-8', confirmPassword: 'Peak-Bagger-8' });
    expect(changed.status).toBe(200);
    const refreshOf = (cookie: string) => cookie.split('; ').find((c) => c.startsWith(`${REFRESH_COOKIE}=`)) as string;
    const hint = async (cookie: string) =>
      (await request('/en-us', { headers: { cookie: refreshOf(cookie) } })).headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
    expect(await hint(elsewhere.cookie)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=g;`));
    // This device's old session ended with the others; it goes on in the fresh one the change gave it.
    expect(await hint(here.cookie)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=g;`));
    expect(await hint(cookieHeader(cookiesOf(changed as unknown as Response)))).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=r`));
  });
});
