// A shopper's personal data (account-content §7 retrieveUserData; the account issue, Personal data): the
// export of everything held about them, and the deletion of their account. Both read the database's own
// schema rather than a hand-kept list, so a table added later with a shopper's number or email in it is
// exported and erased without anyone remembering to: every table with an owner column (consumer_no, the
// referral's two) or an address column (email, recipient), then every table whose foreign key points at
// rows already taken (an order's lines, payments, history, returns; a list's items). Secrets (password
// hashes, token digests) are never exported. Deletion keeps what the law requires: orders with their
// lines, payments and history (invoices, tax, consumer-law claims), gift cards (money someone may still
// spend), and the audit log.

import { attemptCounter } from '../../counters/attempts.ts';
import type { ActingShopper } from '../../lib/acting-shopper.ts';
import { shopperAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { styleStatsStatement } from '../reviews/reviews.ts';

const OWNER_COLUMNS = ['consumer_no', 'referred_no', 'referrer_no'];
/** Owners kept inside a JSON column: a session's refresh token carries its claims. */
const OWNER_EXPRESSIONS: Record<string, string> = { refresh_tokens: "json_extract(claims, '$.consumerNo')" };
const ADDRESS_COLUMNS = ['email', 'recipient'];
/**
 * Tables that hold no shopper's data, or hold it under rules of their own (the audit log, below). A name
 * starting with an underscore belongs to tooling, never to the store: D1's own `_cf_` tables, the copies
 * the integration tests keep of the seed.
 */
const NOT_SHOPPER_TABLES = /^(_|d1_|sqlite_)|^(store_employees|admin_tokens|preview_tokens|audit_log)$|_fts|^product_search/;
const SECRET_COLUMNS = /password|token|hash|secret|^pin$|^sealed$/i;
/** Kept on deletion, for the law (orders and what hangs off them); everything else of the shopper goes. */
const RETAINED = new Set([
  'orders',
  'order_lines',
  'order_payments',
  'order_status_history',
  'order_requests',
  'order_refunds',
  'order_refund_shares',
  'order_returns',
  'order_return_lines',
  'coupon_redemptions',
]);

interface TableShape {
  name: string;
  columns: string[];
  nullable: Set<string>;
  primaryKey: string[];
  foreignKeys: { from: string; table: string; to: string }[];
}

export async function schemaOf(db: D1Database): Promise<TableShape[]> {
  const tables = (await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string }>()).results
    .map((row) => row.name)
    .filter((name) => !NOT_SHOPPER_TABLES.test(name) && /^[a-z_]+$/.test(name));
  const answers = await db.batch<Record<string, unknown>>(
    tables.flatMap((name) => [db.prepare(`PRAGMA table_info(${name})`), db.prepare(`PRAGMA foreign_key_list(${name})`)]),
  );
  return tables.map((name, index) => {
    const info = (answers[index * 2]?.results ?? []) as { name: string; notnull: number; pk: number }[];
    const keys = (answers[index * 2 + 1]?.results ?? []) as { from: string; table: string; to: string }[];
    return {
      name,
      columns: info.map((column) => column.name),
      nullable: new Set(info.filter((column) => column.notnull === 0 && column.pk === 0).map((column) => column.name)),
      primaryKey: info
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      foreignKeys: keys.map((key) => ({ from: key.from, table: key.table, to: key.to })),
    };
  });
}

type Row = Record<string, unknown>;

/** Every row of every table that is about the shopper, table by table. */
async function rowsAbout(db: D1Database, schema: TableShape[], consumerNo: string, email: string): Promise<Map<string, Row[]>> {
  const found = new Map<string, Row[]>();
  for (const table of schema) {
    const owners = table.columns.filter((column) => OWNER_COLUMNS.includes(column));
    const addresses = table.columns.filter((column) => ADDRESS_COLUMNS.includes(column));
    const expression = OWNER_EXPRESSIONS[table.name];
    if (owners.length + addresses.length === 0 && !expression) continue;
    const values: string[] = [];
    const where = [
      ...(expression ? [`${expression} = ?${values.push(consumerNo)}`] : []),
      ...owners.map((column) => `${column} = ?${values.push(consumerNo)}`),
      ...addresses.map((column) => `${column} = ?${values.push(email)} COLLATE NOCASE`),
    ].join(' OR ');
    const rows = (
      await db
        .prepare(`SELECT * FROM ${table.name} WHERE ${where}`)
        .bind(...values)
        .all<Row>()
    ).results;
    if (rows.length > 0) found.set(table.name, rows);
  }
  // Then what hangs off those rows, until nothing more is found.
  for (let changed = true; changed; ) {
    changed = false;
    for (const table of schema) {
      for (const key of table.foreignKeys) {
        const parents = found.get(key.table);
        if (!parents || key.table === table.name) continue;
        const values = [...new Set(parents.map((row) => row[key.to]).filter((value) => value !== null && value !== undefined))];
        if (values.length === 0) continue;
        const known = found.get(table.name) ?? [];
        const rows: Row[] = [];
        for (let at = 0; at < values.length; at += 50) {
          const chunk = values.slice(at, at + 50);
          const marks = chunk.map((_, i) => `?${i + 1}`).join(', ');
          rows.push(
            ...(
              await db
                .prepare(`SELECT * FROM ${table.name} WHERE ${key.from} IN (${marks})`)
                .bind(...chunk)
                .all<Row>()
            ).results,
          );
        }
        const fresh = rows.filter((row) => !known.some((k) => JSON.stringify(k) === JSON.stringify(row)));
        if (fresh.length > 0) {
          found.set(table.name, [...known, ...fresh]);
          changed = true;
        }
      }
    }
  }
  return found;
}

const withoutSecrets = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.test(column)));

export interface PersonalDataExport {
  format: 'cairn-personal-data/1';
  exportedAt: string;
  consumerNo: string;
  email: string;
  /** Table by table, every row held about the shopper (secrets left out). */
  tables: Record<string, Row[]>;
  /** What was done to the account and by whom (the shopper, or an associate in a store). */
  auditLog: Row[];
  /** Consents given: the marketing subscriptions are in tables.subscriptions; this is the site's cookie choice now. */
  cookieConsent: string | null;
}

export async function exportPersonalData(db: D1Database, consumerNo: string, cookieConsent: string | null, now = new Date()): Promise<PersonalDataExport> {
  const consumer = await db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL').bind(consumerNo).first<{ email: string }>();
  if (!consumer) throw new HttpError('PRO404', 'Profile not loaded');
  const schema = await schemaOf(db);
  const found = await rowsAbout(db, schema, consumerNo, consumer.email);
  const orders = (found.get('orders') ?? []).map((row) => `order:${String(row.order_number)}`);
  const audit = await db
    .prepare(
      `SELECT at, actor, action, subject, details FROM audit_log WHERE subject = ?1 OR actor = ?1
       OR subject IN (SELECT value FROM json_each(?2)) ORDER BY at`,
    )
    .bind(`consumer:${consumerNo}`, JSON.stringify(orders))
    .all<Row>();
  return {
    format: 'cairn-personal-data/1',
    exportedAt: now.toISOString(),
    consumerNo,
    email: consumer.email,
    tables: Object.fromEntries([...found.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([table, rows]) => [table, rows.map(withoutSecrets)])),
    auditLog: audit.results,
    cookieConsent,
  };
}

/**
 * Deletes an account: every row about the shopper goes, except the retained order records; rows an order
 * still points at (a reward card it was paid with) lose their owner instead; the consumer row stays as an
 * anonymous stub (no email, name, phone or password), so the kept orders still have a customer to belong to.
 * Every session ends: their refresh tokens are among the rows deleted.
 */
export async function deleteAccount(deps: ServiceDeps, shopper: ActingShopper, now = new Date()): Promise<{ tables: Record<string, number> }> {
  const db = deps.env.DB;
  const { consumerNo } = shopper;
  const consumer = await db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL').bind(consumerNo).first<{ email: string }>();
  if (!consumer) throw new HttpError('PRO404', 'Profile not loaded');
  const schema = await schemaOf(db);
  const found = await rowsAbout(db, schema, consumerNo, consumer.email);
  const shapes = new Map(schema.map((table) => [table.name, table]));
  // Parents of retained rows cannot go: who points at what.
  const keptParents = new Set(schema.filter((t) => RETAINED.has(t.name)).flatMap((t) => t.foreignKeys.map((key) => key.table)));
  const statements: D1PreparedStatement[] = [];
  const counts: Record<string, number> = {};
  // Children before parents: a table is deleted from once nothing still to delete points at it.
  const order = [...found.keys()].filter((name) => name !== 'consumers' && !RETAINED.has(name));
  const pending = new Set(order);
  const sorted: string[] = [];
  while (pending.size > 0) {
    const next = [...pending].find((name) => ![...pending].some((other) => other !== name && shapes.get(other)?.foreignKeys.some((key) => key.table === name)));
    const name = next ?? ([...pending][0] as string);
    sorted.push(name);
    pending.delete(name);
  }
  for (const name of sorted) {
    const table = shapes.get(name) as TableShape;
    const rows = found.get(name) ?? [];
    counts[name] = rows.length;
    const owners = table.columns.filter((column) => OWNER_COLUMNS.includes(column) || ADDRESS_COLUMNS.includes(column));
    const anonymise = keptParents.has(name) && owners.every((column) => table.nullable.has(column));
    // A row is named by its primary key, or (a table without one) by all of its values.
    const keyColumns = table.primaryKey.length > 0 ? table.primaryKey : table.columns;
    for (const row of rows) {
      const match = keyColumns.filter((column) => row[column] !== null && row[column] !== undefined);
      const where = match.map((column, i) => `${column} = ?${i + 1}`).join(' AND ');
      const values = match.map((column) => row[column]);
      statements.push(
        anonymise
          ? db.prepare(`UPDATE ${name} SET ${owners.map((column) => `${column} = NULL`).join(', ')} WHERE ${where}`).bind(...values)
          : db.prepare(`DELETE FROM ${name} WHERE ${where}`).bind(...values),
      );
    }
  }
  const at = now.toISOString();
  statements.push(
    db
      .prepare(
        `UPDATE consumers SET email = ?2, password_hash = '!', first_name = NULL, last_name = NULL, phone = NULL, phone_code = NULL, postal_code = NULL,
           birth_date = NULL, gender = NULL, member_id = NULL, loyalty_opt_in_date = NULL, loyalty_points = 0, interests = NULL, preferred_shoe_size = NULL,
           referral_code = NULL, fav_store_id = NULL, identities = '[]', deleted_at = ?3, updated_at = ?3
         WHERE consumer_no = ?1`,
      )
      .bind(consumerNo, `deleted-${consumerNo.toLowerCase()}@invalid`, at),
    shopperAudit(db, deps.correlationId, shopper, 'account.delete', { removed: counts }),
  );
  // Their reviews leave the products' ratings in the same batch.
  const styles = new Set((found.get('reviews') ?? []).map((row) => String(row.style_id)));
  for (const styleId of styles) statements.push(styleStatsStatement(db, styleId));
  await db.batch(statements);
  // Their photos (a review's, one shared or only uploaded) go from the bucket once no row names them.
  const photos = new Set(['review_photos', 'social_media', 'social_stashes'].flatMap((table) => (found.get(table) ?? []).map((row) => String(row.object_key))));
  if (photos.size > 0) await deps.env.MEDIA.delete([...photos]);
  return { tables: counts };
}

/** Exports one shopper may ask for in a day: each is a full copy of their data by email. */
export const EXPORTS_PER_DAY = 3;

/** The export asked for from the account (account-content §7 retrieveUserData): mailed to the account's address. */
export async function sendPersonalData(
  deps: ServiceDeps & { mailer: Mailer },
  shopper: ActingShopper,
  asked: { consumerId: string; email: string },
  /** The consent cookie the browser holds: the export says what it agreed to. */
  cookieConsent: string | null,
): Promise<void> {
  const db = deps.env.DB;
  const { consumerNo } = shopper;
  const consumer = await db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL').bind(consumerNo).first<{ email: string }>();
  if (!consumer) throw new HttpError('PRO404', 'Profile not loaded');
  // Only the signed-in shopper's own data, named by both their number and their email.
  if (asked.consumerId !== consumerNo || asked.email.trim().toLowerCase() !== consumer.email.toLowerCase()) throw new HttpError('CCN404');
  const tries = await attemptCounter(deps.env.COUNTERS, `data-export:${consumerNo}`).count(24 * 60 * 60);
  if (tries.count > EXPORTS_PER_DAY) throw new HttpError('API429', 'You have asked for your data several times today. Please try again tomorrow.');
  const data = await exportPersonalData(db, consumerNo, cookieConsent);
  const json = JSON.stringify(data, null, 2);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  await deps.mailer.send({
    kind: 'data-export',
    to: consumer.email,
    subject: 'Your Cairn personal data',
    text: `As you asked, attached is a copy of everything Cairn holds about your account ${consumerNo}, as JSON: your profile, addresses, saved cards (never their numbers), orders, subscriptions, lists, loyalty points and what was done to your account.\n\nIf you did not ask for it, change your password and tell us.\n`,
    attachments: [{ filename: `cairn-personal-data-${consumerNo}.json`, contentType: 'application/json', content: btoa(binary) }],
  });
  await db.batch([shopperAudit(db, deps.correlationId, shopper, 'account.export', { tables: Object.keys(data.tables) })]);
}

/** The export asked for from the account page's Your data: the shopper's own, to the account's own address. */
export async function sendOwnPersonalData(deps: ServiceDeps & { mailer: Mailer }, shopper: ActingShopper, cookieConsent: string | null): Promise<void> {
  const { consumerNo } = shopper;
  const email =
    (await deps.env.DB.prepare('SELECT email FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL').bind(consumerNo).first<{ email: string }>())
      ?.email ?? '';
  await sendPersonalData(deps, shopper, { consumerId: consumerNo, email }, cookieConsent);
}
