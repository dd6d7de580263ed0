// Newsletter double opt-in (commerce-core §9): asking sends a confirmation link, and only following it
// subscribes. The same link confirms an account's pending email subscriptions (from sign-up or the
// profile) and a newsletter-form address without an account. Links are single-use, stored hashed, and
// one address gets at most one link per few minutes, so the form cannot be used to flood an inbox.

import type { SiteId } from '../../../shared/locale/sites.ts';
import { digestOf, randomToken } from '../../lib/secret-tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';

export type EmailSubscription = 'Newsletter' | 'LoyaltyNewsletter';

export const CONFIRM_SECONDS = 7 * 24 * 60 * 60;
/** One confirmation email per address and list within this window. */
const RESEND_GAP_MS = 10 * 60 * 1000;

function hashOf(token: string): Promise<string> {
  return digestOf(`cairn-newsletter:${token}`);
}

export interface ConfirmationRequest {
  email: string;
  siteId: SiteId;
  locale: string;
  type: EmailSubscription;
  /** An account's pending subscription; absent for the newsletter form without an account. */
  consumerNo?: string;
  firstName?: string | null;
  source?: string | null;
  /** The confirmation page, absolute: the link adds its token. */
  pageUrl: string;
}

/** Records the wish and emails the link, unless the address is already subscribed or was just sent one. */
export async function requestConfirmation(db: D1Database, mailer: Mailer, request: ConfirmationRequest, now = new Date()): Promise<void> {
  const email = request.email.toLowerCase();
  if (!request.consumerNo) {
    const existing = await db
      .prepare('SELECT confirmed_at FROM newsletter_recipients WHERE email = ?1 AND site_id = ?2')
      .bind(email, request.siteId)
      .first<{ confirmed_at: string | null }>();
    if (existing?.confirmed_at) return;
    if (!existing) {
      await db
        .prepare('INSERT OR IGNORE INTO newsletter_recipients (email, site_id, locale, source, requested_at) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(email, request.siteId, request.locale, request.source ?? null, now.toISOString())
        .run();
    }
  }
  // The window is checked by the insert itself: checked before it, 12 sign-ups at once each found no recent
  // email and each sent one, so anyone could flood an address.
  const token = randomToken();
  const recorded = await db
    .prepare(
      `INSERT INTO subscription_confirmations (token_hash, email, site_id, consumer_no, type, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE NOT EXISTS (
         SELECT 1 FROM subscription_confirmations WHERE email = ?2 AND type = ?5 AND site_id = ?3 AND created_at > ?8)
       RETURNING token_hash`,
    )
    .bind(
      await hashOf(token),
      email,
      request.siteId,
      request.consumerNo ?? null,
      request.type,
      now.toISOString(),
      new Date(now.getTime() + CONFIRM_SECONDS * 1000).toISOString(),
      new Date(now.getTime() - RESEND_GAP_MS).toISOString(),
    )
    .first();
  if (!recorded) return;
  const list = request.type === 'LoyaltyNewsletter' ? 'the Cairn Club newsletter' : 'the Cairn newsletter';
  await mailer.send({
    kind: 'newsletter-confirm',
    to: email,
    subject: `Confirm your subscription to ${list}`,
    text: `Hello${request.firstName ? ` ${request.firstName}` : ''},\n\nTo start receiving ${list}, confirm your address with this link within 7 days:\n${request.pageUrl}?token=${token}\n\nIf you did not ask for it, ignore this email: you will not be subscribed.\n`,
  });
}

/** Where a confirmation link leads: the store's page that confirms it with a press of a button, at its public origin. */
export function confirmationPageUrl(origin: string, localeCode: string): string {
  return new URL(`/${localeCode}/newsletter/confirm`, origin).toString();
}

export type Confirmation = { ok: true; email: string; type: EmailSubscription } | { ok: false };

/** Follows a link once: the subscription it stands for now counts. */
export async function confirmSubscription(db: D1Database, token: string, now = new Date()): Promise<Confirmation> {
  if (!/^[\w-]{43}$/.test(token)) return { ok: false };
  const claimed = await db
    .prepare(
      'UPDATE subscription_confirmations SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING email, site_id, consumer_no, type',
    )
    .bind(await hashOf(token), now.toISOString())
    .first<{ email: string; site_id: string; consumer_no: string | null; type: EmailSubscription }>();
  if (!claimed) return { ok: false };
  const at = now.toISOString();
  if (claimed.consumer_no) {
    await db
      .prepare(
        `INSERT INTO subscriptions (consumer_no, type, channel, optin, double_optin, optin_date) VALUES (?1, ?2, 'email', 1, 1, ?3)
         ON CONFLICT (consumer_no, type, channel) DO UPDATE SET optin = 1, double_optin = 1, optin_date = ?3, optout_date = NULL`,
      )
      .bind(claimed.consumer_no, claimed.type, at)
      .run();
  } else {
    await db
      .prepare('UPDATE newsletter_recipients SET confirmed_at = ?3 WHERE email = ?1 AND site_id = ?2 AND confirmed_at IS NULL')
      .bind(claimed.email, claimed.site_id, at)
      .run();
  }
  return { ok: true, email: claimed.email, type: claimed.type };
}
