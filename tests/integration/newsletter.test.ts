// The newsletter (commerce-core §4, §5, §9): double opt-in through an emailed link that confirms only
// with a press of its page's button; the form's rules; the no-JavaScript path; sign-up's newsletter
// consent confirmed the same way; the SMS subscription of a signed-in shopper.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { emailsTo, getJson, mailSettled, ORIGIN, request } from './helpers.ts';
import { JSON_POST, signedIn } from './identity.ts';

type Json = Record<string, any>;
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

function subscribe(body: Json, address = '192.0.2.150', locale = 'en-gb') {
  return getJson<Json>('/api/consumers-v3/newsletter', {
    method: 'POST',
    headers: { ...JSON_POST, 'x-locale': locale, 'cf-connecting-ip': address },
    body: JSON.stringify(body),
  });
}

/** Every email of a kind to an address, once the first has come and the queue has delivered the rest. */
async function emailsOf(address: string, kind = 'newsletter-confirm'): Promise<Json[]> {
  await emailsTo(address, kind);
  await mailSettled();
  return emailsTo(address, kind);
}

async function confirmLink(address: string): Promise<URL> {
  const [email] = await emailsOf(address);
  return new URL(/(https?:\/\/\S+newsletter\/confirm\?token=[\w-]+)/.exec(email?.text ?? '')?.[1] as string);
}

const recipient = (email: string) =>
  env.DB.prepare('SELECT confirmed_at, source FROM newsletter_recipients WHERE email = ?1')
    .bind(email)
    .first<{ confirmed_at: string | null; source: string | null }>();

describe('the newsletter form', () => {
  it('subscribes only once the emailed link is confirmed, and the link works once', async () => {
    const email = `hiker.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const asked = await subscribe({ email, policy: true, source: 'footer' });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ sent: true, doubleOptin: true });
    expect(await recipient(email)).toEqual({ confirmed_at: null, source: 'footer' });

    const link = await confirmLink(email);
    expect(link.pathname).toBe('/en-gb/newsletter/confirm');
    // Opening the link (as a mail scanner would) confirms nothing: the page asks for a press of its button.
    const page = await request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Confirm my subscription');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect((await recipient(email))?.confirmed_at).toBeNull();

    const token = link.searchParams.get('token') as string;
    const confirmed = await request('/en-gb/newsletter/confirm', { method: 'POST', headers: FORM, body: new URLSearchParams({ token }) });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/en-gb/newsletter/confirm?done=1');
    expect(await (await request('/en-gb/newsletter/confirm?done=1')).text()).toContain('your subscription is confirmed');
    expect((await recipient(email))?.confirmed_at).toEqual(expect.any(String));

    const again = await getJson<Json>('/api/consumers-v3/newsletter/confirm', { method: 'POST', headers: JSON_POST, body: JSON.stringify({ token }) });
    expect(again.status).toBe(404);
    expect(again.body.errorId).toBe('API404');
    // Already subscribed: asking again sends nothing, and answers the same.
    expect((await subscribe({ email, policy: true })).status).toBe(202);
    expect(await emailsOf(email)).toHaveLength(1);
  });

  it('sends one link per address within a few minutes, so the form cannot flood an inbox', async () => {
    const email = `flood.${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 3; i++) expect((await subscribe({ email, policy: true }, `192.0.2.${160 + i}`)).status).toBe(202);
    expect(await emailsOf(email)).toHaveLength(1);
  });

  it('needs a valid email and the policy accepted, each said at its field', async () => {
    const noPolicy = await subscribe({ email: 'someone@example.com' });
    expect(noPolicy.status).toBe(400);
    expect(noPolicy.body.details).toEqual([{ field: 'policy', message: 'This field is required' }]);
    const badEmail = await subscribe({ email: 'someone@', policy: true });
    expect(badEmail.body.details).toEqual([{ field: 'email', message: 'Email is not valid' }]);
  });

  it('works without JavaScript: errors on the page, then a redirect to "check your inbox"', async () => {
    const refused = await request('/de-de/newsletter', { method: 'POST', headers: FORM, body: new URLSearchParams({ email: 'kein-email' }) });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Die E-Mail-Adresse ist ungültig');
    expect(html).toMatch(/id="newsletter-page-policy"[^>]*aria-invalid="true"/);
    const email = `nojs.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = await request('/de-de/newsletter', { method: 'POST', headers: FORM, body: new URLSearchParams({ email, policy: 'on', source: 'footer' }) });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/de-de/newsletter?sent=1');
    expect((await confirmLink(email)).pathname).toBe('/de-de/newsletter/confirm');
  });

  it('is in every page footer as a plain form that posts to the newsletter page', async () => {
    const html = await (await request('/en-us')).text();
    const form = /<form class="form newsletter-form"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('action="/en-us/newsletter"');
    expect(form).toContain('method="post"');
    expect(html).toMatch(/<label class="field__label" for="footer-newsletter-email">Email address/);
  });

  it('tells a stale link apart, on the page', async () => {
    const stale = await request('/en-us/newsletter/confirm', { method: 'POST', headers: FORM, body: new URLSearchParams({ token: 'x'.repeat(43) }) });
    expect(stale.status).toBe(410);
    expect(await stale.text()).toContain('This link is not valid any more');
  });
});

describe('sign-up with the newsletter box ticked', () => {
  it('sends a welcome and a confirmation link, and the subscription counts once confirmed', async () => {
    const email = `joiner.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await getJson<Json>('/api/consumers-v3/auth/signup', {
      method: 'POST',
      headers: { ...JSON_POST, 'x-locale': 'en-us', 'cf-connecting-ip': '192.0.2.170' },
      body: JSON.stringify({
        firstName: 'Jo',
        lastName: 'Ridge',
        email,
        password: 'Summit-Bound-4',
        gender: 'unspecified',
        isTermsConfirmed: true,
        subscriptions: { newsletterConsent: true, loyaltyEnrollment: true, loyaltyConsent: true, loyaltyNewsletterConsent: true },
      }),
    });
    expect(created.status).toBe(201);
    expect((await emailsOf(email, 'welcome'))[0]?.text).toContain(created.body.memberId);
    const links = await emailsOf(email);
    expect(links.map((link) => link.subject).sort()).toEqual([
      'Confirm your subscription to the Cairn Club newsletter',
      'Confirm your subscription to the Cairn newsletter',
    ]);
    const newsletterLink = new URL(/(https?:\/\/\S+)/.exec(links.find((l) => !l.subject.includes('Club'))?.text)?.[1] as string);
    const confirmed = await getJson<Json>('/api/consumers-v3/newsletter/confirm', {
      method: 'POST',
      headers: JSON_POST,
      body: JSON.stringify({ token: newsletterLink.searchParams.get('token') }),
    });
    expect(confirmed.body).toMatchObject({ confirmed: true, type: 'Newsletter' });
    const rows = await env.DB.prepare("SELECT type, optin, double_optin FROM subscriptions WHERE consumer_no = ?1 AND channel = 'email' ORDER BY type")
      .bind(created.body.consumerNo)
      .all();
    expect(rows.results).toEqual([
      { type: 'Loyalty', optin: 1, double_optin: 0 },
      { type: 'LoyaltyNewsletter', optin: 0, double_optin: 0 },
      { type: 'Newsletter', optin: 1, double_optin: 1 },
    ]);
  });
});

describe('the SMS subscription', () => {
  it('is a signed-in shopper’s, single opt-in, and needs a phone number', async () => {
    const guest = await getJson<Json>('/api/consumers-v3/consumer/subscription');
    expect(guest.status).toBe(401);
    expect(guest.body.errorId).toBe('AUT401');

    const { cookie } = await signedIn('will.wranx@cairn.test', DEMO_PASSWORD, '192.0.2.171');
    const before = await getJson<Json>('/api/consumers-v3/consumer/subscription', { headers: { cookie } });
    expect(before.body.subscription).toMatchObject({ channel: 'sms', optin: false, recipient: expect.stringMatching(/^\+1 /) });
    const on = await getJson<Json>('/api/consumers-v3/consumer/subscription', {
      method: 'PUT',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ optin: true }),
    });
    expect(on.status).toBe(200);
    expect(on.body.subscription).toMatchObject({ optin: true, doubleOptin: false, optinDate: expect.any(String), optoutDate: null });
    const off = await getJson<Json>('/api/consumers-v3/consumer/subscription', {
      method: 'PUT',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ optin: false }),
    });
    expect(off.body.subscription).toMatchObject({ optin: false, optoutDate: expect.any(String) });

    await env.DB.prepare("UPDATE consumers SET phone = NULL, phone_code = NULL WHERE email = 'ian.ipa@cairn.test'").run();
    const noPhone = await signedIn('ian.ipa@cairn.test', DEMO_PASSWORD, '192.0.2.172');
    const refused = await getJson<Json>('/api/consumers-v3/consumer/subscription', {
      method: 'POST',
      headers: { ...JSON_POST, cookie: noPhone.cookie },
      body: JSON.stringify({ optin: true }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'phone', message: 'This field is required' }]);
  });
});
