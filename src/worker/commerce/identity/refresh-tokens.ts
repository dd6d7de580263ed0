// Refresh tokens: opaque, hashed at rest, single-use. Using one issues its successor in the same family;
// using one that was already rotated revokes the family, since only a copy could still hold it. A family
// is also what a session token names: once it is revoked (or erased with its account), the tokens signed
// for it are refused too.

import type { SessionClaims } from '../../../shared/api/session.ts';
import { isolateMap } from '../../lib/isolate-memory.ts';
import { digestOf, randomToken } from '../../lib/secret-tokens.ts';

/** How long a shopper stays signed in (or keeps their guest basket) without coming back. */
export const REFRESH_SECONDS = 30 * 24 * 60 * 60;

function hashOf(token: string): Promise<string> {
  return digestOf(`cairn-refresh:${token}`);
}

export interface IssuedRefresh {
  token: string;
  familyId: string;
  expiresAt: Date;
}

/** A new refresh token and the statement that stores it; `when` guards the insert (SQL true by default). */
async function refreshRow(db: D1Database, claims: SessionClaims, familyId: string, now: Date, when = '1') {
  const token = `rt_${randomToken()}`;
  const expiresAt = new Date(now.getTime() + REFRESH_SECONDS * 1000);
  const statement = db
    .prepare(
      `INSERT INTO refresh_tokens (token_hash, family_id, usid, consumer_no, claims, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${when}`,
    )
    .bind(await hashOf(token), familyId, claims.usid, claims.consumerNo ?? null, JSON.stringify(claims), now.toISOString(), expiresAt.toISOString());
  return { statement, issued: { token, familyId, expiresAt } };
}

/** A new refresh token for `claims`, in `familyId` (a new family when none is given). */
export async function issueRefresh(db: D1Database, claims: SessionClaims, familyId: string = crypto.randomUUID(), now = new Date()): Promise<IssuedRefresh> {
  const { statement, issued } = await refreshRow(db, claims, familyId, now);
  await statement.run();
  return issued;
}

export type Refusal = 'unknown' | 'expired' | 'revoked' | 'reused' | 'raced';

export type Rotation = { ok: true; claims: SessionClaims; refresh: IssuedRefresh } | { ok: false; reason: Refusal };

/** Two tabs may renew with the same token at once: the second within this window is a race, not a theft. */
const RACE_MS = 30_000;

interface RefreshRow {
  family_id: string;
  claims: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/**
 * Families this isolate found live, with when and whose: a family asked about within the last second is not
 * asked again, so a page and the calls its islands make share one read. A revocation made in this isolate
 * evicts at once; one made in another isolate is seen here within LIVE_FOR_MS.
 */
const liveFamilies = isolateMap<string, { checkedAt: number; consumerNo: string | undefined }>();
const LIVE_FOR_MS = 1000;
const LIVE_MAX = 5000;

export async function revokeFamily(db: D1Database, familyId: string, now = new Date()): Promise<void> {
  liveFamilies.delete(familyId);
  await db.prepare('UPDATE refresh_tokens SET revoked_at = ?2 WHERE family_id = ?1 AND revoked_at IS NULL').bind(familyId, now.toISOString()).run();
}

/** Signs a consumer out everywhere: every family of theirs, so every session token signed for one, ends. */
export async function revokeConsumer(db: D1Database, consumerNo: string, now = new Date()): Promise<void> {
  for (const [familyId, seen] of liveFamilies) if (seen.consumerNo === consumerNo) liveFamilies.delete(familyId);
  await db.prepare('UPDATE refresh_tokens SET revoked_at = ?2 WHERE consumer_no = ?1 AND revoked_at IS NULL').bind(consumerNo, now.toISOString()).run();
}

/**
 * Whether a session token's family may still act: not revoked (a sign-out, a new password, a reused token)
 * nor erased with its account. One seek in the live-family index, at most once a second per family here for
 * a read; `fresh` (a change: a saved address, an order) always asks, so nothing is written after the end.
 */
export async function familyIsLive(db: D1Database, familyId: string, consumerNo?: string, fresh = false, now = Date.now()): Promise<boolean> {
  const seen = liveFamilies.get(familyId);
  if (!fresh && seen && now - seen.checkedAt < LIVE_FOR_MS) return true;
  const live = (await db.prepare('SELECT 1 AS live FROM refresh_tokens WHERE family_id = ?1 AND revoked_at IS NULL LIMIT 1').bind(familyId).first()) !== null;
  liveFamilies.delete(familyId);
  if (live) {
    if (liveFamilies.size >= LIVE_MAX) liveFamilies.delete(liveFamilies.keys().next().value as string);
    liveFamilies.set(familyId, { checkedAt: now, consumerNo });
  }
  return live;
}

/** A token's row, if it may renew a session now; a rotated token past the race window revokes its family. */
async function usableRow(db: D1Database, token: string | undefined | null, now: Date): Promise<{ hash: string; row: RefreshRow } | { reason: Refusal }> {
  if (!token || !/^rt_[\w-]{43}$/.test(token)) return { reason: 'unknown' };
  const hash = await hashOf(token);
  const row = await db
    .prepare('SELECT family_id, claims, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = ?1')
    .bind(hash)
    .first<RefreshRow>();
  if (!row) return { reason: 'unknown' };
  if (row.revoked_at) return { reason: 'revoked' };
  if (row.used_at) {
    if (now.getTime() - Date.parse(row.used_at) < RACE_MS) return { reason: 'raced' };
    await revokeFamily(db, row.family_id, now);
    return { reason: 'reused' };
  }
  if (row.expires_at <= now.toISOString()) return { reason: 'expired' };
  return { hash, row };
}

/**
 * The session a refresh token would renew, without using the token: a request whose answer may be public
 * (and so may not carry the successor) must leave it for the next one.
 */
export async function readRefresh(
  db: D1Database,
  token: string | undefined | null,
  now = new Date(),
): Promise<{ ok: true; claims: SessionClaims; familyId: string } | { ok: false; reason: Refusal }> {
  const usable = await usableRow(db, token, now);
  if ('reason' in usable) return { ok: false, reason: usable.reason };
  return { ok: true, claims: JSON.parse(usable.row.claims) as SessionClaims, familyId: usable.row.family_id };
}

/** Uses a refresh token once: its successor and the claims to sign, or why not. */
export async function rotateRefresh(db: D1Database, token: string | undefined | null, now = new Date()): Promise<Rotation> {
  const usable = await usableRow(db, token, now);
  if ('reason' in usable) return { ok: false, reason: usable.reason };
  const { hash, row } = usable;
  // Claim the token: of two requests racing with the same token, one wins and the other counts as reuse. The
  // successor is stored in the claim's transaction: written after it, a revocation landing in between (a
  // sign-out, a new password, a reused token) missed the successor, which kept the family alive.
  const claims = JSON.parse(row.claims) as SessionClaims;
  const successor = await refreshRow(db, claims, row.family_id, now, 'changes() = 1');
  const [claimed] = await db.batch([
    db.prepare('UPDATE refresh_tokens SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND revoked_at IS NULL').bind(hash, now.toISOString()),
    successor.statement,
  ]);
  if (claimed?.meta.changes !== 1) return { ok: false, reason: 'raced' };
  return { ok: true, claims, refresh: successor.issued };
}

/** Revokes the family of a refresh token an API client hands back at sign-out. */
export async function revokeByToken(db: D1Database, token: string, now = new Date()): Promise<void> {
  if (!/^rt_[\w-]{43}$/.test(token)) return;
  const row = await db
    .prepare('SELECT family_id FROM refresh_tokens WHERE token_hash = ?1')
    .bind(await hashOf(token))
    .first<{ family_id: string }>();
  if (row) await revokeFamily(db, row.family_id, now);
}
