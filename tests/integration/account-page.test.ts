// The account page without JavaScript (commerce-core §4, account-content §6): plain forms that post,
// errors at their fields in the page's language with the catalogue's status, the session opened and
// ended by the page, and a signed-in home that is the shopper's own (private, never stored).

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { REFRESH_COOKIE, SESSION_COOKIE } from '../../src/shared/api/session.ts';
import { ORIGIN, request } from './helpers.ts';
import { cookieHeader, cookiesOf } from './identity.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

function post(path: string, fields: Record<string, string>, options: { cookie?: string; address?: string } = {}) {
  return request(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, 'cf-connecting-ip': options.address ?? '198.51.100.10', ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const fieldError = (html: string, id: string) => new RegExp(`id="${id}-error">([^<]*)<`).exec(html)?.[1];
const alertText = (html: string) => /role="alert"[^>]*><p>([^<]*)<\/p>/.exec(html)?.[1];

async function signInWithForm(email: string, password = DEMO_PASSWORD, address = '198.51.100.11') {
  const response = await post('/en-us/account/sign-in', { email, password }, { address });
  return { response, cookie: cookieHeader(cookiesOf(response)) };
}

describe('the account page, signed out', () => {
  it('starts with the lookup, a page a search engine may index, never stored', async () => {
    const response = await request('/en-us/account');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(heading(html)).toBe('Sign in or create an account');
    expect(html).toMatch(/<form [^>]*action="\/en-us\/account\/lookup" method="post"/);
    expect(html).not.toMatch(/name="robots"/);
  });

  it('asks a known email for its password and an unknown one for the sign-up details', async () => {
    const known = await (await post('/en-us/account/lookup', { email: 'ana@cairn.test' })).text();
    expect(heading(known)).toBe('Welcome back');
    expect(known).toMatch(/value="ana@cairn.test"/);
    const unknown = await (await post('/en-us/account/lookup', { email: 'someone.new@example.com' })).text();
    expect(heading(unknown)).toBe('Create your account');
    expect(unknown).toMatch(/name="firstName"/);
  });

  it('keeps the club through the lookup when the shopper came to join it', async () => {
    const page = await (await request('/en-us/account?join=club')).text();
    expect(page).toMatch(/<input type="hidden" name="loyalty" value="1"\/>/);
    const signUp = await (await post('/en-us/account/lookup', { email: 'club.joiner@example.com', loyalty: '1' })).text();
    expect(signUp).toMatch(/<input [^>]*name="loyaltyEnrollment" checked=""/);
    const plain = await (await post('/en-us/account/lookup', { email: 'club.joiner@example.com' })).text();
    expect(plain).not.toMatch(/name="loyaltyEnrollment" checked=""/);
  });

  it('puts a bad email at its field, in the page language', async () => {
    const response = await post('/fr-fr/account/lookup', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldError(html, 'page-lookup-email')).toBe('L’adresse e-mail n’est pas valide');
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it('refuses a wrong password for the whole form, with the status of its code, and says when the next try locks', async () => {
    const email = 'will.wranx@cairn.test';
    const address = '198.51.100.12';
    const first = await signInWithForm(email, 'wrong-password-1', address);
    expect(first.response.status).toBe(401);
    const html = await first.response.text();
    expect(alertText(html)).toBe('The email or password is not correct.');
    expect(fieldError(html, 'page-signin-email')).toBeUndefined();
    expect(first.cookie).not.toContain(`${SESSION_COOKIE}=`);
    for (let attempt = 2; attempt <= 3; attempt++) await signInWithForm(email, `wrong-password-${attempt}`, address);
    const fourth = await signInWithForm(email, 'wrong-password-4', address);
    expect(alertText(await fourth.response.text())).toMatch(/One more wrong attempt will lock/);
    const fifth = await signInWithForm(email, 'wrong-password-5', address);
    expect(fifth.response.status).toBe(423);
    const locked = await signInWithForm(email, DEMO_PASSWORD, address);
    expect(locked.response.status).toBe(423);
    expect(alertText(await locked.response.text())).toMatch(/locked/);
  });

  it('signs in, then shows the account home with the spend banner of the highest role', async () => {
    const { response, cookie } = await signInWithForm('ada.athlete@cairn.test');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en-us/account?notice=signed-in');
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    const home = await request('/en-us/account?notice=signed-in', { headers: { cookie } });
    const html = await home.text();
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    expect(heading(html)).toBe('Hi, Ada');
    expect(html).toMatch(/You are signed in. Welcome back, Ada./);
    expect(html).toMatch(/class="account__banner">Athlete credit: \$420 used of your \$1,500 for this year\./);
    // Private and never stored; the sign-in step's answer to a post is not to be indexed.
    expect(html).not.toMatch(/name="robots"/);
    const answer = await (await post('/en-us/account/lookup', { email: 'ada.athlete@cairn.test' })).text();
    expect(answer).toMatch(/name="robots" content="noindex"/);
  });

  it('shows an employee the discount banner first and the terms until accepted, then records them', async () => {
    const { cookie } = await signInWithForm('eve.employee@cairn.test', DEMO_PASSWORD, '198.51.100.13');
    const before = await (await request('/en-us/account', { headers: { cookie } })).text();
    expect(before).toMatch(/class="account__banner">Employee discount:/);
    expect(before).toMatch(/action="\/en-us\/account\/employee-terms"/);
    const accepted = await post('/en-us/account/employee-terms', {}, { cookie });
    expect(accepted.status).toBe(303);
    const after = await (
      await request(accepted.headers.get('location') as string, { headers: { cookie: cookieHeader({ ...parse(cookie), ...cookiesOf(accepted) }) } })
    ).text();
    expect(after).toMatch(/You have accepted the employee discount terms./);
    expect(after).not.toMatch(/action="\/en-us\/account\/employee-terms"/);
    const row = await env.DB.prepare("SELECT employee_terms_accepted_at AS at FROM consumers WHERE email = 'eve.employee@cairn.test'").first<{
      at: string | null;
    }>();
    expect(row?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

function parse(cookie: string): Record<string, string> {
  return Object.fromEntries(cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

describe('sign-up without JavaScript', () => {
  const fields = {
    email: 'page.signup@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    password: 'Cairn-Trail-2026',
    birthDate: '',
    phone: '',
    gender: 'female',
    postalCode: '',
    isTermsConfirmed: 'on',
  };

  it('names every broken rule at its field, in French on the French site, keeping what was typed', async () => {
    const response = await post('/fr-fr/account/sign-up', { ...fields, firstName: 'G', password: 'court', birthDate: '31/02/2001', isTermsConfirmed: '' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(fieldError(html, 'page-signup-first')).toBe('La valeur doit contenir au moins 2 caractères');
    expect(fieldError(html, 'page-signup-password')).toBe('Le mot de passe ne respecte pas les règles.');
    expect(fieldError(html, 'page-signup-birth')).toBe('La date doit suivre le format DD/MM/YYYY et être valide.');
    expect(fieldError(html, 'page-signup-phone')).toBe('Ce champ est obligatoire');
    expect(fieldError(html, 'page-signup-terms')).toBe('Ce champ est obligatoire');
    expect(html).toMatch(/value="Hopper"/);
    expect(html).not.toMatch(/value="court"/);
  });

  it('creates the account, signs in and welcomes; the same email again is refused at its field', async () => {
    const response = await post('/en-us/account/sign-up', { ...fields, newsletterConsent: 'on' }, { address: '198.51.100.20' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en-us/account?notice=welcome');
    const cookie = cookieHeader(cookiesOf(response));
    const home = await (await request('/en-us/account?notice=welcome', { headers: { cookie } })).text();
    expect(home).toMatch(/Welcome to Cairn, Grace/);
    // The profile lacks a phone, a postal code and a birth date: the page asks for them.
    expect(home).toMatch(/action="\/en-us\/account\/profile"/);
    expect(home).toMatch(/name="postalCode"/);
    const again = await post('/en-us/account/sign-up', fields, { address: '198.51.100.20' });
    expect(again.status).toBe(409);
    expect(fieldError(await again.text(), 'page-signup-email')).toBe('An account already exists for this email. Sign in instead, or reset your password.');
  });

  it('completes the profile, requiring each missing field, and saves interests', async () => {
    const signUp = await post('/en-us/account/sign-up', { ...fields, email: 'complete.me@example.com' }, { address: '198.51.100.21' });
    const cookie = cookieHeader(cookiesOf(signUp));
    const empty = await post('/en-us/account/profile', { postalCode: '', birthDate: '04/12/1990', phone: '' }, { cookie });
    expect(empty.status).toBe(400);
    expect(fieldError(await empty.text(), 'page-complete-postal')).toBe('This field is required');
    const tooYoung = await post('/en-us/account/profile', { postalCode: '80302', birthDate: '01/01/2020', phone: '2025550199' }, { cookie });
    expect(tooYoung.status).toBe(400);
    expect(fieldError(await tooYoung.text(), 'page-complete-birth')).toBe('You are not old enough to have an account.');
    const saved = await post(
      '/en-us/account/profile',
      { postalCode: '80302', birthDate: '04/12/1990', phone: '2025550199', smsNotificationConsent: 'on' },
      { cookie },
    );
    expect(saved.status).toBe(303);
    const interests = await request('/en-us/account/interests', {
      method: 'POST',
      redirect: 'manual',
      headers: { ...FORM, cookie },
      body: 'interests=climbing&interests=hiking&preferredShoeSize=10.5',
    });
    expect([interests.status, interests.headers.get('location')]).toEqual([303, '/en-us/account/profile?notice=saved']);
    const home = await (await request('/en-us/account', { headers: { cookie } })).text();
    expect(home).not.toMatch(/action="\/en-us\/account\/profile"/);
    const profile = await (await request('/en-us/account/profile?notice=saved', { headers: { cookie } })).text();
    expect(profile).toMatch(/Your changes are saved./);
    expect(profile).toMatch(/<input type="checkbox" name="interests" checked="" value="hiking"\/>/);
    expect(profile).toMatch(/<input type="checkbox" name="interests" value="running"\/>/);
    expect(profile).toMatch(/<option value="10.5" selected="">/);
    // The profile page edits what was completed: the postal code, written back as the form writes it.
    expect(profile).toMatch(/id="page-complete-postal[^"]*"[^>]*value="80302"|value="80302"[^>]*id="page-complete-postal/);
    const edited = await post(
      '/en-us/account/profile?from=profile',
      { firstName: 'Gina', lastName: 'Stone', postalCode: '80304', birthDate: '04/12/1990', phone: '2025550199' },
      { cookie },
    );
    expect([edited.status, edited.headers.get('location')]).toEqual([303, '/en-us/account/profile?notice=saved']);
    const emptied = await post(
      '/en-us/account/profile?from=profile',
      { firstName: '', lastName: 'Stone', postalCode: '80304', birthDate: '04/12/1990', phone: '2025550199' },
      { cookie },
    );
    expect(emptied.status).toBe(400);
    const emptiedHtml = await emptied.text();
    expect(emptiedHtml).toContain('<h1>Your profile</h1>');
    expect(fieldError(emptiedHtml, 'page-complete-first')).toBe('This field is required');
  });

  it('changes the password, naming what is wrong at its field, and signs out every other device (this one in a fresh session)', async () => {
    const email = 'change.me@example.com';
    const here = cookieHeader(cookiesOf(await post('/en-us/account/sign-up', { ...fields, email }, { address: '198.51.100.22' })));
    const elsewhere = await signInWithForm(email, fields.password, '198.51.100.23');
    const change = (body: Record<string, string>) => post('/en-us/account/password', body, { cookie: here });
    const wrong = await change({ currentPassword: 'Not-The-One-1', newPassword: 'Ridge-Line-2027', confirmPassword: 'Ridge-Line-2027' });
    expect(wrong.status).toBe(401);
    expect(fieldError(await wrong.text(), 'page-currentPassword')).toBe('The current password is not correct.');
    const weak = await change({ currentPassword: fields.password, newPassword: 'ridgeline', confirmPassword: 'ridgeline' });
    expect(fieldError(await weak.text(), 'page-newPassword')).toBe('Password does not meet requirements.');
    const differ = await change({ currentPassword: fields.password, newPassword: 'Ridge-Line-2027', confirmPassword: 'Ridge-Line-2028' });
    expect(fieldError(await differ.text(), 'page-confirmPassword')).toBe('The passwords do not match.');
    const done = await change({ currentPassword: fields.password, newPassword: 'Ridge-Line-2027', confirmPassword: 'Ridge-Line-2027' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/en-us/account/profile?notice=password');
    // This device goes on in the fresh session the change gave it; its old cookies ended with the others.
    const renewed = cookieHeader({ ...parse(here), ...cookiesOf(done) });
    expect(await (await request('/en-us/account/profile?notice=password', { headers: { cookie: renewed } })).text()).toMatch(/Your password is changed/);
    expect(heading(await (await request('/en-us/account', { headers: { cookie: here } })).text())).toBe('Sign in or create an account');
    // The other device cannot renew its session any more.
    const otherRefresh = parse(elsewhere.cookie)[REFRESH_COOKIE] as string;
    expect(heading(await (await request('/en-us/account', { headers: { cookie: `${REFRESH_COOKIE}=${otherRefresh}` } })).text())).toBe(
      'Sign in or create an account',
    );
    expect((await signInWithForm(email, 'Ridge-Line-2027', '198.51.100.24')).response.status).toBe(303);
  });

  it('counts wrong current passwords with the sign-in attempts, so a session cannot guess without limit', async () => {
    const email = 'guess.me@example.com';
    const cookie = cookieHeader(cookiesOf(await post('/en-us/account/sign-up', { ...fields, email }, { address: '198.51.100.25' })));
    const guess = (attempt: number) =>
      post(
        '/en-us/account/password',
        { currentPassword: `Guess-${attempt}-x`, newPassword: 'Ridge-Line-2027', confirmPassword: 'Ridge-Line-2027' },
        { cookie },
      );
    for (let attempt = 1; attempt <= 4; attempt++) expect((await guess(attempt)).status).toBe(401);
    const locked = await guess(5);
    expect(locked.status).toBe(423);
    expect(alertText(await locked.text())).toMatch(/locked for 15 minutes/);
    expect((await signInWithForm(email, fields.password, '198.51.100.26')).response.status).toBe(423);
  });

  it('signs out to the home page, the session gone', async () => {
    const { cookie } = await signInWithForm('ana@cairn.test', DEMO_PASSWORD, '198.51.100.14');
    const out = await post('/en-us/account/sign-out', {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/en-us');
    expect(cookiesOf(out)[SESSION_COOKIE]).toBe('');
    const after = await (await request('/en-us/account', { headers: { cookie: cookieHeader({ ...parse(cookie), ...cookiesOf(out) }) } })).text();
    expect(heading(after)).toBe('Sign in or create an account');
    // The refresh family is revoked too: the old refresh token cannot bring the session back.
    const refresh = parse(cookie)[REFRESH_COOKIE] as string;
    const revived = await request('/en-us/account', { headers: { cookie: `${REFRESH_COOKIE}=${refresh}` } });
    expect(heading(await revived.text())).toBe('Sign in or create an account');
  });
});
