// Sign-up (commerce-core §4, §5, §7): a new account from the shared form, signed in at once; an email or
// phone already in use refused on its field; the form's rules answered with the spec's messages.

import { env } from 'cloudflare:workers';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../src/shared/schema/sign-up.ts';
import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { createConsumer } from '../../src/worker/commerce/identity/sign-up.ts';
import { getJson, ORIGIN, request } from './helpers.ts';
import { verifier } from './identity.ts';

type Json = Record<string, any>;

const form = (overrides: Json = {}) => ({
  firstName: 'Maya',
  lastName: 'Fjell',
  email: `maya.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'Summit-Bound-4',
  gender: 'female',
  isTermsConfirmed: true,
  ...overrides,
});

function signUp(body: Json, locale = 'en-us', address = '192.0.2.100') {
  return getJson<Json>('/api/consumers-v3/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-locale': locale, 'cf-connecting-ip': address },
    body: JSON.stringify(body),
  });
}

describe('sign-up', () => {
  it('creates the account and signs the shopper in at once through the code flow', async () => {
    const codeVerifier = verifier();
    const body = form({ codeChallenge: await challengeOf(codeVerifier), subscriptions: { newsletterConsent: true } });
    const created = await signUp(body);
    expect(created.status).toBe(201);
    expect(created.body.consumerNo).toMatch(/^C\d{10}$/);
    expect(created.body.memberId).toBeNull();
    const token = await request('/api/token/v2/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ authorizationCode: created.body.authorizationCode, codeVerifier }),
    });
    expect(((await token.json()) as Json).consumerNo).toBe(created.body.consumerNo);
    const row = await env.DB.prepare('SELECT password_hash, site_id, gender FROM consumers WHERE consumer_no = ?1').bind(created.body.consumerNo).first<Json>();
    expect(row).toMatchObject({ site_id: 'US', gender: 'female' });
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    // The newsletter waits for its double opt-in.
    const subscription = await env.DB.prepare("SELECT optin FROM subscriptions WHERE consumer_no = ?1 AND type = 'Newsletter'")
      .bind(created.body.consumerNo)
      .first<Json>();
    expect(subscription?.optin).toBe(0);
  });

  it('enrols a new member in the loyalty programme when asked, with its terms', async () => {
    const created = await signUp(form({ subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } }));
    expect(created.body.memberId).toMatch(/^M\d{10}$/);
    const refused = await signUp(form({ subscriptions: { loyaltyEnrollment: true } }));
    expect(refused.body.details).toEqual([{ field: 'subscriptions.loyaltyConsent', message: 'This field is required' }]);
  });

  it('refuses an email in use on the email field, and a phone in use on the phone field', async () => {
    const taken = await signUp(form({ email: 'ANA@cairn.test' }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errorId: 'AUT439', details: [{ field: 'email' }] });
    const first = await signUp(form({ phone: '303 555 0177', subscriptions: { smsNotificationConsent: true } }));
    expect(first.status).toBe(201);
    const again = await signUp(form({ phone: '(303) 555-0177', subscriptions: { smsNotificationConsent: true } }));
    expect(again.body).toMatchObject({ errorId: 'AUT442', details: [{ field: 'phone' }] });
  });

  it('opens one account when 12 sign-ups race with the same email; the others are told it is in use', async () => {
    const email = `race.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(form({ email }), 'en-us', `198.51.100.${i + 1}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect({ status: refused.status, errorId: refused.body.errorId, field: refused.body.details?.[0]?.field }).toEqual({
        status: 409,
        errorId: 'AUT439',
        field: 'email',
      });
    }
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM consumers WHERE email = ?1').bind(email).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('keeps the same guarantee for every way an account is opened (sign-up, at the till, claiming an order)', async () => {
    // createConsumer is what the three share: raced directly, with nothing in front to space the calls out.
    const email = `till.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const parsed = v.parse(signUpSchema('US', new Date()), form({ email }));
    const settled = await Promise.allSettled(Array.from({ length: 12 }, () => createConsumer(env.DB, parsed, { siteId: 'US', locale: 'en-us' })));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const refused of settled.filter((s) => s.status === 'rejected')) {
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'AUT439' });
    }
  });

  it("applies the site's rules: a German shopper needs a birth date and an age of 16", async () => {
    const young = await signUp(form({ birthDate: '01/01/2015' }), 'de-de');
    expect(young.status).toBe(400);
    expect(young.body.details).toEqual([{ field: 'birthDate', message: 'You must be at least 16 years old.' }]);
    const adult = await signUp(form({ birthDate: '31/12/1990' }), 'de-de');
    expect(adult.status).toBe(201);
    const row = await env.DB.prepare('SELECT birth_date, site_id FROM consumers WHERE consumer_no = ?1').bind(adult.body.consumerNo).first<Json>();
    expect(row).toEqual({ birth_date: '1990-12-31', site_id: 'DE' });
  });

  it('names every broken password rule and every missing field', async () => {
    const response = await signUp({ email: 'x', password: 'short' });
    expect(response.status).toBe(400);
    const messages = (response.body.details as Json[]).map((d) => `${d.field}: ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'firstName: This field is required',
        'email: Email is not valid',
        'password: Password does not meet requirements.',
        'password: Password must contain at least 8 characters',
        'password: Password must contain at least one number',
        'password: Password must contain at least one character in upper case',
        'gender: This field is required',
        'isTermsConfirmed: This field is required',
      ]),
    );
  });
});

describe('the bot check', () => {
  it('refuses sign-in and sign-up with a 403 that carries the appId when the verifier says bot', async () => {
    const { createApp } = await import('../../src/worker/app.ts');
    const botEnv = { ...env, BOT_CHECK: 'fail' };
    const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const post = (path: string, body: Json) =>
      createApp().fetch(
        new Request(`${ORIGIN}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-locale': 'en-us' },
          body: JSON.stringify(body),
        }),
        botEnv,
        ctx,
      );
    const signIn = await post('/api/consumers-v3/auth/signin', { username: 'ana@cairn.test', password: 'x', codeChallenge: await challengeOf(verifier()) });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()) as Json).toMatchObject({ errorId: 'AUT403', appId: 'cairn-storefront' });
    const created = await post('/api/consumers-v3/auth/signup', form());
    expect(created.status).toBe(403);
    expect(((await created.json()) as Json).errorId).toBe('AUT403');
  });
});

describe('a shopper’s own phone number (commerce-core §5: matched to a country by dial code and length)', () => {
  it('keeps another country’s number typed with its dial code, with that country’s code', async () => {
    const created = await signUp(
      form({ email: `abroad-${Date.now()}@example.com`, phone: '+33 6 12 34 56 78', birthDate: '14/03/1990' }),
      'en-gb',
      '192.0.2.131',
    );
    expect(created.status).toBe(201);
    const row = await env.DB.prepare('SELECT phone, phone_code FROM consumers WHERE consumer_no = ?1').bind(created.body.consumerNo).first<Json>();
    expect(row).toEqual({ phone: '+33 6 12 34 56 78', phone_code: '+33' });
    // The site's own number needs no code; a number no country fits is refused at the field.
    const home = await signUp(form({ email: `home-${Date.now()}@example.com`, phone: '07700 900123', birthDate: '14/03/1990' }), 'en-gb', '192.0.2.132');
    expect(home.status).toBe(201);
    const local = await env.DB.prepare('SELECT phone_code FROM consumers WHERE consumer_no = ?1').bind(home.body.consumerNo).first<Json>();
    expect(local?.phone_code).toBe('+44');
    for (const phone of ['+33 6 12 34', '+81 90 1234 5678', '6 12 34 56 78']) {
      const refused = await signUp(form({ email: `nowhere-${Date.now()}@example.com`, phone, birthDate: '14/03/1990' }), 'en-gb', '192.0.2.133');
      expect([refused.status, refused.body.details?.[0]], phone).toEqual([400, { field: 'phone', message: 'A valid phone number is required' }]);
    }
  });
});
