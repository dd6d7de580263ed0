// Links the store sends away lead to its configured public origin (PUBLIC_ORIGIN, https://store.test here),
// never to the Host the request came with (issue 23, §3): someone who sends a request to the worker under
// another name must not get a reset link, a confirmation, a share or an order's link pointing at theirs.

import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { orderByCard, stockedVariant } from './checkout-helpers.ts';
import { emailsTo, emailTo, ORIGIN, one } from './helpers.ts';
import { signedIn } from './identity.ts';
import { Jar } from './jar.ts';

/** The name a request came under: the attacker's, pointing at the store's worker. */
const SPOOFED = 'https://evil.example';

function spoofedJar(address: string): Jar {
  const jar = new Jar();
  jar.origin = SPOOFED;
  jar.address = address;
  return jar;
}

async function lastEmail(to: string, kind: string): Promise<string> {
  return (await emailTo(to, kind)).text;
}

/** Every link in a text leads to the store's public origin, and there is at least one. */
function expectStoreLinks(text: string): void {
  const links = text.match(/https?:\/\/[^\s)]+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin, link).toBe(ORIGIN);
}

describe('links sent away', () => {
  it('in a password reset lead to the public origin, from the API and from the page’s form', async () => {
    const jar = spoofedJar('198.18.23.40');
    expect((await jar.api('POST', '/api/consumers-v3/consumer/resetpassword', { email: 'eve.employee@cairn.test' })).status).toBe(202);
    expectStoreLinks(await lastEmail('eve.employee@cairn.test', 'password-reset'));
    const form = spoofedJar('198.18.23.41');
    expect((await form.post('/en-us/forgot-password', { email: 'leo.loyalty@cairn.test' })).status).toBe(303);
    expectStoreLinks(await lastEmail('leo.loyalty@cairn.test', 'password-reset'));
  });

  it('in a newsletter confirmation and the welcome after it lead to the public origin', async () => {
    const email = `links.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const jar = spoofedJar('198.18.23.42');
    expect((await jar.api('POST', '/api/consumers-v3/newsletter', { email, policy: true }, { 'x-locale': 'en-us' })).status).toBe(202);
    const confirmation = await lastEmail(email, 'newsletter-confirm');
    expectStoreLinks(confirmation);
    const token = new URL(/(https?:\/\/\S+)/.exec(confirmation)?.[1] as string).searchParams.get('token');
    expect((await jar.api('POST', '/api/consumers-v3/newsletter/confirm', { token })).status).toBe(200);
    const welcome = (await emailsTo(email, undefined, 2)).find((candidate) => candidate.kind !== 'newsletter-confirm');
    expectStoreLinks(welcome?.text as string);
  });

  it('in a sign-up’s confirmation link lead to the public origin', async () => {
    const email = `joins.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const jar = spoofedJar('198.18.23.43');
    const created = await jar.api('POST', '/api/consumers-v3/auth/signup', {
      firstName: 'Lin',
      lastName: 'Crag',
      email,
      password: 'Summit-Bound-4',
      gender: 'unspecified',
      isTermsConfirmed: true,
      subscriptions: { newsletterConsent: true },
    });
    expect(created.status).toBe(201);
    expectStoreLinks(await lastEmail(email, 'newsletter-confirm'));
  });

  it('as a shared list’s address lead to the public origin', async () => {
    const session = await signedIn('ana@cairn.test', DEMO_PASSWORD, '198.18.23.44');
    const jar = spoofedJar('198.18.23.44');
    jar.cookies = Object.fromEntries(session.cookie.split('; ').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
    const added = await jar.api('POST', '/api/wishlists/v2/favorites', { id: (await stockedVariant(1, 11)).id });
    expect(added.status).toBeLessThan(300);
    const shared = await jar.api('POST', `/api/wishlists/v2/favorites/${added.body.favoriteId}/share`);
    expect(shared.status).toBe(200);
    expect(new URL(shared.body.shareUrl).origin).toBe(ORIGIN);
  });

  it('in a notify-me confirmation lead to the public origin', async () => {
    const variant = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE i.quantity = 0 AND s.notify_me = 1 AND s.target_publish_date IS NULL ORDER BY v.id LIMIT 1`,
    );
    const email = `waits.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const jar = spoofedJar('198.18.23.45');
    expect((await jar.api('PUT', '/api/products/v1/notifications', { productId: variant.id, email })).status).toBeLessThan(300);
    expectStoreLinks(await lastEmail(email, 'notify-me'));
  });

  it('in the notify-me form’s confirmation and on the favorites page’s share field lead to the public origin', async () => {
    const variant = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE i.quantity = 0 AND s.notify_me = 1 AND s.target_publish_date IS NULL ORDER BY v.id LIMIT 1 OFFSET 1`,
    );
    const email = `waits.${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await spoofedJar('198.18.23.47').post('/en-us/notify-me', { productId: variant.id, email })).status).toBeLessThan(400);
    expectStoreLinks(await lastEmail(email, 'notify-me'));

    const session = await signedIn('leo.loyalty@cairn.test', DEMO_PASSWORD, '198.18.23.48');
    const jar = spoofedJar('198.18.23.48');
    jar.cookies = Object.fromEntries(session.cookie.split('; ').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
    const added = await jar.api('POST', '/api/wishlists/v2/favorites', { id: (await stockedVariant(1, 13)).id });
    expect((await jar.api('POST', `/api/wishlists/v2/favorites/${added.body.favoriteId}/share`)).status).toBe(200);
    const page = await jar.get('/en-us/favorites');
    const field = /id="favorites-share-url"[^>]*value="([^"]+)"/.exec(page.html)?.[1];
    expect(field).toBeDefined();
    expect(new URL(field as string).origin).toBe(ORIGIN);
  });

  it('in an event registration’s confirmation, from the API and from the page’s form, lead to the public origin', async () => {
    const register = async (address: string, send: (jar: Jar, email: string) => Promise<unknown>) => {
      const email = `hikes.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const jar = spoofedJar(address);
      const created = await jar.api('POST', '/api/consumers-v3/auth/signup', {
        firstName: 'Ada',
        lastName: 'Stone',
        email,
        password: 'Summit-Bound-4',
        gender: 'unspecified',
        isTermsConfirmed: true,
      });
      expect(created.status).toBe(201);
      const session = await signedIn(email, 'Summit-Bound-4', address);
      jar.cookies = Object.fromEntries(session.cookie.split('; ').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
      await send(jar, email);
      expectStoreLinks(await lastEmail(email, 'event-registration'));
    };
    await register('198.18.23.49', (jar, email) =>
      jar.api('POST', '/api/consumers-v3/consumer/event-registration', {
        email,
        eventId: 'trail-day-2027',
        firstName: 'Ada',
        lastName: 'Stone',
        attendingDays: '2027-05-15',
        plusOne: '',
        eventTermsAccepted: true,
        registrationTimestamp: new Date().toISOString(),
      }),
    );
    await register('198.18.23.50', (jar) =>
      jar.post('/en-us/event-registration/trail-day-2027', { firstName: 'Ada', lastName: 'Stone', attendingDays: '2027-05-15', eventTermsAccepted: 'on' }),
    );
  });

  it('in an order confirmation lead to the public origin', async () => {
    const email = `orders.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await orderByCard(spoofedJar('198.18.23.46'), email, 12);
    expectStoreLinks(await lastEmail(email, 'order-confirmation'));
  });
});
