// Event registration (account-content §3 payload and event content, §4 sign-up, §5 rules, §6 needs a login;
// the account issue, §2): the event is what its published content says (dates, plus-one, capacity), one
// registration per shopper and event, seats counted against the capacity inside the insert, and a
// confirmation email with the calendar file.

import * as v from 'valibot';
import type { EventSignUpBlock } from '../../../shared/content/blocks.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { NameSchema } from '../../../shared/schema/sign-up.ts';
import { HttpError } from '../../lib/http-error.ts';
import { calendarFile } from '../../lib/ics.ts';
import type { Mailer } from '../../mail/mailer.ts';

const DAY_MS = 86_400_000;

export interface EventInfo {
  block: EventSignUpBlock;
  /** The page the event is on, for links back. */
  pageKey: string;
  /** Its calendar days, ISO dates. */
  days: string[];
}

/** The calendar days an event covers. */
export function eventDays(startDate: string, endDate: string): string[] {
  const first = Date.parse(`${startDate.slice(0, 10)}T00:00:00Z`);
  const last = Date.parse(`${(endDate || startDate).slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return Number.isNaN(first) ? [] : [startDate.slice(0, 10)];
  return Array.from({ length: Math.min(14, (last - first) / DAY_MS + 1) }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

function findBlock(node: unknown, eventId: string): EventSignUpBlock | null {
  if (!node || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findBlock(item, eventId);
      if (found) return found;
    }
    return null;
  }
  const record = node as Record<string, unknown>;
  if (record.type === 'EventSignUp' && record.eventId === eventId) return record as unknown as EventSignUpBlock;
  for (const value of Object.values(record)) {
    const found = findBlock(value, eventId);
    if (found) return found;
  }
  return null;
}

/** The event as the site's live content describes it in this locale; null when no published page has it. */
export async function findEvent(db: D1Database, locale: Locale, eventId: string, now = new Date()): Promise<EventInfo | null> {
  if (!/^[\w-]{1,100}$/.test(eventId)) return null;
  const rows = await db
    .prepare(
      `SELECT d.key, v.body FROM content_versions v JOIN content_documents d ON d.id = v.document_id
       WHERE d.site_id = ?1 AND d.locale = ?2 AND d.kind = 'page' AND v.status = 'published' AND instr(v.body, ?3) > 0
         AND (v.publish_from IS NULL OR v.publish_from <= ?4) AND (v.publish_until IS NULL OR v.publish_until > ?4)
       ORDER BY v.version DESC LIMIT 1`,
    )
    .bind(locale.site.id, locale.code, `"eventId":"${eventId}"`, now.toISOString())
    .all<{ key: string; body: string }>();
  const row = rows.results[0];
  if (!row) return null;
  const block = findBlock(JSON.parse(row.body), eventId);
  if (!block) return null;
  return { block, pageKey: row.key, days: eventDays(block.startDate, block.endDate) };
}

export const RegistrationBody = v.object({
  email: v.pipe(v.string(), v.trim(), v.maxLength(100)),
  eventId: v.pipe(v.string('eventId names the event.'), v.maxLength(100)),
  firstName: NameSchema,
  lastName: NameSchema,
  gender: v.optional(v.pipe(v.string(), v.maxLength(20))),
  phoneNumber: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  /** Comma-joined days (account-content §3). */
  attendingDays: v.optional(v.pipe(v.string(), v.maxLength(400)), ''),
  plusOne: v.optional(v.union([v.literal(''), NameSchema]), ''),
  eventTermsAccepted: v.literal(true, 'Accept the event terms to register.'),
  registrationTimestamp: v.optional(v.pipe(v.string(), v.isoTimestamp('registrationTimestamp is an ISO timestamp.'))),
});
export type Registration = v.InferOutput<typeof RegistrationBody>;

export interface RegistrationView {
  registrationId: string;
  eventId: string;
  email: string;
  firstName: string;
  lastName: string;
  attendingDays: string[];
  plusOne: string | null;
  registeredAt: string;
}

export async function registrationOf(db: D1Database, eventId: string, consumerNo: string): Promise<RegistrationView | null> {
  const row = await db
    .prepare('SELECT * FROM event_registrations WHERE event_id = ?1 AND consumer_no = ?2')
    .bind(eventId, consumerNo)
    .first<Record<string, string | null>>();
  if (!row) return null;
  return {
    registrationId: row.registration_id as string,
    eventId,
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    attendingDays: (row.attending_days as string).split(',').filter(Boolean),
    plusOne: row.plus_one ?? null,
    registeredAt: row.registered_at as string,
  };
}

/** Seats still free at an event. */
export async function seatsLeft(db: D1Database, event: EventInfo): Promise<number> {
  const taken = await db
    .prepare('SELECT COALESCE(SUM(seats), 0) AS n FROM event_registrations WHERE event_id = ?1')
    .bind(event.block.eventId)
    .first<{ n: number }>();
  return Math.max(0, (event.block.capacity ?? 0) - (taken?.n ?? 0));
}

/**
 * Registers the shopper: the email must be their account's, the days the event's (every day of a one-day
 * event), a plus-one only where the event allows one. A second registration answers the first; a full
 * event is refused with a clear message, never overfilled.
 */
export async function register(
  db: D1Database,
  event: EventInfo,
  consumer: { consumerNo: string; email: string; siteId: string },
  input: Registration,
  now = new Date(),
): Promise<{ registration: RegistrationView; created: boolean }> {
  const existing = await registrationOf(db, event.block.eventId, consumer.consumerNo);
  if (existing) return { registration: existing, created: false };
  if (!event.block.capacity) throw new HttpError('API409', 'Registration for this event is not open.');
  if (input.email.toLowerCase() !== consumer.email.toLowerCase()) {
    throw new HttpError('API400', 'Register with your account’s email address.', [{ field: 'email', message: 'Register with your account’s email address.' }]);
  }
  const asked = input.attendingDays
    .split(',')
    .map((day) => day.trim())
    .filter(Boolean);
  const days = event.days.length >= 2 ? asked : event.days;
  if (days.length === 0 || days.some((day) => !event.days.includes(day))) {
    throw new HttpError('API400', 'Choose the days you will attend.', [{ field: 'attendingDays', message: 'Choose the days you will attend.' }]);
  }
  const plusOne = event.block.enablePlusOne && input.plusOne ? input.plusOne : null;
  if (input.plusOne && !event.block.enablePlusOne) {
    throw new HttpError('API400', 'This event does not take a guest.', [{ field: 'plusOne', message: 'This event does not take a guest.' }]);
  }
  const seats = plusOne ? 2 : 1;
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const inserted = await db
    .prepare(
      `INSERT INTO event_registrations (registration_id, event_id, site_id, consumer_no, email, first_name, last_name, gender, phone, attending_days, plus_one, seats, terms_accepted_at, registered_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13
       WHERE (SELECT COALESCE(SUM(seats), 0) FROM event_registrations WHERE event_id = ?2) + ?12 <= ?14
       ON CONFLICT (event_id, consumer_no) DO NOTHING`,
    )
    .bind(
      id,
      event.block.eventId,
      consumer.siteId,
      consumer.consumerNo,
      consumer.email,
      input.firstName,
      input.lastName,
      input.gender ?? null,
      input.phoneNumber || null,
      [...days].sort().join(','),
      plusOne,
      seats,
      at,
      event.block.capacity,
    )
    .run();
  if ((inserted.meta.changes ?? 0) === 0) {
    const raced = await registrationOf(db, event.block.eventId, consumer.consumerNo);
    if (raced) return { registration: raced, created: false };
    throw new HttpError(
      'API409',
      seats === 2 && (await seatsLeft(db, event)) === 1 ? 'Only one place is left: register without a guest.' : 'This event is full.',
    );
  }
  return { registration: (await registrationOf(db, event.block.eventId, consumer.consumerNo)) as RegistrationView, created: true };
}

/** The event's calendar file for a registration. */
export function registrationCalendar(event: EventInfo, registration: RegistrationView, pageUrl: string): string {
  const days = [...registration.attendingDays].sort();
  return calendarFile({
    uid: `${registration.registrationId}@cairn`,
    title: event.block.title ?? event.block.eventId,
    description: `${event.block.confirmationSubtitle}${registration.plusOne ? ` With ${registration.plusOne}.` : ''}`,
    location: event.block.location,
    firstDay: days[0] ?? event.days[0] ?? event.block.startDate,
    lastDay: days.at(-1) ?? event.days.at(-1) ?? event.block.endDate,
    url: pageUrl,
    stamp: new Date(registration.registeredAt),
  });
}

export async function sendRegistrationEmail(mailer: Mailer, event: EventInfo, registration: RegistrationView, pageUrl: string): Promise<void> {
  const ics = registrationCalendar(event, registration, pageUrl);
  const bytes = new TextEncoder().encode(ics);
  await mailer.send({
    kind: 'event-registration',
    to: registration.email,
    subject: `${event.block.confirmationTitle}: ${event.block.title ?? event.block.eventId}`,
    text: `Hello ${registration.firstName},\n\n${event.block.confirmationSubtitle}\n\nDays: ${registration.attendingDays.join(', ')}${registration.plusOne ? `\nWith you: ${registration.plusOne}` : ''}\n\nThe event in your calendar is attached. The event page: ${pageUrl}\n`,
    attachments: [{ filename: `${event.block.eventId}.ics`, contentType: 'text/calendar', content: btoa(String.fromCharCode(...bytes)) }],
  });
}

/** Who registers: the account's email and site (a registration is sent to the account's own address). */
export function registrant(db: D1Database, consumerNo: string): Promise<{ email: string; site_id: string } | null> {
  return db
    .prepare('SELECT email, site_id FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL')
    .bind(consumerNo)
    .first<{ email: string; site_id: string }>();
}

/** What the registration form starts from: the account's email and name. */
export function registrantDefaults(db: D1Database, consumerNo: string) {
  return db
    .prepare('SELECT email, first_name, last_name FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL')
    .bind(consumerNo)
    .first<{ email: string; first_name: string | null; last_name: string | null }>();
}
