// Admin credentials: named tokens (crn_<id>.<secret>) stored as a hash of the secret, compared in
// constant time, each naming its holder and role; and the ADMIN_TOKEN secret as the bootstrap credential.

import { base64url, equalBytes } from '../lib/secret-tokens.ts';

export type AdminRole = 'marketer' | 'operator';

export interface AdminCredential {
  /** null for the bootstrap ADMIN_TOKEN. */
  tokenId: string | null;
  /** The audit's actor. */
  name: string;
  role: AdminRole;
}

export const BOOTSTRAP: AdminCredential = { tokenId: null, name: 'bootstrap (ADMIN_TOKEN)', role: 'operator' };

const TOKEN = /^crn_([a-z0-9]{16})\.([A-Za-z0-9_-]{43})$/;
const encoder = new TextEncoder();

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', encoder.encode(text));
}

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(text: string): ArrayBuffer {
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes.buffer;
}

/** Compared as SHA-256 digests, so the time taken depends on neither the secret nor its length. */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return equalBytes(a, b);
}

function randomText(bytes: number, alphabet?: string): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  if (alphabet) return [...random].map((b) => alphabet[b % alphabet.length]).join('');
  return base64url(random);
}

export interface NewToken {
  id: string;
  token: string;
  secretHash: string;
}

export async function newToken(): Promise<NewToken> {
  const id = randomText(16, 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, 32));
  const secret = randomText(32);
  return { id, token: `crn_${id}.${secret}`, secretHash: hex(await digest(secret)) };
}

interface TokenRow {
  id: string;
  name: string;
  role: AdminRole;
  secret_hash: string;
  last_used_at: string | null;
}

/** The credential a bearer token stands for, or null. */
export async function credentialFor(db: D1Database, bootstrap: string | undefined, bearer: string): Promise<AdminCredential | null> {
  const named = TOKEN.exec(bearer);
  if (!named) return bootstrap && (await sameSecret(bearer, bootstrap)) ? BOOTSTRAP : null;
  const [, id, secret] = named as unknown as [string, string, string];
  const row = await db
    .prepare('SELECT id, name, role, secret_hash, last_used_at FROM admin_tokens WHERE id = ?1 AND revoked_at IS NULL')
    .bind(id)
    .first<TokenRow>();
  // A missing row is compared against a hash of nothing, so a wrong id takes as long as a wrong secret.
  const expected = row ? fromHex(row.secret_hash) : await digest('');
  const matches = equalBytes(await digest(secret), expected) && row !== null;
  return matches && row ? { tokenId: row.id, name: row.name, role: row.role } : null;
}

export async function markUsed(db: D1Database, tokenId: string): Promise<void> {
  await db.prepare('UPDATE admin_tokens SET last_used_at = ?2 WHERE id = ?1').bind(tokenId, new Date().toISOString()).run();
}
