// Updating a signed-in consumer's profile (account-content §3, commerce-core §4): details, preferences,
// subscriptions, a loyalty enrolment of an existing account, the employee discount terms. An email or
// phone another account holds is refused on its field (PRO400, AUT444); a new email needs the password.

import { joinInterests } from '../../../shared/account/interests.ts';
import { findCountry } from '../../../shared/locale/countries.ts';
import { personalPhone } from '../../../shared/locale/phone.ts';
import { SITES, type SiteId } from '../../../shared/locale/sites.ts';
import type { ProfileUpdate } from '../../../shared/schema/profile.ts';
import { dateFormatOf, parseFormDate } from '../../../shared/schema/sign-up.ts';
import { HttpError } from '../../lib/http-error.ts';
import { guardedBatch, writeGuard } from '../../lib/write-guard.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { type EmailSubscription, requestConfirmation } from '../subscriptions/newsletter.ts';
import { newMemberId } from './sign-up.ts';

export interface UpdateDeps {
  db: D1Database;
  mailer: Mailer;
  siteId: SiteId;
  locale: string;
  /** The newsletter confirmation page, for a subscription the update asks for. */
  confirmPageUrl: string;
}

interface Current {
  email: string;
  consumer_type: string;
  first_name: string | null;
  phone: string | null;
  member_id: string | null;
  employee_terms_accepted_at: string | null;
}

const DETAIL_COLUMNS = { firstName: 'first_name', lastName: 'last_name', gender: 'gender', postalCode: 'postal_code' } as const;

export async function updateProfile(deps: UpdateDeps, consumerNo: string, update: ProfileUpdate): Promise<void> {
  const { db } = deps;
  const current = await currentProfile(db, consumerNo);
  const now = new Date().toISOString();
  const sets: [column: string, value: unknown][] = [];
  const after: D1PreparedStatement[] = [];
  const details = update.consumerDetails ?? {};

  for (const [field, column] of Object.entries(DETAIL_COLUMNS) as [keyof typeof DETAIL_COLUMNS, string][]) {
    const value = details[field];
    if (value !== undefined) sets.push([column, value === '' ? null : value]);
  }
  if (details.birthDate !== undefined) sets.push(['birth_date', details.birthDate === '' ? null : parseFormDate(details.birthDate, dateFormatOf(deps.siteId))]);

  const email = details.email?.toLowerCase();
  const emailChanged = email !== undefined && email !== current.email.toLowerCase();
  if (emailChanged) {
    // The password itself was checked before the update, with the sign-in attempts (applyProfileUpdate).
    if (details.currentPassword === undefined)
      throw new HttpError('AUT450', 'Enter your current password to change your email.', [
        { field: 'currentPassword', message: 'The current password is not correct.' },
      ]);
    const taken = await db.prepare('SELECT 1 AS taken FROM consumers WHERE email = ?1 AND consumer_no <> ?2').bind(email, consumerNo).first();
    if (taken) throw new HttpError('PRO400', undefined, [{ field: 'email', message: 'An account already exists for this email.' }]);
    sets.push(['email', email]);
  }

  if (details.phone !== undefined) {
    const country = findCountry(SITES[deps.siteId].countries[0]);
    const own = details.phone === '' ? null : personalPhone(details.phone, country?.code ?? '');
    const phone = own?.formatted ?? null;
    const phoneCode = own ? `+${own.country.dialCode}` : null;
    if (phone) {
      const taken = await db
        .prepare('SELECT 1 AS taken FROM consumers WHERE phone = ?1 AND phone_code IS ?2 AND consumer_no <> ?3')
        .bind(phone, phoneCode, consumerNo)
        .first();
      if (taken) throw new HttpError('AUT444', undefined, [{ field: 'phone', message: 'This phone number is already used.' }]);
    }
    sets.push(['phone', phone], ['phone_code', phoneCode]);
    // Clearing the phone resets the SMS consent (commerce-core §4).
    if (!phone) after.push(optOut(db, consumerNo, 'Newsletter', 'sms', now));
  }

  const preferences = update.preferences ?? {};
  if (preferences.interests !== undefined) sets.push(['interests', joinInterests(preferences.interests.split('|')) || null]);
  if (preferences.preferredShoeSize !== undefined) sets.push(['preferred_shoe_size', preferences.preferredShoeSize || null]);

  if (update.isEmployeeDiscountTCAccepted) {
    if (current.consumer_type !== 'EMPLOYEE')
      throw new HttpError('API400', 'Only employees accept the associate discount terms.', [
        { field: 'isEmployeeDiscountTCAccepted', message: 'Only employees accept the associate discount terms.' },
      ]);
    // Recorded once, with the date it was first accepted.
    if (!current.employee_terms_accepted_at) sets.push(['employee_terms_accepted_at', now]);
  }

  const subscriptions = update.subscriptions ?? {};
  let memberId = current.member_id;
  // A loyalty sign-up on an existing account only adds the Loyalty enrolment (commerce-core §4).
  if (subscriptions.loyaltyEnrollment && !memberId) {
    memberId = newMemberId();
    sets.push(['member_id', memberId], ['loyalty_opt_in_date', now.slice(0, 10)]);
    after.push(optIn(db, consumerNo, 'Loyalty', 'email', now));
  }
  const hasPhone = details.phone !== undefined ? details.phone !== '' : current.phone !== null;
  if (subscriptions.smsNotificationConsent === true) {
    if (!hasPhone) throw new HttpError('API400', 'Add a mobile number to receive text messages.', [{ field: 'phone', message: 'This field is required' }]);
    after.push(optIn(db, consumerNo, 'Newsletter', 'sms', now));
  }
  if (subscriptions.smsNotificationConsent === false) after.push(optOut(db, consumerNo, 'Newsletter', 'sms', now));
  const confirmations: EmailSubscription[] = [];
  for (const [flag, type] of [
    [subscriptions.newsletterConsent, 'Newsletter'],
    [subscriptions.loyaltyNewsletterConsent, 'LoyaltyNewsletter'],
  ] as const) {
    if (flag === false) {
      after.push(optOut(db, consumerNo, type, 'email', now));
      // A confirmation link still in the inbox must not subscribe the shopper again.
      after.push(
        db.prepare('UPDATE subscription_confirmations SET used_at = ?3 WHERE consumer_no = ?1 AND type = ?2 AND used_at IS NULL').bind(consumerNo, type, now),
      );
    }
    // Counts once confirmed from the email (double opt-in); a member-only list needs a member.
    if (flag === true && (type === 'Newsletter' || memberId)) {
      after.push(pending(db, consumerNo, type));
      confirmations.push(type);
    }
  }

  sets.push(['updated_at', now]);
  const assignments = sets.map(([column], i) => `${column} = ?${i + 2}`).join(', ');
  await writeProfile(db, consumerNo, [
    db.prepare(`UPDATE consumers SET ${assignments} WHERE consumer_no = ?1`).bind(consumerNo, ...sets.map(([, value]) => value)),
    ...after,
  ]);

  const mailTo = email ?? current.email;
  for (const type of confirmations) await confirmUnlessSubscribed(deps, consumerNo, type, mailTo, details.firstName ?? current.first_name);
  if (emailChanged) {
    // The old address hears of it: if this was not its owner, they know at once.
    await deps.mailer.send({
      kind: 'email-changed',
      to: current.email,
      subject: 'The email of your Cairn account was changed',
      text: `Hello ${current.first_name ?? ''},\n\nThe email of your Cairn account was just changed to ${email}.\nIf this was not you, reset your password and contact us at once.\n`,
    });
  }
}

async function currentProfile(db: D1Database, consumerNo: string): Promise<Current> {
  const current = await db
    .prepare(
      'SELECT email, consumer_type, first_name, phone, member_id, employee_terms_accepted_at FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL',
    )
    .bind(consumerNo)
    .first<Current>();
  if (!current) throw new HttpError('PRO404');
  return current;
}

/**
 * The update's batch, behind a guard: an account closed since it was read is not written to again (its
 * personal data is gone and must stay gone), PRO412; an email another account took meanwhile is PRO400.
 */
async function writeProfile(db: D1Database, consumerNo: string, statements: D1PreparedStatement[]): Promise<void> {
  try {
    await guardedBatch(
      db,
      writeGuard(db, 'EXISTS (SELECT 1 FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL)', consumerNo),
      statements,
      () => new HttpError('PRO412', 'Your profile could not be updated: this account was closed.'),
    );
  } catch (error) {
    if (error instanceof Error && error.message.includes('UNIQUE constraint failed: consumers.email'))
      throw new HttpError('PRO400', undefined, [{ field: 'email', message: 'An account already exists for this email.' }]);
    // The member number drawn for a loyalty enrolment is another member's: nothing is written, and trying
    // again draws another (commerce-core §8 PRO418).
    if (error instanceof Error && error.message.includes('UNIQUE constraint failed: consumers.member_id'))
      throw new HttpError('PRO418', undefined, [
        { field: 'subscriptions.loyaltyEnrollment', message: 'The membership could not be set up. Please try again.' },
      ]);
    throw error;
  }
}

function optIn(db: D1Database, consumerNo: string, type: string, channel: string, now: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO subscriptions (consumer_no, type, channel, optin, double_optin, optin_date) VALUES (?1, ?2, ?3, 1, 0, ?4)
       ON CONFLICT (consumer_no, type, channel) DO UPDATE SET optin = 1, optin_date = ?4, optout_date = NULL`,
    )
    .bind(consumerNo, type, channel, now);
}

function optOut(db: D1Database, consumerNo: string, type: string, channel: string, now: string): D1PreparedStatement {
  return db
    .prepare('UPDATE subscriptions SET optin = 0, double_optin = 0, optout_date = ?4 WHERE consumer_no = ?1 AND type = ?2 AND channel = ?3')
    .bind(consumerNo, type, channel, now);
}

/** A subscription waiting for its confirmation; one already confirmed stays as it is. */
function pending(db: D1Database, consumerNo: string, type: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO subscriptions (consumer_no, type, channel, optin, double_optin, optin_date) VALUES (?1, ?2, 'email', 0, 0, NULL) ON CONFLICT DO NOTHING`,
    )
    .bind(consumerNo, type);
}

async function confirmUnlessSubscribed(deps: UpdateDeps, consumerNo: string, type: EmailSubscription, email: string, firstName: string | null): Promise<void> {
  const row = await deps.db
    .prepare("SELECT optin FROM subscriptions WHERE consumer_no = ?1 AND type = ?2 AND channel = 'email'")
    .bind(consumerNo, type)
    .first<{ optin: number }>();
  if (row?.optin === 1) return;
  await requestConfirmation(deps.db, deps.mailer, {
    email,
    siteId: deps.siteId,
    locale: deps.locale,
    type,
    consumerNo,
    firstName,
    pageUrl: deps.confirmPageUrl,
  });
}
