// Sign-in codes: random, stored hashed, single-use, valid for a minute and bound to the SHA-256
// challenge of a verifier only the browser that signed in holds.

import { digestOf, equalBytes, randomToken } from '../../lib/secret-tokens.ts';

export const CODE_SECONDS = 60;
/** The session_family of a code spent by a wrong verifier. */
const BURNED = 'burned';
/**
 * How long after a code's exchange a second exchange of it is told to retry (AUT409) rather than refused: the
 * same browser's duplicate may have left before the first answer's cookies arrived, and its retry 2 s later
 * (commerce-core §7) carries them.
 */
export const EXCHANGE_RETRY_MS = 10_000;

function hashOf(code: string): Promise<string> {
  return digestOf(`cairn-code:${code}`);
}

/** The challenge a verifier answers: base64url(SHA-256(verifier)), as the browser computes it. */
export async function challengeOf(verifier: string): Promise<string> {
  return digestOf(verifier);
}

export async function issueCode(db: D1Database, consumerNo: string, challenge: string, now = new Date()): Promise<string> {
  const code = randomToken();
  await db
    .prepare('INSERT INTO authorization_codes (code_hash, consumer_no, challenge, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(await hashOf(code), consumerNo, challenge, now.toISOString(), new Date(now.getTime() + CODE_SECONDS * 1000).toISOString())
    .run();
  return code;
}

export type Redemption =
  | { ok: true; consumerNo: string; codeHash: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'mismatch' }
  /**
   * used: already exchanged (for `sessionFamily`, or still being exchanged when that is null); `retry` when the
   * exchange is under way or just made, so a browser that sent the code twice finds its session on the retry.
   */
  | { ok: false; reason: 'used'; consumerNo: string; sessionFamily: string | null; retry: boolean };

interface CodeRow {
  consumer_no: string;
  challenge: string;
  expires_at: string;
  used_at: string | null;
  session_family: string | null;
}

/** Spends a code: its consumer when the verifier matches its challenge. A wrong verifier burns the code. */
export async function redeemCode(db: D1Database, code: string, verifier: string, now = new Date()): Promise<Redemption> {
  const codeHash = await hashOf(code);
  const row = await db
    .prepare('SELECT consumer_no, challenge, expires_at, used_at, session_family FROM authorization_codes WHERE code_hash = ?1')
    .bind(codeHash)
    .first<CodeRow>();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.used_at) {
    const retry = row.session_family === null || (row.session_family !== BURNED && now.getTime() - Date.parse(row.used_at) < EXCHANGE_RETRY_MS);
    return { ok: false, reason: 'used', consumerNo: row.consumer_no, sessionFamily: row.session_family, retry };
  }
  if (row.expires_at <= now.toISOString()) return { ok: false, reason: 'expired' };
  const claimed = await db
    .prepare('UPDATE authorization_codes SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL')
    .bind(codeHash, now.toISOString())
    .run();
  if (claimed.meta.changes !== 1) return { ok: false, reason: 'used', consumerNo: row.consumer_no, sessionFamily: null, retry: true };
  const encoder = new TextEncoder();
  const matches = equalBytes(encoder.encode(row.challenge), encoder.encode(await challengeOf(verifier)));
  if (matches) return { ok: true, consumerNo: row.consumer_no, codeHash };
  // Burned, not in flight: a later try with it is refused, not told to wait and retry.
  await recordExchange(db, codeHash, BURNED);
  return { ok: false, reason: 'mismatch' };
}

export async function recordExchange(db: D1Database, codeHash: string, sessionFamily: string): Promise<void> {
  await db.prepare('UPDATE authorization_codes SET session_family = ?2 WHERE code_hash = ?1').bind(codeHash, sessionFamily).run();
}
