// Passwords: PBKDF2-SHA256 through WebCrypto with a per-user salt, stored with their iteration count so
// the count can be raised later (a hash made at a lower count is re-made at the next sign-in).
//
// The count is 100,000 because that is the most Cloudflare's workerd takes in one call: production
// answers more with "NotSupportedError: Pbkdf2 failed: iteration counts above 100000 are not supported",
// while local workerd and Node do not enforce the cap, so only a test keeps the constant honest.

import { base64url, equalBytes, fromBase64url } from '../../lib/secret-tokens.ts';

export const PBKDF2_ITERATIONS = 100_000;
export const WORKERD_PBKDF2_CAP = 100_000;
const SCHEME = 'pbkdf2-sha256';
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  return crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
}

export async function hashPassword(
  password: string,
  iterations = PBKDF2_ITERATIONS,
  salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
): Promise<string> {
  const hash = new Uint8Array(await derive(password, salt, iterations));
  return `${SCHEME}$${iterations}$${base64url(salt)}$${base64url(hash)}`;
}

interface StoredHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

function parse(stored: string): StoredHash | null {
  const [scheme, count, salt, hash] = stored.split('$');
  const iterations = Number(count);
  if (scheme !== SCHEME || !salt || !hash || !Number.isInteger(iterations) || iterations < 1 || iterations > WORKERD_PBKDF2_CAP) return null;
  try {
    const decoded = { iterations, salt: fromBase64url(salt), hash: fromBase64url(hash) };
    return decoded.hash.byteLength === HASH_BITS / 8 ? decoded : null;
  } catch {
    return null;
  }
}

/** A hash that matches no password, so an unknown account costs the same time as a wrong password. */
const DUMMY = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/** Whether `password` matches `stored` (null: no account, checked anyway so the answer takes as long). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parse(stored ?? DUMMY) ?? (parse(DUMMY) as StoredHash);
  const derived = await derive(password, parsed.salt, parsed.iterations);
  const equal = equalBytes(derived, parsed.hash);
  return stored !== null && parse(stored) !== null && equal;
}

/** A hash made at fewer iterations than today's: re-made once the password is known again. */
export function needsRehash(stored: string): boolean {
  return (parse(stored)?.iterations ?? 0) < PBKDF2_ITERATIONS;
}
