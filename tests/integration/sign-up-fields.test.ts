// The sign-up form's phoneCode and its two consents (commerce-core §3 Sign-up form: phone, phoneCode,
// brandTerms, policy; §7: isTermsConfirmed, termsConditionsAndPolicy). A phoneCode names the number's dial
// code: a number typed without one is read as that code's, one typed with its own must agree, and a code that
// contradicts the number is refused at phoneCode, so one number cannot be kept twice under two codes. The
// brand's terms and the privacy policy are two consents, each recorded with its date; an older client's one
// box (isTermsConfirmed alone, worded for both) still signs up and records both.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getJson, ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;

const form = (overrides: Json = {}) => ({
  firstName: 'Rhea',
  lastName: 'Moor',
  email: `rhea.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'Summit-Bound-4',
  gender: 'female',
  isTermsConfirmed: true,
  termsConditionsAndPolicy: true,
  ...overrides,
});

function signUp(body: Json, locale = 'en-us', address = '192.0.2.170') {
  return getJson<Json>('/api/consumers-v3/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-locale': locale, 'cf-connecting-ip': address },
    body: JSON.stringify(body),
  });
}

const accountOf = (email: string) =>
  env.DB.prepare('SELECT phone, phone_code, created_at, terms_accepted_at, privacy_policy_accepted_at FROM consumers WHERE email = ?1')
    .bind(email)
    .first<Json>();

describe('phoneCode', () => {
  it('refuses a code that contradicts the number at phoneCode, and opens no account', async () => {
    const cases: [string, string, string][] = [
      ['+44 7911 123456', '+1', 'en-us'],
      ['+1 303 555 0147', '+33', 'en-us'],
      // A US number the code cannot read: ten digits are no French number.
      ['303 555 0148', '+33', 'en-us'],
      ['6 12 34 56 78', '+44', 'fr-fr'],
    ];
    for (const [phone, phoneCode, locale] of cases) {
      const body = form({ phone, phoneCode, subscriptions: { smsNotificationConsent: true }, ...(locale === 'fr-fr' ? { birthDate: '14/03/1990' } : {}) });
      const refused = await signUp(body, locale, '192.0.2.171');
      expect([phone, phoneCode, refused.status, refused.body.details]).toEqual([
        phone,
        phoneCode,
        400,
        [{ field: 'phoneCode', message: 'The country code does not match this phone number.' }],
      ]);
      expect(await accountOf(body.email)).toBeNull();
    }
  });

  it('cannot keep a number in use a second time under another code', async () => {
    const first = await signUp(form({ phone: '+1 303 555 0161', phoneCode: '+1', subscriptions: { smsNotificationConsent: true } }));
    expect(first.status).toBe(201);
    const twice = await signUp(form({ phone: '+1 (303) 555-0161', phoneCode: '+44', subscriptions: { smsNotificationConsent: true } }), 'en-us', '192.0.2.172');
    expect([twice.status, twice.body.details?.[0]?.field]).toEqual([400, 'phoneCode']);
    const again = await signUp(form({ phone: '303 555 0161', phoneCode: '+1', subscriptions: { smsNotificationConsent: true } }), 'en-us', '192.0.2.172');
    expect(again.body).toMatchObject({ errorId: 'AUT442', details: [{ field: 'phone' }] });
  });

  it('reads a number typed without its code as the code’s, and answers the number kept with its code', async () => {
    const body = form({ phone: '07911 123456', phoneCode: '+44', subscriptions: { smsNotificationConsent: true } });
    const created = await signUp(body, 'en-us', '192.0.2.173');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ phone: '+44 7911 123 456', phoneCode: '+44' });
    expect(await accountOf(body.email)).toMatchObject({ phone: '+44 7911 123 456', phone_code: '+44' });
    // On Canada's site +1 is Canada's.
    const canadian = form({ phone: '416 555 0199', phoneCode: '+1', subscriptions: { smsNotificationConsent: true } });
    expect((await signUp(canadian, 'en-ca', '192.0.2.173')).body).toMatchObject({ phone: '+1 (416) 555 - 0199', phoneCode: '+1' });
    // Without a phoneCode nothing changes: the site's country, or the code typed in front.
    const plain = await signUp(form({ phone: '+33 6 12 34 56 78', subscriptions: { smsNotificationConsent: true } }), 'en-us', '192.0.2.173');
    expect(plain.body).toMatchObject({ phoneCode: '+33' });
  });

  it('is a choice beside the number on the account page, a contradiction said there in the page’s language', async () => {
    const post = (fields: Record<string, string>) =>
      request('/fr-fr/account/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'cf-connecting-ip': '192.0.2.179' },
        body: new URLSearchParams(fields).toString(),
      });
    const email = `code.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const fields = { email, firstName: 'Rhea', lastName: 'Moor', password: 'Summit-Bound-4', birthDate: '14/03/1990', gender: 'female' };
    const consents = { isTermsConfirmed: 'on', termsConditionsAndPolicy: 'on' };
    const refused = await post({ ...fields, ...consents, phone: '6 12 34 56 72', phoneCode: '+44' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(/id="page-signup-phone-code-error">([^<]*)</.exec(html)?.[1]).toBe('L’indicatif ne correspond pas à ce numéro.');
    // The choice is shown again as it was made.
    expect(html).toMatch(/<option value="\+44" selected="">\+44<\/option>/);
    const created = await post({ ...fields, ...consents, phone: '7911 123457', phoneCode: '+44' });
    expect(created.status).toBe(303);
    expect(await accountOf(email)).toMatchObject({ phone: '+44 7911 123 457', phone_code: '+44' });
  });

  it('refuses a phoneCode that is no country’s dial code', async () => {
    for (const phoneCode of ['44', '+999', '+1 OR 1', '+']) {
      const refused = await signUp(form({ phone: '303 555 0174', phoneCode, subscriptions: { smsNotificationConsent: true } }), 'en-us', '192.0.2.174');
      expect([phoneCode, refused.status, refused.body.details?.[0]?.field]).toEqual([phoneCode, 400, 'phoneCode']);
    }
  });
});

describe('the brand’s terms and the privacy policy', () => {
  it('are two consents, each required at its own field', async () => {
    const noPolicy = await signUp(form({ termsConditionsAndPolicy: false }), 'en-us', '192.0.2.175');
    expect([noPolicy.status, noPolicy.body.details]).toEqual([400, [{ field: 'termsConditionsAndPolicy', message: 'This field is required' }]]);
    const noTerms = await signUp(form({ isTermsConfirmed: false }), 'en-us', '192.0.2.175');
    expect([noTerms.status, noTerms.body.details]).toEqual([400, [{ field: 'isTermsConfirmed', message: 'This field is required' }]]);
  });

  it('are recorded each with its date', async () => {
    const body = form();
    expect((await signUp(body, 'en-us', '192.0.2.176')).status).toBe(201);
    const account = await accountOf(body.email);
    expect(account?.terms_accepted_at).toBe(account?.created_at);
    expect(account?.privacy_policy_accepted_at).toBe(account?.created_at);
  });

  it('are two boxes on the account page, the policy’s refused at its own when left', async () => {
    const post = (fields: Record<string, string>) =>
      request('/fr-fr/account/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'cf-connecting-ip': '192.0.2.178' },
        body: new URLSearchParams(fields).toString(),
      });
    const email = `page.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const fields = {
      email,
      firstName: 'Rhea',
      lastName: 'Moor',
      password: 'Summit-Bound-4',
      birthDate: '14/03/1990',
      phone: '6 12 34 56 71',
      gender: 'female',
    };
    // The box left: only the hidden empty value its form always sends.
    const left = await post({ ...fields, isTermsConfirmed: 'on', termsConditionsAndPolicy: '' });
    expect(left.status).toBe(400);
    const html = await left.text();
    expect(html).toContain('J’accepte les conditions d’utilisation.');
    expect(html).toContain('J’ai lu la politique de confidentialité.');
    expect(/id="page-signup-policy-error">([^<]*)</.exec(html)?.[1]).toBe('Ce champ est obligatoire');
    expect(html).not.toContain('id="page-signup-terms-error"');
    // The brand's terms stay ticked as the shopper left them.
    expect(/<input[^>]*id="page-signup-terms"[^>]*>/.exec(html)?.[0]).toContain('checked');
    expect(await accountOf(email)).toBeNull();
    const both = await post({ ...fields, isTermsConfirmed: 'on', termsConditionsAndPolicy: 'on' });
    expect(both.status).toBe(303);
    const account = await accountOf(email);
    expect([account?.terms_accepted_at, account?.privacy_policy_accepted_at]).toEqual([account?.created_at, account?.created_at]);
  });

  it('from an older client’s one box, worded for both, still sign up and record both', async () => {
    const { termsConditionsAndPolicy: _left, ...older } = form();
    expect((await signUp(older, 'en-us', '192.0.2.177')).status).toBe(201);
    const account = await accountOf(older.email);
    expect([account?.terms_accepted_at, account?.privacy_policy_accepted_at]).toEqual([account?.created_at, account?.created_at]);
  });
});
