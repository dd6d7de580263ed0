// Password resets as the identity service keeps them (commerce-core §2; account-content §2), without HTTP
// against the real D1: an emailed link sets a password once, whatever arrives at the same moment, and spends
// the links sent before it; an expired link sets nothing. The pages, the email and the sessions ended are
// passwords.test.ts and session-end.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { confirmReset, requestReset } from '../../src/worker/commerce/identity/password-reset.ts';
import { verifyPassword } from '../../src/worker/commerce/identity/passwords.ts';
import { mailerFor } from '../../src/worker/mail/mailer.ts';
import { consumerNoOf, emailsTo, mailSettled, one } from './helpers.ts';

const mailer = mailerFor(env);

/** A reset link as the shopper gets it: asked for by email, its token read from the email sent. */
async function resetLink(email: string): Promise<string> {
  await mailSettled();
  const before = (await emailsTo(email, 'password-reset', 0)).length;
  await requestReset(env.DB, mailer, email, { pageUrl: 'https://store.test/en-us/account/reset' });
  const sent = (await emailsTo(email, 'password-reset', before + 1)).at(-1);
  return /[?&]token=([\w-]+)/.exec(sent?.text ?? '')?.[1] ?? '';
}

const outcome = (token: string, password: string) =>
  confirmReset(env.DB, mailer, token, password).then(
    () => 'set',
    (error: { code?: string }) => error.code ?? String(error),
  );

describe('a password reset link', () => {
  it('sets one password when 12 different ones are sent with it at the same moment, and spends the other links', async () => {
    const consumerNo = await consumerNoOf('ana@cairn.test');
    const earlier = await resetLink('ana@cairn.test');
    const token = await resetLink('ana@cairn.test');

    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => outcome(token, `Fresh-passw0rd-${i}`)));

    expect(outcomes.filter((o) => o === 'set')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'AUT402')).toHaveLength(11);
    const winner = outcomes.indexOf('set');
    const stored = await one<{ password_hash: string }>('SELECT password_hash FROM consumers WHERE consumer_no = ?1', consumerNo);
    expect(await verifyPassword(`Fresh-passw0rd-${winner}`, stored.password_hash)).toBe(true);
    expect(await outcome(earlier, 'Another-passw0rd')).toBe('AUT402');
  });

  it('sets nothing once expired', async () => {
    const consumerNo = await consumerNoOf('leo.loyalty@cairn.test');
    const before = await one<{ password_hash: string }>('SELECT password_hash FROM consumers WHERE consumer_no = ?1', consumerNo);
    const token = await resetLink('leo.loyalty@cairn.test');
    // An hour and a minute later, as the link says it lasts an hour.
    await env.DB.prepare('UPDATE password_resets SET expires_at = ?2 WHERE consumer_no = ?1')
      .bind(consumerNo, new Date(Date.now() - 60_000).toISOString())
      .run();
    expect(await outcome(token, 'Fresh-passw0rd-1')).toBe('AUT402');
    expect(await one('SELECT password_hash FROM consumers WHERE consumer_no = ?1', consumerNo)).toEqual(before);
  });
});
