// Customer service cases (the store services issue, §3): a message from the contact form or a warranty claim
// becomes a case with a number the shopper keeps; the acknowledgement email repeats it (and nothing the sender typed). A signed-in shopper's
// cases are listed in their account; operators list them all under /admin.

import { CONTACT_ACKNOWLEDGEMENTS } from '../../../shared/commerce/commerce-config.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { ContactInput } from '../../../shared/schema/contact.ts';
import { attemptCounter } from '../../counters/attempts.ts';
import type { Counters } from '../../counters/counters-object.ts';
import type { StoredPhoto } from '../../lib/photo-store.ts';
import type { Mailer } from '../../mail/mailer.ts';

export interface SupportCase {
  caseNumber: string;
  kind: 'contact' | 'warranty';
  category: string;
  subject: string;
  orderNumber: string | null;
  productName: string | null;
  message: string;
  status: 'open' | 'answered' | 'closed';
  photos: number;
  createdAt: string;
}

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** "CS-20261125-7KQ2M": the day, then five characters no one misreads on the phone. */
export function newCaseNumber(now = new Date()): string {
  const random = crypto.getRandomValues(new Uint8Array(5));
  return `CS-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${[...random].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

interface NewCase {
  kind: 'contact' | 'warranty';
  locale: Locale;
  consumerNo: string | null;
  contact: { email: string; firstName: string; lastName: string; phone?: string | undefined };
  category: string;
  subject: string;
  orderNumber?: string | undefined;
  styleId?: string | undefined;
  productName?: string | undefined;
  message: string;
}

export async function openCase(db: D1Database, input: NewCase, photos: readonly StoredPhoto[] = [], caseNumber = newCaseNumber(), now = new Date()) {
  await db.batch([
    db
      .prepare(
        `INSERT INTO support_cases (case_number, kind, site_id, locale, consumer_no, email, first_name, last_name, phone, category, subject,
           order_number, style_id, product_name, message, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)`,
      )
      .bind(
        caseNumber,
        input.kind,
        input.locale.site.id,
        input.locale.code,
        input.consumerNo,
        input.contact.email,
        input.contact.firstName,
        input.contact.lastName,
        input.contact.phone || null,
        input.category,
        input.subject,
        input.orderNumber || null,
        input.styleId ?? null,
        input.productName ?? null,
        input.message,
        now.toISOString(),
      ),
    ...photos.map((photo, i) =>
      db
        .prepare('INSERT INTO support_case_photos (case_number, position, object_key, content_type, bytes) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(caseNumber, i + 1, photo.key, photo.contentType, photo.bytes),
    ),
  ]);
  return { caseNumber, createdAt: now.toISOString() };
}

export function contactCase(locale: Locale, consumerNo: string | null, input: ContactInput): NewCase {
  return {
    kind: 'contact',
    locale,
    consumerNo,
    contact: { email: input.email, firstName: input.firstName, lastName: input.lastName, phone: input.phone },
    category: input.category,
    subject: input.subject,
    orderNumber: input.orderNumber,
    message: input.message,
  };
}

/**
 * A contact message's acknowledgement: the case number, the topic from the store's own list, when to expect
 * an answer, and nothing the sender typed (not their name, not their message). Anyone can type any address,
 * so anything more would let them make the store mail their words to someone else. At most
 * CONTACT_ACKNOWLEDGEMENTS per recipient in its window (counted in the Counters Durable Object); past it
 * the case stands without one. Answers whether one was sent.
 */
export async function acknowledgeContact(
  deps: { mailer: Mailer; counters: DurableObjectNamespace<Counters> },
  to: string,
  copy: { subject: string; hello: string; intro: string; topic: string; noCopy: string },
): Promise<boolean> {
  const sent = await attemptCounter(deps.counters, `contact-ack:${to.trim().toLowerCase()}`).count(CONTACT_ACKNOWLEDGEMENTS.windowSeconds);
  if (sent.count > CONTACT_ACKNOWLEDGEMENTS.perRecipient) return false;
  await deps.mailer.send({ kind: 'support-case', to, subject: copy.subject, text: `${copy.hello}\n\n${copy.intro}\n\n${copy.topic}\n\n${copy.noCopy}\n` });
  return true;
}

/** A warranty claim's confirmation, to the signed-in shopper's own account address: the case and what was claimed. */
export async function sendCaseEmail(
  mailer: Mailer,
  to: { email: string; firstName: string },
  copy: { subject: string; intro: string; topic: string },
  message: string,
): Promise<void> {
  await mailer.send({
    kind: 'support-case',
    to: to.email,
    subject: copy.subject,
    text: `Hello ${to.firstName},\n\n${copy.intro}\n\n${copy.topic}\n\n${message}\n`,
  });
}

export async function casesOf(db: D1Database, consumerNo: string): Promise<SupportCase[]> {
  const { results } = await db
    .prepare(
      `SELECT c.case_number AS caseNumber, c.kind, c.category, c.subject, c.order_number AS orderNumber, c.product_name AS productName, c.message,
         c.status, c.created_at AS createdAt, (SELECT COUNT(*) FROM support_case_photos p WHERE p.case_number = c.case_number) AS photos
       FROM support_cases c WHERE c.consumer_no = ?1 ORDER BY c.created_at DESC LIMIT 50`,
    )
    .bind(consumerNo)
    .all<SupportCase>();
  return results;
}

export async function listCases(db: D1Database, filters: { kind?: string | undefined; status?: string | undefined; limit: number }) {
  const { results } = await db
    .prepare(
      `SELECT c.case_number AS caseNumber, c.kind, c.site_id AS siteId, c.locale, c.consumer_no AS consumerNo, c.email, c.first_name AS firstName,
         c.last_name AS lastName, c.phone, c.category, c.subject, c.order_number AS orderNumber, c.style_id AS productId, c.product_name AS productName,
         c.message, c.status, c.created_at AS createdAt,
         (SELECT json_group_array('/admin/media/' || p.object_key) FROM support_case_photos p WHERE p.case_number = c.case_number) AS photos
       FROM support_cases c WHERE (?1 IS NULL OR c.kind = ?1) AND (?2 IS NULL OR c.status = ?2) ORDER BY c.created_at DESC LIMIT ?3`,
    )
    .bind(filters.kind ?? null, filters.status ?? null, filters.limit)
    .all<Record<string, unknown>>();
  return results.map((row) => ({ ...row, photos: JSON.parse(String(row.photos)) as string[] }));
}
