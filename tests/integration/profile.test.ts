// Updating the profile (account-content §3, §5; commerce-core §4, §8): each field with the sign-up rule,
// at least one field, the codes the catalogue places (PRO400, PRO410, PRO411, AUT444, AUT450), a loyalty
// enrolment of an existing account, the employee discount terms, subscriptions.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../src/shared/api/session.ts';
import { emailTo, getJson } from './helpers.ts';
import { cookiesOf, JSON_POST, signedIn } from './identity.ts';

type Json = Record<string, any>;

function put(cookie: string, consumerProfile: Json, locale = 'en-us') {
  return getJson<Json>('/api/consumers-v3/consumer', {
    method: 'PUT',
    headers: { ...JSON_POST, cookie, 'x-locale': locale },
    body: JSON.stringify({ consumerProfile }),
  });
}

async function newAccount(locale = 'en-us', extra: Json = {}) {
  const email = `profile.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const created = await getJson<Json>('/api/consumers-v3/auth/signup', {
    method: 'POST',
    headers: { ...JSON_POST, 'x-locale': locale, 'cf-connecting-ip': '192.0.2.180' },
    body: JSON.stringify({
      firstName: 'Robin',
      lastName: 'Moss',
      email,
      password: 'Summit-Bound-4',
      gender: 'unspecified',
      isTermsConfirmed: true,
      ...extra,
    }),
  });
  expect(created.status).toBe(201);
  const session = await signedIn(email, 'Summit-Bound-4', '192.0.2.181');
  return { email, consumerNo: created.body.consumerNo as string, cookie: session.cookie };
}

describe('the profile update', () => {
  it('is for signed-in shoppers, and needs at least one field', async () => {
    const guest = await put('', { consumerDetails: { firstName: 'Robin' } });
    expect(guest.status).toBe(401);
    expect(guest.body.errorId).toBe('AUT401');
    const { cookie } = await newAccount();
    const empty = await put(cookie, { consumerDetails: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errorId: 'API400', message: 'Send at least one field to update.' });
  });

  it('changes details and preferences, and the header’s name follows at once', async () => {
    const { cookie } = await newAccount();
    const updated = await put(cookie, {
      consumerDetails: { firstName: 'Robyn', postalCode: '80302', birthDate: '04/21/1990' },
      preferences: { interests: 'trail-running|hiking', preferredShoeSize: '10.5' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.consumerProfile.consumerDetails).toMatchObject({ firstName: 'Robyn', postalCode: '80302', birthDate: '1990-04-21' });
    // Stored in the list's order, whatever order they came in.
    expect(updated.body.consumerProfile.preferences).toEqual({ interests: 'hiking|trail-running', preferredShoeSize: '10.5' });
    expect(decodeURIComponent(cookiesOf(updated as unknown as Response)[SESSION_HINT_COOKIE] as string)).toBe('r:Robyn');
  });

  it('says what is wrong at the field, with the sign-up rules and the catalogue’s codes', async () => {
    const { cookie } = await newAccount('en-gb', { birthDate: '01/02/1990' });
    const young = await put(cookie, { consumerDetails: { birthDate: '01/01/2020' } }, 'en-gb');
    expect(young.status).toBe(400);
    expect(young.body).toMatchObject({
      errorId: 'PRO410',
      details: [{ field: 'consumerProfile.consumerDetails.birthDate', message: 'You must be at least 13 years old.' }],
    });
    const cleared = await put(cookie, { consumerDetails: { birthDate: '' } }, 'en-gb');
    expect(cleared.body.errorId).toBe('PRO411');
    const badName = await put(cookie, { consumerDetails: { lastName: 'M0ss' } }, 'en-gb');
    expect(badName.body.details).toEqual([{ field: 'consumerProfile.consumerDetails.lastName', message: 'Name is not valid.' }]);
    const badInterest = await put(cookie, { preferences: { interests: 'hiking|base-jumping' } }, 'en-gb');
    expect(badInterest.body.details).toEqual([{ field: 'consumerProfile.preferences.interests', message: 'Choose interests from the list.' }]);
  });

  it('changes the email only with the password, never to one in use, and tells the old address', async () => {
    const { email, cookie } = await newAccount();
    const next = `moved.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const noPassword = await put(cookie, { consumerDetails: { email: next } });
    expect(noPassword.status).toBe(401);
    expect(noPassword.body).toMatchObject({ errorId: 'AUT450', details: [{ field: 'currentPassword' }] });
    const inUse = await put(cookie, { consumerDetails: { email: 'ana@cairn.test', currentPassword: 'Summit-Bound-4' } });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ errorId: 'PRO400', details: [{ field: 'email' }] });
    const moved = await put(cookie, { consumerDetails: { email: next, currentPassword: 'Summit-Bound-4' } });
    expect(moved.body.consumerProfile.consumerDetails.email).toBe(next);
    expect((await emailTo(email, 'email-changed')).kind).toBe('email-changed');
    expect((await signedIn(next, 'Summit-Bound-4', '192.0.2.182')).status).toBe(200);
  });

  it('counts wrong passwords for a new email with the sign-in attempts, and locks like sign-in', async () => {
    const { cookie } = await newAccount();
    const change = () =>
      put(cookie, { consumerDetails: { email: `elsewhere.${crypto.randomUUID().slice(0, 8)}@example.com`, currentPassword: 'Not-Mine-123' } });
    for (let attempt = 1; attempt <= 4; attempt++) expect((await change()).body.errorId).toBe('AUT450');
    const locked = await change();
    expect(locked.status).toBe(423);
    expect(locked.body.errorId).toBe('AUT423');
  });

  it('refuses a phone another account has, and clearing the phone ends the SMS subscription', async () => {
    const { consumerNo, cookie } = await newAccount();
    const taken = await put(cookie, { consumerDetails: { phone: '(202) 555-0100' } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errorId: 'AUT444', details: [{ field: 'phone' }] });
    const withPhone = await put(cookie, { consumerDetails: { phone: '303 555 0199' }, subscriptions: { smsNotificationConsent: true } });
    expect(withPhone.body.consumerProfile.consumerDetails).toMatchObject({ phone: '+1 (303) 555 - 0199', phoneCode: '+1' });
    expect(withPhone.body.consumerProfile.subscriptions).toContainEqual({ type: 'Newsletter', channel: 'sms', optin: true, doubleOptin: false });
    const cleared = await put(cookie, { consumerDetails: { phone: '' } });
    expect(cleared.body.consumerProfile.consumerDetails.phone).toBeNull();
    const sms = await env.DB.prepare("SELECT optin FROM subscriptions WHERE consumer_no = ?1 AND channel = 'sms'").bind(consumerNo).first<{ optin: number }>();
    expect(sms?.optin).toBe(0);
  });

  it('enrols an existing account in the loyalty programme, and the session knows the member at once', async () => {
    const { consumerNo, cookie } = await newAccount();
    const refused = await put(cookie, { subscriptions: { loyaltyEnrollment: true } });
    expect(refused.body.details).toEqual([{ field: 'consumerProfile.subscriptions.loyaltyConsent', message: 'This field is required' }]);
    const enrolled = await put(cookie, { subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } });
    expect(enrolled.body.consumerProfile).toMatchObject({ isLoyaltyMember: true, memberId: expect.stringMatching(/^M\d{10}$/) });
    // The renewed session cookie carries the member id: the next call with it says so.
    const renewed = cookiesOf(enrolled as unknown as Response)[SESSION_COOKIE] as string;
    const session = await getJson<Json>('/api/token/v2/auth/token', {
      method: 'POST',
      headers: { ...JSON_POST, cookie: `${SESSION_COOKIE}=${renewed}` },
      body: '{}',
    });
    expect(session.body).toMatchObject({ consumerNo, memberId: enrolled.body.consumerProfile.memberId });
    // Enrolling again changes nothing: the member keeps their number.
    const again = await put(cookie, { subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } });
    expect(again.body.consumerProfile.memberId).toBe(enrolled.body.consumerProfile.memberId);
  });

  it('asks for a confirmation before a newsletter subscription counts', async () => {
    const { email, cookie } = await newAccount();
    const asked = await put(cookie, { subscriptions: { newsletterConsent: true } });
    expect(asked.body.consumerProfile.subscriptions).toContainEqual({ type: 'Newsletter', channel: 'email', optin: false, doubleOptin: false });
    expect((await emailTo(email, 'newsletter-confirm')).kind).toBe('newsletter-confirm');
  });

  it('records the employee discount terms once, with their date, for employees only', async () => {
    const employee = await signedIn('eve.employee@cairn.test', DEMO_PASSWORD, '192.0.2.183');
    const accepted = await put(employee.cookie, { isEmployeeDiscountTCAccepted: true });
    expect(accepted.body.consumerProfile.isEmployeeDiscountTCAccepted).toBe(true);
    const first = await env.DB.prepare("SELECT employee_terms_accepted_at AS at FROM consumers WHERE email = 'eve.employee@cairn.test'").first<{
      at: string;
    }>();
    await put(employee.cookie, { isEmployeeDiscountTCAccepted: true });
    const second = await env.DB.prepare("SELECT employee_terms_accepted_at AS at FROM consumers WHERE email = 'eve.employee@cairn.test'").first<{
      at: string;
    }>();
    expect(second?.at).toBe(first?.at);
    const { cookie } = await newAccount();
    const notEmployee = await put(cookie, { isEmployeeDiscountTCAccepted: true });
    expect(notEmployee.status).toBe(400);
  });
});
