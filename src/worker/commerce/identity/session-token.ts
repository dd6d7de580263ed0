// The session cookie's token: a short-lived JWT (HS256, jose) with the session claims, signed with the
// current key and verified with whichever known key its header names.

import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import type { SessionClaims } from '../../../shared/api/session.ts';
import type { SessionKeys } from './keys.ts';

const ISSUER = 'cairn-storefront';
const AUDIENCE = 'cairn-session';
const ALGORITHM = 'HS256';
/** Short, so claims go stale for minutes at most; an ended session is refused at once through its family (middleware/session.ts). */
export const SESSION_SECONDS = 10 * 60;

export interface VerifiedSession {
  claims: SessionClaims;
  /** The refresh-token family the session belongs to. */
  familyId: string;
  expiresAt: number;
}

export async function signSession(keys: SessionKeys, claims: SessionClaims, familyId: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ ...claims, fam: familyId })
    .setProtectedHeader({ alg: ALGORITHM, kid: keys.current.id, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_SECONDS)
    .sign(keys.current.secret);
}

/**
 * Tokens this isolate has verified, with the key that verified them: a shopper's next requests within the
 * token's ten minutes skip the signature (a cart read spent about 4% of its time there). The token's bytes
 * are the cache key, so nothing unsigned can be found in it; expiry is checked on every hit.
 */
const verified = new Map<string, { session: VerifiedSession; kid: string; secret: unknown }>();
const VERIFIED_MAX = 1000;

/** The session a token holds, or null when it is malformed, forged, signed by an unknown key or expired. */
export async function verifySession(keys: SessionKeys, token: string | undefined | null, now = Date.now()): Promise<VerifiedSession | null> {
  if (!token) return null;
  // A token seen before skips the header's parsing too, while the key that verified it is still one of ours.
  const known = verified.get(token);
  if (known && keys.byId.get(known.kid)?.secret === known.secret) return known.session.expiresAt > now ? known.session : null;
  if (token.length > 4096 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const { kid } = decodeProtectedHeader(token);
    const key = kid ? keys.byId.get(kid) : undefined;
    if (!kid || !key) return null;
    const { payload } = await jwtVerify(token, key.secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM], currentDate: new Date(now) });
    const { usid, type, fam } = payload as { usid?: unknown; type?: unknown; fam?: unknown };
    if (typeof usid !== 'string' || (type !== 'guest' && type !== 'registered') || typeof fam !== 'string' || !payload.exp) return null;
    const { iss: _iss, aud: _aud, iat: _iat, exp, fam: _fam, ...claims } = payload as Record<string, unknown>;
    // Frozen: every request that presents this token shares the one object.
    const session: VerifiedSession = Object.freeze({
      claims: Object.freeze(claims) as unknown as SessionClaims,
      familyId: fam,
      expiresAt: (exp as number) * 1000,
    });
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { session, kid, secret: key.secret });
    return session;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
