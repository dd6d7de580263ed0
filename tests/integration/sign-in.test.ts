// Sign-in through the code flow (commerce-core §4, §7): a code bound to the SHA-256 challenge of the
// browser's verifier, exchanged once for a registered session; wrong passwords, unknown emails, lockout
// under concurrent attempts, and sign-out.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/api/session.ts';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { ACCOUNT_LOCK, ADDRESS_ATTEMPTS } from '../../src/worker/commerce/identity/sign-in.ts';
import { D1_BOOKMARK_COOKIE } from '../../src/worker/middleware/d1-session.ts';
import { getJson, ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf, verifier } from './identity.ts';

type Json = Record<string, any>;
const JSON_POST = { 'content-type': 'application/json', origin: ORIGIN };

async function signIn(email: string, password: string, codeVerifier = verifier(), address = '192.0.2.1') {
  const response = await getJson<Json>('/api/consumers-v3/auth/signin', {
    method: 'POST',
    headers: { ...JSON_POST, 'cf-connecting-ip': address },
    body: JSON.stringify({ username: email, password, codeChallenge: await challengeOf(codeVerifier) }),
  });
  return { ...response, codeVerifier };
}

async function exchange(authorizationCode: string, codeVerifier: string, cookie = '') {
  const response = await request('/api/token/v2/auth/token', {
    method: 'POST',
    headers: { ...JSON_POST, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ authorizationCode, codeVerifier, guestObjects: { basketId: 'guest-basket-1' }, action: 'postLogin' }),
  });
  return { status: response.status, body: (await response.json()) as Json, cookies: cookiesOf(response) };
}

describe('the sign-in code flow', () => {
  it('turns a guest into a signed-in shopper, keeping the usid', async () => {
    const guest = await request('/api/token/v2/auth/token', { method: 'POST', headers: JSON_POST, body: '{}' });
    const guestCookies = cookiesOf(guest);
    const guestUsid = ((await guest.json()) as Json).usid;
    const signedIn = await signIn('ana@cairn.test', DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.authorizationCode).toMatch(/^[\w-]{43}$/);
    // The code step signs nobody in: no cookie but the read-your-writes bookmark every change answers.
    expect(signedIn.headers.getSetCookie().filter((line) => !line.startsWith(`${D1_BOOKMARK_COOKIE}=`))).toEqual([]);
    const token = await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier, cookieHeader(guestCookies));
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ type: 'registered', usid: guestUsid, consumerNo: 'C1000000001', consumerType: 'REGISTERED' });
    expect(decodeURIComponent(token.cookies[SESSION_HINT_COOKIE] as string)).toBe('r:Ana');
    // The guest's refresh family ended with the guest session.
    const oldRefresh = await request('/en-us', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: guestCookies[REFRESH_COOKIE] as string }) } });
    expect(cookiesOf(oldRefresh)[SESSION_HINT_COOKIE]).toBe('g');
    // The new session carries the loyalty and role facts personalisation reads.
    const again = await getJson<Json>('/api/token/v2/auth/token', {
      method: 'POST',
      headers: { ...JSON_POST, cookie: cookieHeader(token.cookies) },
      body: '{}',
    });
    expect(again.body).toMatchObject({ type: 'registered', consumerNo: 'C1000000001' });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await signIn('ana@cairn.test', 'Not-Her-Password-1', verifier(), '192.0.2.2');
    const unknown = await signIn('nobody@cairn.test', 'Not-Her-Password-1', verifier(), '192.0.2.2');
    expect(wrong.status).toBe(401);
    expect(wrong.body.errorId).toBe('AUT437');
    expect({ ...unknown.body, correlationId: '' }).toEqual({ ...wrong.body, correlationId: '' });
  });

  it('spends a code once; the retry of the same browser gets its session back', async () => {
    const signedIn = await signIn('leo.loyalty@cairn.test', DEMO_PASSWORD);
    const first = await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier);
    expect(first.status).toBe(200);
    expect(first.body.memberId).toBe('M9000000002');
    // Without the session it made: told to retry (a duplicate of the same browser will hold it by then), given none.
    const elsewhere = await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier);
    expect([elsewhere.status, elsewhere.body.errorId, elsewhere.cookies]).toEqual([409, 'AUT409', {}]);
    const retry = await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier, cookieHeader(first.cookies));
    expect(retry.status).toBe(200);
    expect(retry.body.consumerNo).toBe('C1000000002');
  });

  it('burns a code presented with the wrong verifier, and refuses an expired one', async () => {
    const signedIn = await signIn('ada.athlete@cairn.test', DEMO_PASSWORD);
    const wrong = await exchange(signedIn.body.authorizationCode, verifier());
    expect(wrong.body.errorId).toBe('AUT432');
    expect((await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier)).body.errorId).toBe('AUT432');

    const late = await signIn('ada.athlete@cairn.test', DEMO_PASSWORD);
    await env.DB.prepare("UPDATE authorization_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE used_at IS NULL").run();
    expect((await exchange(late.body.authorizationCode, late.codeVerifier)).body.errorId).toBe('AUT432');
  });

  it('validates the sign-in form with the spec messages', async () => {
    const response = await getJson<Json>('/api/consumers-v3/auth/signin', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ username: 'not-an-email', password: '', codeChallenge: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Email is not valid' },
        { field: 'password', message: 'This field is required' },
      ]),
    );
  });
});

// The rules behind these answers (a burst of wrong passwords, an address's failures) are tested on the
// service in sign-in-rules.test.ts; here, what the API answers for them.
describe('lockout', () => {
  it('answers each wrong password with its code and status up to the lock, then the locked account alike', async () => {
    const email = 'will.wranx@cairn.test';
    const answers = [];
    for (let i = 0; i < ACCOUNT_LOCK.failures + 1; i++) answers.push(await signIn(email, `Wrong-Password-${i}`, verifier(), `198.51.100.${i}`));
    expect(answers.map((a) => [a.status, a.body.errorId])).toEqual([
      ...Array.from({ length: ACCOUNT_LOCK.failures - 2 }, () => [401, 'AUT437']),
      [401, 'AUT426'],
      [423, 'AUT423'],
      [423, 'AUT441'],
    ]);
    const locked = await signIn(email, DEMO_PASSWORD);
    expect([locked.status, locked.body.errorId]).toEqual([423, 'AUT441']);
  });

  it('counts an address’s lookups of unknown emails as failures, not its lookups of known ones, and answers it 429 past the limit', async () => {
    const office = '203.0.113.201';
    const lookup = (email: string) =>
      getJson<Json>(`/api/consumers-v3/consumer/lookup?email=${encodeURIComponent(email)}`, { headers: { 'cf-connecting-ip': office } });
    for (let i = 0; i < ADDRESS_ATTEMPTS.refuseAfter + 10; i++) expect((await lookup('ana@cairn.test')).status, `lookup ${i}`).toBe(200);
    // Its failures count: unknown lookups and a wrong password short of the limit are taken, past it not.
    for (let i = 0; i < ADDRESS_ATTEMPTS.refuseAfter - 1; i++) expect((await lookup(`nobody${i}@cairn.test`)).status).toBe(200);
    expect((await signIn('someone.else@cairn.test', 'Wrong-Password-1', verifier(), office)).body.errorId).toBe('AUT437');
    expect((await signIn('ana@cairn.test', DEMO_PASSWORD, verifier(), office)).body.errorId).toBe('API429');
  });
});

describe('sign-out', () => {
  it('revokes the session, and the shopper is a new guest', async () => {
    const signedIn = await signIn('ian.ipa@cairn.test', DEMO_PASSWORD);
    const session = await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier);
    const out = await request('/api/consumers-v3/consumer/auth/signout', {
      method: 'POST',
      headers: { ...JSON_POST, cookie: cookieHeader(session.cookies) },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const body = (await out.json()) as Json;
    expect(body.type).toBe('guest');
    expect(body.usid).not.toBe(session.body.usid);
    expect(cookiesOf(out)[SESSION_HINT_COOKIE]).toBe('g');
    // The signed-out refresh token renews nothing.
    const renewed = await request('/en-us', { headers: { cookie: cookieHeader({ [REFRESH_COOKIE]: session.cookies[REFRESH_COOKIE] as string }) } });
    expect(cookiesOf(renewed)[SESSION_HINT_COOKIE]).toBe('g');
  });
});

describe('the profile and the lookup step', () => {
  it('give a signed-in shopper their profile, with loyalty points on request, and a guest a coded 401', async () => {
    const signedIn = await signIn('leo.loyalty@cairn.test', DEMO_PASSWORD, verifier(), '192.0.2.50');
    const session = await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier);
    const profile = await getJson<Json>('/api/consumers-v3/consumer?includeLoyaltySummary=true', { headers: { cookie: cookieHeader(session.cookies) } });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('private, no-store');
    expect(profile.body.consumerProfile).toMatchObject({
      consumerNo: 'C1000000002',
      isLoyaltyMember: true,
      loyaltySummary: { points: { balance: 1250 } },
      consumerDetails: { email: 'leo.loyalty@cairn.test', firstName: 'Leo' },
      subscriptions: expect.arrayContaining([{ type: 'Loyalty', channel: 'email', optin: true, doubleOptin: false }]),
    });
    expect(JSON.stringify(profile.body)).not.toContain('pbkdf2');
    const guest = await getJson<Json>('/api/consumers-v3/consumer');
    expect(guest.status).toBe(401);
    expect(guest.body.errorId).toBe('AUT401');
  });

  it('shows an employee their spend and whether the discount terms are accepted', async () => {
    const signedIn = await signIn('eve.employee@cairn.test', DEMO_PASSWORD, verifier(), '192.0.2.51');
    const session = await exchange(signedIn.body.authorizationCode, signedIn.codeVerifier);
    const profile = await getJson<Json>('/api/consumers-v3/consumer', { headers: { cookie: cookieHeader(session.cookies) } });
    expect(profile.body.consumerProfile).toMatchObject({
      consumerType: 'EMPLOYEE',
      isEmployeeDiscountTCAccepted: false,
      consumerDetails: { employee: { currentSpend: 18000, annualCap: 100000 } },
    });
    expect(profile.body.consumerProfile.loyaltySummary).toBeUndefined();
  });

  it('says only whether an account exists', async () => {
    const known = await getJson<Json>('/api/consumers-v3/consumer/lookup?email=ANA@cairn.test');
    const unknown = await getJson<Json>('/api/consumers-v3/consumer/lookup?email=nobody@cairn.test');
    expect(known.body).toMatchObject({ exists: true, nextStep: 'sign-in' });
    expect(unknown.body).toMatchObject({ exists: false, nextStep: 'sign-up' });
    expect(Object.keys(known.body).sort()).toEqual(['appId', 'correlationId', 'exists', 'nextStep']);
    expect((await getJson<Json>('/api/consumers-v3/consumer/lookup?email=nope')).status).toBe(400);
  });
});
