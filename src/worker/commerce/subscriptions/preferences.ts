// A signed-in shopper's communication preferences (account-content §7 subscription and notification;
// commerce-core §3 Subscription): the email newsletter and the Cairn Club newsletter (double opt-in: asking
// sends a confirmation link, and only following it subscribes), and text messages (single opt-in, with the
// SMS terms accepted and a mobile number). Each keeps when it was given and when it was withdrawn.

import { type Locale, SITES, type SiteId } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { confirmationPageUrl, type EmailSubscription, requestConfirmation } from './newsletter.ts';
import { unsubscribeLink } from './unsubscribe.ts';

export type PreferenceType = 'Newsletter' | 'LoyaltyNewsletter';
/** 'Loyalty' is the club membership itself: listed with the others, joined and left on the club's own page. */
export type SubscriptionType = PreferenceType | 'Loyalty';
export type Channel = 'email' | 'sms';

export interface Preference {
  type: PreferenceType;
  channel: Channel;
  /** What it is for: the brand's news ('marketing') or the club's ('loyalty'). */
  category: 'marketing' | 'loyalty';
  /** Where the consent was given: the account's site country and region (the law that governs it). */
  country: string;
  region: string;
  recipient: string | null;
  optin: boolean;
  doubleOptin: boolean;
  /** Asked for, waiting for the address to confirm (email only). */
  pending: boolean;
  optinDate: string | null;
  optoutDate: string | null;
}

export interface PreferenceChange {
  type: PreferenceType;
  channel: Channel;
  optin: boolean;
}

const OFFERED: readonly { type: PreferenceType; channel: Channel }[] = [
  { type: 'Newsletter', channel: 'email' },
  { type: 'LoyaltyNewsletter', channel: 'email' },
  { type: 'Newsletter', channel: 'sms' },
];

/** The club membership as a subscription (commerce-core §3 Subscription type Loyalty). */
export type ProgrammeSubscription = Omit<Preference, 'type'> & { type: 'Loyalty' };

export async function preferencesOf(
  db: D1Database,
  consumerNo: string,
  now = new Date(),
): Promise<{ preferences: Preference[]; member: boolean; programme: ProgrammeSubscription | null }> {
  const [consumer, rows, pending] = await db.batch<unknown>([
    db.prepare('SELECT email, phone, member_id, site_id, loyalty_opt_in_date FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL').bind(consumerNo),
    db.prepare('SELECT type, channel, optin, double_optin, optin_date, optout_date FROM subscriptions WHERE consumer_no = ?1').bind(consumerNo),
    db
      .prepare('SELECT DISTINCT type FROM subscription_confirmations WHERE consumer_no = ?1 AND used_at IS NULL AND expires_at > ?2')
      .bind(consumerNo, now.toISOString()),
  ]);
  const who = (consumer?.results ?? [])[0] as
    | { email: string; phone: string | null; member_id: string | null; site_id: SiteId; loyalty_opt_in_date: string | null }
    | undefined;
  if (!who) throw new HttpError('PRO404', 'Profile not loaded');
  const site = SITES[who.site_id] ?? SITES.US;
  const where = { country: site.countries[0] ?? who.site_id, region: site.region };
  const saved = (rows?.results ?? []) as {
    type: string;
    channel: string;
    optin: number;
    double_optin: number;
    optin_date: string | null;
    optout_date: string | null;
  }[];
  const waiting = new Set(((pending?.results ?? []) as { type: string }[]).map((row) => row.type));
  const preferences = OFFERED.filter((offer) => offer.type !== 'LoyaltyNewsletter' || who.member_id).map((offer) => {
    const row = saved.find((s) => s.type === offer.type && s.channel === offer.channel);
    const optin = row?.optin === 1;
    return {
      ...offer,
      category: offer.type === 'Newsletter' ? ('marketing' as const) : ('loyalty' as const),
      ...where,
      recipient: offer.channel === 'sms' ? who.phone : who.email,
      optin,
      doubleOptin: row?.double_optin === 1,
      pending: offer.channel === 'email' && !optin && waiting.has(offer.type),
      optinDate: row?.optin_date ?? null,
      optoutDate: row?.optout_date ?? null,
    };
  });
  const programme: ProgrammeSubscription | null = who.member_id
    ? {
        type: 'Loyalty',
        channel: 'email',
        category: 'loyalty',
        ...where,
        recipient: who.email,
        optin: true,
        doubleOptin: false,
        pending: false,
        optinDate: who.loyalty_opt_in_date,
        optoutDate: null,
      }
    : null;
  return { preferences, member: Boolean(who.member_id), programme };
}

export interface PreferenceContext {
  db: D1Database;
  mailer: Mailer;
  locale: Locale;
  /** The store's public origin, for the confirmation link. */
  origin: string;
}

/**
 * Applies the changes: withdrawing takes effect at once; an email list asked for sends its confirmation link
 * (and stays off until it is followed); text messages need the SMS terms accepted and a mobile number.
 */
export async function changePreferences(
  context: PreferenceContext,
  consumerNo: string,
  changes: readonly PreferenceChange[],
  smsTermsAccepted: boolean,
  now = new Date(),
): Promise<{ preferences: Preference[]; member: boolean; programme: ProgrammeSubscription | null }> {
  const { db } = context;
  const current = await preferencesOf(db, consumerNo, now);
  const at = now.toISOString();
  const statements: D1PreparedStatement[] = [];
  const confirmations: EmailSubscription[] = [];
  for (const change of changes) {
    const existing = current.preferences.find((p) => p.type === change.type && p.channel === change.channel);
    if (!existing) {
      if (change.type === 'LoyaltyNewsletter') throw new HttpError('4044', 'The Cairn Club newsletter is for members: join the club first.');
      throw new HttpError('API400', 'This subscription is not offered.', [{ field: 'type', message: 'This subscription is not offered.' }]);
    }
    if (change.optin === existing.optin) continue;
    if (!change.optin) {
      statements.push(
        db
          .prepare('UPDATE subscriptions SET optin = 0, optout_date = ?4 WHERE consumer_no = ?1 AND type = ?2 AND channel = ?3')
          .bind(consumerNo, change.type, change.channel, at),
      );
      continue;
    }
    if (change.channel === 'email') {
      confirmations.push(change.type);
      continue;
    }
    if (!existing.recipient) {
      throw new HttpError('API400', 'Add a mobile number to your profile to receive text messages.', [{ field: 'phone', message: 'This field is required' }]);
    }
    if (!smsTermsAccepted) {
      throw new HttpError('API400', 'Accept the SMS terms to receive text messages.', [{ field: 'smsTerms', message: 'This field is required' }]);
    }
    statements.push(
      db
        .prepare(
          `INSERT INTO subscriptions (consumer_no, type, channel, optin, double_optin, optin_date, optout_date) VALUES (?1, ?2, 'sms', 1, 0, ?3, NULL)
           ON CONFLICT (consumer_no, type, channel) DO UPDATE SET optin = 1, optin_date = ?3, optout_date = NULL`,
        )
        .bind(consumerNo, change.type, at),
    );
  }
  if (statements.length > 0) await db.batch(statements);
  const email = current.preferences.find((p) => p.channel === 'email')?.recipient;
  for (const type of confirmations) {
    if (!email) break;
    await requestConfirmation(
      db,
      context.mailer,
      {
        email,
        siteId: context.locale.site.id,
        locale: context.locale.code,
        type,
        consumerNo,
        pageUrl: confirmationPageUrl(context.origin, context.locale.code),
      },
      now,
    );
  }
  return preferencesOf(db, consumerNo, now);
}

/**
 * The first email of a list once its subscription is confirmed: a marketing email, so it carries the
 * one-click unsubscribe link in its text and in the List-Unsubscribe headers.
 */
export async function sendListWelcome(
  mailer: Mailer,
  secret: string,
  origin: string,
  locale: Locale,
  confirmed: { email: string; type: EmailSubscription },
): Promise<void> {
  const link = await unsubscribeLink(secret, origin, locale.code, { email: confirmed.email, siteId: locale.site.id, type: confirmed.type });
  const list = confirmed.type === 'LoyaltyNewsletter' ? 'the Cairn Club newsletter' : 'the Cairn newsletter';
  await mailer.send({
    kind: 'newsletter-welcome',
    to: confirmed.email,
    subject: `Welcome to ${list}`,
    text: `You are subscribed to ${list}: new gear, trail stories and early access to sales, once or twice a month.\n\nTo stop receiving it, unsubscribe in one click:\n${link.url}\n`,
    headers: link.headers,
  });
}
