// The newsletter's double opt-in as the subscriptions service keeps it (account-content §4), without HTTP
// against the real D1: one confirmation email per address and list in ten minutes, even when the form is
// sent 12 times at once (an address cannot be flooded), and a link confirms once. The form, the page and
// what the calls answer are newsletter.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { confirmSubscription, requestConfirmation } from '../../src/worker/commerce/subscriptions/newsletter.ts';
import { mailerFor } from '../../src/worker/mail/mailer.ts';
import { emailsTo, emailTo, mailSettled, one } from './helpers.ts';

const mailer = mailerFor(env);
const asked = (email: string) => ({
  email,
  siteId: 'US' as const,
  locale: 'en_US',
  type: 'Newsletter' as const,
  pageUrl: 'https://store.test/en-us/newsletter/confirm',
});
/** The confirmations sent to an address, once the first has come and the queue has delivered the rest. */
const sent = async (email: string) => {
  await emailsTo(email, 'newsletter-confirm');
  await mailSettled();
  return (await emailsTo(email, 'newsletter-confirm')).length;
};

describe('a newsletter sign-up', () => {
  it('sends one confirmation email when the form is sent 12 times at once', async () => {
    const email = 'flood@example.com';
    await Promise.all(Array.from({ length: 12 }, () => requestConfirmation(env.DB, mailer, asked(email))));
    expect(await sent(email)).toBe(1);
    // Ten minutes later, one more may go.
    await requestConfirmation(env.DB, mailer, asked(email), new Date(Date.now() + 11 * 60_000));
    expect(await sent(email)).toBe(2);
  });

  it('is confirmed once by its link, however often it is followed at once', async () => {
    const email = 'confirm-once@example.com';
    await requestConfirmation(env.DB, mailer, asked(email));
    const text = (await emailTo(email, 'newsletter-confirm')).text;
    const token = /[?&]token=([\w-]+)/.exec(text)?.[1] as string;
    const followed = await Promise.all(Array.from({ length: 12 }, () => confirmSubscription(env.DB, token)));
    expect(followed.filter((f) => f.ok)).toEqual([{ ok: true, email, type: 'Newsletter' }]);
    expect(await one('SELECT confirmed_at IS NOT NULL AS confirmed FROM newsletter_recipients WHERE email = ?1', email)).toEqual({ confirmed: 1 });
  });
});
