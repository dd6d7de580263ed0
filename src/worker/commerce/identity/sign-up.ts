// Sign-up (commerce-core §4, §7): a new consumer from the shared sign-up form, with the roles and
// subscriptions the form chose. An email or phone already in use is refused on its field (AUT439,
// AUT442). Newsletter subscriptions wait for their double opt-in; SMS is single opt-in.

import { findCountry } from '../../../shared/locale/countries.ts';
import { personalPhoneWithCode } from '../../../shared/locale/phone.ts';
import { SITES, type SiteId } from '../../../shared/locale/sites.ts';
import type { SignUpForm } from '../../../shared/schema/sign-up.ts';
import { parseFormDate } from '../../../shared/schema/sign-up.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { requestConfirmation } from '../subscriptions/newsletter.ts';
import { hashPassword } from './passwords.ts';

export interface NewConsumer {
  consumerNo: string;
  memberId: string | null;
  /** The number as kept, with the dial code it was read with (commerce-core §3, phone and phoneCode). */
  phone: string | null;
  phoneCode: string | null;
}

function digits(count: number): string {
  return [...crypto.getRandomValues(new Uint8Array(count))].map((b) => String(b % 10)).join('');
}

export function newMemberId(): string {
  return `M${digits(10)}`;
}

/** Where an online sign-up came from (commerce-core §7): the source header and the body's source. */
export interface SignUpSource {
  /** The source header: the channel that signed the shopper up. */
  channel?: string | undefined;
  acquisitionType?: string | undefined;
  campaignName?: string | undefined;
  /** A store the sign-up names (a link or QR code in a shop): the shopper's word, not the till's. */
  store?: string | undefined;
}

export interface SignUpPlace {
  siteId: SiteId;
  locale: string;
  /** The store and employee of an account an associate created at the till. */
  acquisition?: { storeId: string; employeeId: string };
  source?: SignUpSource | undefined;
}

export async function createConsumer(db: D1Database, form: SignUpForm, place: SignUpPlace): Promise<NewConsumer> {
  const email = form.email.toLowerCase();
  const country = findCountry(SITES[place.siteId].countries[0]);
  const read = form.phone ? personalPhoneWithCode(form.phone, country?.code ?? '', form.phoneCode || undefined) : null;
  // The schema has read the number already: a reading that fails here is no number to keep.
  const own = typeof read === 'object' ? read : null;
  const phone = own?.formatted ?? null;
  const phoneCode = own ? `+${own.country.dialCode}` : null;
  const source = place.source ?? {};
  const [emailTaken, phoneTaken, namedStore] = await db.batch([
    db.prepare('SELECT 1 AS taken FROM consumers WHERE email = ?1').bind(email),
    db.prepare('SELECT 1 AS taken FROM consumers WHERE phone = ?1 AND phone_code = ?2').bind(phone, phoneCode),
    db.prepare('SELECT 1 AS found FROM stores WHERE id = ?1').bind(source.store ?? null),
  ]);
  if (source.store && !namedStore?.results.length)
    throw new HttpError('API400', 'source.store: No store has this id.', [{ field: 'source.store', message: 'No store has this id.' }]);
  if (emailTaken?.results.length) throw new HttpError('AUT439', undefined, [{ field: 'email', message: 'An account already exists for this email.' }]);
  if (phone && phoneTaken?.results.length) throw new HttpError('AUT442', undefined, [{ field: 'phone', message: 'This phone number is already used.' }]);

  const now = new Date().toISOString();
  const consumerNo = `C${digits(10)}`;
  const subscriptions = form.subscriptions ?? {};
  const memberId = subscriptions.loyaltyEnrollment ? newMemberId() : null;
  const format = country?.dateFormat ?? 'DD/MM/YYYY';
  const subscription = (type: string, channel: string, optin: boolean) =>
    db
      .prepare('INSERT INTO subscriptions (consumer_no, type, channel, optin, double_optin, optin_date) VALUES (?1, ?2, ?3, ?4, 0, ?5)')
      .bind(consumerNo, type, channel, optin ? 1 : 0, optin ? now : null);
  await insertOnce(db, [
    db
      .prepare(
        `INSERT INTO consumers (consumer_no, email, password_hash, site_id, locale, first_name, last_name, phone, phone_code, postal_code, birth_date, gender,
           member_id, loyalty_opt_in_date, created_at, updated_at, acquisition_store, acquisition_employee,
           acquisition_source, acquisition_type, acquisition_campaign, acquisition_named_store, terms_accepted_at, privacy_policy_accepted_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)`,
      )
      .bind(
        consumerNo,
        email,
        await hashPassword(form.password),
        place.siteId,
        place.locale,
        form.firstName,
        form.lastName,
        phone,
        phoneCode,
        form.postalCode || null,
        form.birthDate ? parseFormDate(form.birthDate, format) : null,
        form.gender,
        memberId,
        memberId ? now.slice(0, 10) : null,
        now,
        place.acquisition?.storeId ?? null,
        place.acquisition?.employeeId ?? null,
        source.channel ?? null,
        source.acquisitionType ?? null,
        source.campaignName ?? null,
        source.store ?? null,
        // Each consent with its date; an older client's one box (no termsConditionsAndPolicy) was worded for both.
        form.isTermsConfirmed ? now : null,
        (form.termsConditionsAndPolicy ?? form.isTermsConfirmed) ? now : null,
      ),
    ...(memberId ? [subscription('Loyalty', 'email', true)] : []),
    // Email subscriptions count once the shopper confirms them (double opt-in); until then they wait.
    ...(subscriptions.newsletterConsent ? [subscription('Newsletter', 'email', false)] : []),
    ...(memberId && subscriptions.loyaltyNewsletterConsent ? [subscription('LoyaltyNewsletter', 'email', false)] : []),
    ...(phone && subscriptions.smsNotificationConsent ? [subscription('Newsletter', 'sms', true)] : []),
  ]);
  return { consumerNo, memberId, phone, phoneCode };
}

/**
 * The account's rows in one batch. The email check above answers most shoppers; two sign-ups of one email
 * racing past it meet the UNIQUE index, and the later is told the email is in use, as it would have been a
 * moment later, rather than a 500. A member number drawn twice (PRO418) writes nothing either.
 */
async function insertOnce(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  try {
    await db.batch(statements);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message.includes('UNIQUE constraint failed: consumers.email'))
      throw new HttpError('AUT439', undefined, [{ field: 'email', message: 'An account already exists for this email.' }]);
    if (message.includes('UNIQUE constraint failed: consumers.member_id'))
      throw new HttpError('PRO418', undefined, [
        { field: 'subscriptions.loyaltyEnrollment', message: 'The membership could not be set up. Please try again.' },
      ]);
    throw error;
  }
}

export interface WelcomeDeps {
  db: D1Database;
  mailer: Mailer;
  siteId: SiteId;
  locale: string;
  /** The newsletter confirmation page the links lead to. */
  confirmPageUrl: string;
}

/** The welcome email, and a confirmation link for each email list the form asked for (double opt-in). */
export async function sendWelcome(deps: WelcomeDeps, form: SignUpForm, created: NewConsumer): Promise<void> {
  const email = form.email.toLowerCase();
  await deps.mailer.send({
    kind: 'welcome',
    to: email,
    subject: created.memberId ? 'Welcome to the Cairn Club' : 'Welcome to Cairn',
    text: `Hello ${form.firstName},\n\nYour Cairn account is ready: sign in with ${email} to follow your orders and keep your favorites.${memberLine(created)}\n`,
  });
  await confirmLists(deps, form, created);
}

const memberLine = (created: NewConsumer) => (created.memberId ? `\nYour Cairn Club member number is ${created.memberId}.` : '');

/** The welcome of an account made at the till: the shopper's first step is choosing a password. */
export async function sendInStoreWelcome(deps: WelcomeDeps, form: SignUpForm, created: NewConsumer, at: { storeName: string; setPasswordUrl: string }) {
  const email = form.email.toLowerCase();
  await deps.mailer.send({
    kind: 'welcome',
    to: email,
    subject: 'Your Cairn account is ready: choose your password',
    text: `Hello ${form.firstName},\n\nYour Cairn account was opened for you at ${at.storeName}.${memberLine(created)}\n\nTo sign in, first choose your password with this link, valid for a week:\n${at.setPasswordUrl}\n\nIf you did not ask for an account, ignore this email: nobody can sign in to it without that link.\n`,
  });
  await confirmLists(deps, form, created);
}

async function confirmLists(deps: WelcomeDeps, form: SignUpForm, created: NewConsumer): Promise<void> {
  const email = form.email.toLowerCase();
  const subscriptions = form.subscriptions ?? {};
  const lists = [
    ...(subscriptions.newsletterConsent ? (['Newsletter'] as const) : []),
    ...(created.memberId && subscriptions.loyaltyNewsletterConsent ? (['LoyaltyNewsletter'] as const) : []),
  ];
  for (const type of lists) {
    await requestConfirmation(deps.db, deps.mailer, {
      email,
      siteId: deps.siteId,
      locale: deps.locale,
      type,
      consumerNo: created.consumerNo,
      firstName: form.firstName,
      pageUrl: deps.confirmPageUrl,
    });
  }
}
