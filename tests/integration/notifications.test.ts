// Emails and text messages (the account issue, Subscriptions and notifications; account-content §7
// subscription and notification): double opt-in email lists, SMS with its terms, the dates of each choice,
// and the one-click unsubscribe (RFC 8058) every marketing email carries, in its text and its headers.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emailTo, ORIGIN, request } from './helpers.ts';
import { signedInJar } from './jar.ts';

type Json = Record<string, any>;

async function lastEmail(to: string, kind: string): Promise<{ text: string; headers: Record<string, string> | null }> {
  const row = await emailTo(to, kind);
  return { text: row.text, headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null };
}

async function confirmFrom(to: string): Promise<void> {
  const { text } = await lastEmail(to, 'newsletter-confirm');
  const token = /token=([\w-]+)/.exec(text)?.[1] as string;
  const confirmed = await request('/en-us/newsletter/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: new URLSearchParams({ token }),
  });
  expect(confirmed.status).toBe(303);
}

describe('one-click unsubscribe', () => {
  it('comes with the first newsletter email, asks before acting on a visit, and works from a mail client’s POST', async () => {
    const email = `reader.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const asked = await request('/api/consumers-v3/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-locale': 'en-us', 'cf-connecting-ip': '198.19.18.1' },
      body: JSON.stringify({ email, policy: true }),
    });
    expect(asked.status).toBe(202);
    await confirmFrom(email);
    const welcome = await lastEmail(email, 'newsletter-welcome');
    const url = /(https:\/\/\S+\/en-us\/unsubscribe\?u=\S+)/.exec(welcome.text)?.[1] as string;
    expect(url).toBeTruthy();
    expect(welcome.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const path = url.replace(ORIGIN, '');
    const confirmedAt = async () =>
      (await env.DB.prepare('SELECT confirmed_at, unsubscribed_at FROM newsletter_recipients WHERE email = ?1').bind(email).first<Json>()) as Json;
    expect((await confirmedAt()).confirmed_at).toEqual(expect.any(String));

    const visit = await request(path);
    expect(visit.status).toBe(200);
    expect(visit.headers.get('cache-control')).toBe('private, no-store');
    expect(await visit.text()).toContain(`Stop sending the Cairn newsletter to ${email}?`);
    expect((await confirmedAt()).confirmed_at).toEqual(expect.any(String));

    // A mail client's one-click POST: no cookie, no Origin.
    const oneClick = await request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain(`${email} will no longer receive the Cairn newsletter.`);
    expect(await confirmedAt()).toEqual({ confirmed_at: null, unsubscribed_at: expect.any(String) });

    const forged = await request(path.replace(/u=[\w-]+\./, 'u=eyJ4IjoxfQ.'), { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
  });
});

describe('the notification preferences', () => {
  it('keep double opt-in for email lists, the SMS terms for texts, and the dates of each choice', async () => {
    const jar = await signedInJar('ada.athlete@cairn.test', '198.19.18.2');
    const initial = await jar.api('GET', '/api/consumers-v3/consumer/notification');
    expect(initial.status).toBe(200);
    expect(initial.body.preferences.map((p: Json) => `${p.type}:${p.channel}`)).toEqual(['Newsletter:email', 'Newsletter:sms']);

    const asked = await jar.api('PUT', '/api/consumers-v3/consumer/notification', { subscriptions: [{ type: 'Newsletter', channel: 'email', optin: true }] });
    expect(asked.body.preferences[0]).toMatchObject({ optin: false, pending: true, recipient: 'ada.athlete@cairn.test' });
    await confirmFrom('ada.athlete@cairn.test');
    const confirmed = (await jar.api('GET', '/api/consumers-v3/consumer/notification')).body.preferences[0];
    expect(confirmed).toMatchObject({ optin: true, doubleOptin: true, pending: false, optinDate: expect.any(String), optoutDate: null });

    const club = await jar.api('PUT', '/api/consumers-v3/consumer/notification', {
      subscriptions: [{ type: 'LoyaltyNewsletter', channel: 'email', optin: true }],
    });
    expect([club.status, club.body.errorId]).toEqual([404, '4044']);
    const noTerms = await jar.api('PUT', '/api/consumers-v3/consumer/notification', { subscriptions: [{ type: 'Newsletter', channel: 'sms', optin: true }] });
    expect([noTerms.status, noTerms.body.details?.[0]?.field]).toEqual([400, 'smsTerms']);
    const texts = await jar.api('PUT', '/api/consumers-v3/consumer/notification', {
      subscriptions: [
        { type: 'Newsletter', channel: 'sms', optin: true },
        { type: 'Newsletter', channel: 'email', optin: false },
      ],
      smsTermsAccepted: true,
    });
    const audited = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'subscriptions.change' AND actor LIKE 'consumer:%'").first<{
      n: number;
    }>();
    expect(audited?.n).toBeGreaterThanOrEqual(2);
    expect(texts.body.preferences).toEqual([
      expect.objectContaining({ type: 'Newsletter', channel: 'email', optin: false, optoutDate: expect.any(String) }),
      expect.objectContaining({ type: 'Newsletter', channel: 'sms', optin: true, doubleOptin: false, optinDate: expect.any(String) }),
    ]);
  });

  it('are a plain form on the account’s emails and texts page', async () => {
    const jar = await signedInJar('leo.loyalty@cairn.test', '198.19.18.3');
    const { response, html } = await jar.get('/en-us/account/notifications');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('name="LoyaltyNewsletter:email"');
    expect(html).toContain('aria-current="page">Emails and texts</a>');
    const refused = await jar.post('/en-us/account/notifications', { 'Newsletter:sms': 'on' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Accept the SMS terms to receive text messages.');
    const saved = await jar.post('/en-us/account/notifications', {
      'Newsletter:sms': 'on',
      smsTerms: 'on',
      'Newsletter:email': 'on',
      'LoyaltyNewsletter:email': 'on',
    });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/en-us/account/notifications?saved=1']);
    const after = (await jar.get('/en-us/account/notifications?saved=1')).html;
    expect(after).toContain('Your choices are saved.');
    expect(after).toMatch(/Waiting for you to confirm: open the link we sent to (<!-- -->)?leo\.loyalty@cairn\.test/);
    expect(after).toMatch(/Subscribed since/);
  });
});

describe('the subscriptions as the spec lists them (commerce-core §3 Subscription)', () => {
  it('name their category, country and region, and a member’s club membership as a Loyalty subscription that is changed only on the club’s page', async () => {
    const jar = await signedInJar('leo.loyalty@cairn.test', '198.19.18.9');
    const answer = await jar.api('GET', '/api/consumers-v3/consumer/notification');
    expect(answer.status).toBe(200);
    const listed = answer.body.preferences.map((p: Json) => `${p.type}:${p.channel}:${p.category}:${p.country}:${p.region}`);
    expect(listed).toEqual(
      expect.arrayContaining(['Newsletter:email:marketing:US:NA', 'LoyaltyNewsletter:email:loyalty:US:NA', 'Loyalty:email:loyalty:US:NA']),
    );
    expect(answer.body.preferences.at(-1)).toMatchObject({ type: 'Loyalty', optin: true, optinDate: '2026-03-01', recipient: 'leo.loyalty@cairn.test' });
    const leave = await jar.api('PUT', '/api/consumers-v3/consumer/notification', { subscriptions: [{ type: 'Loyalty', channel: 'email', optin: false }] });
    expect([leave.status, leave.body.errorId, leave.body.details?.[0]?.field]).toEqual([400, 'API400', 'subscriptions.0.type']);
    // Someone who is not a member has no such subscription.
    const other = await signedInJar('ada.athlete@cairn.test', '198.19.18.10');
    const theirs = (await other.api('GET', '/api/consumers-v3/consumer/notification')).body.preferences.map((p: Json) => p.type);
    expect(theirs).not.toContain('Loyalty');
  });
});
