// Store devices (the security issue, §4): the tills and tablets an operator registers to a store. An
// associate connects only on one of them, with their PIN, and only it sees the store's staff list: the
// PIN the store shares is something its staff know, the device something the store holds. An operator
// makes a device with a one-time enrolment code (a day to use it); the device trades it for a secret kept
// in its cookie. D1 keeps digests of both, so a copy of the database registers nothing.

import { auditIfChanged, auditStatement } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { digestOf, equalBytes, randomToken } from '../../lib/secret-tokens.ts';

export interface StoreDevice {
  id: string;
  storeId: string;
  storeName: string;
  storeCity: string;
  label: string;
}

/** How long an operator's enrolment code can be used. */
export const ENROLMENT_HOURS = 24;

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const encoder = new TextEncoder();

function randomCode(length: number): string {
  return [...crypto.getRandomValues(new Uint8Array(length))].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** An enrolment code as typed ("k7q2 m9xd-4hcp") as it was issued: twelve characters of the alphabet. */
export function normalCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

const enrolDigest = (code: string) => digestOf(`store-device-enrol:${normalCode(code)}`);
const secretDigest = (secret: string) => digestOf(`store-device:${secret}`);

interface Actor {
  /** The admin credential acting: only its holder's name reaches the audit, so no admin type is needed here. */
  credential: { name: string };
  correlationId: string;
}

/** A new device for a store, waiting for its enrolment; the code is shown only now. */
export async function createDevice(db: D1Database, storeId: string, label: string, actor: Actor, now = new Date()) {
  const store = await db.prepare('SELECT site_id FROM stores WHERE id = ?1').bind(storeId).first<{ site_id: string }>();
  if (!store) throw new HttpError('STR404');
  const id = `sd_${randomCode(12).toLowerCase()}`;
  const raw = randomCode(12);
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  const expiresAt = new Date(now.getTime() + ENROLMENT_HOURS * 3600_000).toISOString();
  await db.batch([
    db
      .prepare('INSERT INTO store_devices (id, store_id, label, enrol_hash, enrol_expires_at, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)')
      .bind(id, storeId, label, await enrolDigest(code), expiresAt, actor.credential.name, now.toISOString()),
    auditStatement(db, {
      actor: actor.credential.name,
      action: 'store.device_create',
      subject: `store-device:${id}`,
      details: { storeId, label },
      correlationId: actor.correlationId,
    }),
  ]);
  return { device: { id, storeId, label }, siteId: store.site_id, enrolmentCode: code, expiresAt };
}

export async function listDevices(db: D1Database, storeId: string) {
  const { results } = await db
    .prepare(
      `SELECT id, store_id, label, created_by, created_at, enrolled_at, last_seen_at, revoked_at,
         CASE WHEN secret_hash IS NULL THEN enrol_expires_at END AS enrol_expires_at
       FROM store_devices WHERE store_id = ?1 ORDER BY created_at DESC`,
    )
    .bind(storeId)
    .all<Record<string, string | null>>();
  return results.map((r) => ({
    id: r.id,
    storeId: r.store_id,
    label: r.label,
    createdBy: r.created_by,
    createdAt: r.created_at,
    enrolmentExpiresAt: r.enrol_expires_at,
    enrolledAt: r.enrolled_at,
    lastSeenAt: r.last_seen_at,
    revokedAt: r.revoked_at,
  }));
}

export async function revokeDevice(db: D1Database, id: string, actor: Actor) {
  const now = new Date().toISOString();
  const [revoked] = await db.batch([
    db.prepare('UPDATE store_devices SET revoked_at = ?2, enrol_hash = NULL WHERE id = ?1 AND revoked_at IS NULL').bind(id, now),
    auditIfChanged(db, {
      actor: actor.credential.name,
      action: 'store.device_revoke',
      subject: `store-device:${id}`,
      details: {},
      correlationId: actor.correlationId,
    }),
  ]);
  if (!revoked?.meta.changes) throw new HttpError('API404', `No registered store device ${id}.`);
  return { id, revokedAt: now };
}

/**
 * A device trades its enrolment code for its secret, once: answers the device and the value its cookie
 * keeps. STR400 for a code that is unknown, used, revoked or past its day.
 */
export async function enrolDevice(db: D1Database, code: string, context: { address: string; correlationId: string }, now = new Date()) {
  const digest = await enrolDigest(code);
  const row = await db
    .prepare('SELECT id FROM store_devices WHERE enrol_hash = ?1 AND revoked_at IS NULL AND enrol_expires_at > ?2')
    .bind(digest, now.toISOString())
    .first<{ id: string }>();
  if (!row) throw new HttpError('STR400', undefined, [{ field: 'deviceCode', message: 'This device code is not valid or has expired.' }]);
  const secret = randomToken();
  // Conditional on the code still being there: two devices racing with one code cannot both enrol, and only
  // the one that did is audited.
  const [taken] = await db.batch([
    db
      .prepare('UPDATE store_devices SET secret_hash = ?3, enrol_hash = NULL, enrol_expires_at = NULL, enrolled_at = ?4 WHERE id = ?1 AND enrol_hash = ?2')
      .bind(row.id, digest, await secretDigest(secret), now.toISOString()),
    auditIfChanged(db, {
      actor: `store-device:${row.id}`,
      action: 'store.device_enrol',
      subject: `store-device:${row.id}`,
      details: { address: context.address },
      correlationId: context.correlationId,
    }),
  ]);
  if (!taken?.meta.changes) throw new HttpError('STR400', undefined, [{ field: 'deviceCode', message: 'This device code is not valid or has expired.' }]);
  const device = await deviceById(db, row.id);
  if (!device) throw new HttpError('STR400');
  return { device: device.device, cookieValue: `${row.id}.${secret}` };
}

async function deviceById(db: D1Database, id: string) {
  const row = await db
    .prepare(
      `SELECT d.id, d.store_id, d.label, d.secret_hash, s.name, s.city FROM store_devices d JOIN stores s ON s.id = d.store_id
       WHERE d.id = ?1 AND d.revoked_at IS NULL AND d.secret_hash IS NOT NULL`,
    )
    .bind(id)
    .first<{ id: string; store_id: string; label: string; secret_hash: string; name: string; city: string }>();
  return row
    ? { device: { id: row.id, storeId: row.store_id, storeName: row.name, storeCity: row.city, label: row.label }, secretHash: row.secret_hash }
    : null;
}

/** The registered device a cookie value names, or null (unknown, revoked, or the wrong secret). */
export async function deviceOf(db: D1Database, cookieValue: string | undefined): Promise<StoreDevice | null> {
  const [id, secret] = (cookieValue ?? '').split('.');
  if (!id || !secret || !/^sd_[a-z2-9]{12}$/.test(id) || secret.length > 64) return null;
  const found = await deviceById(db, id);
  const given = await secretDigest(secret);
  // Compared whether or not the device exists, in constant time.
  const ok = equalBytes(encoder.encode(given), encoder.encode(found?.secretHash ?? '*'.repeat(given.length)));
  return ok && found ? found.device : null;
}

/** The device the request comes from must be registered to this store (STR403 otherwise). */
export function requireDeviceOf(device: StoreDevice | null, storeId: string): StoreDevice {
  if (!device || device.storeId !== storeId) throw new HttpError('STR403');
  return device;
}

export async function markSeen(db: D1Database, deviceId: string, now = new Date()): Promise<void> {
  await db.prepare('UPDATE store_devices SET last_seen_at = ?2 WHERE id = ?1').bind(deviceId, now.toISOString()).run();
}
