// The shopper's session, minted, verified, renewed and revoked (ARCHITECTURE.md, Sessions and identity),
// without HTTP: values in, values out. Each step answers the session the request now holds and the cookie
// changes the HTTP layer writes once the route has answered (middleware/session.ts applies them).

import type { SessionClaims } from '../../../shared/api/session.ts';
import { type SessionKeys, sessionKeys } from './keys.ts';
import { familyIsLive, issueRefresh, type Refusal, readRefresh, revokeFamily, rotateRefresh } from './refresh-tokens.ts';
import type { CurrentSession, SessionCookies } from './session-state.ts';
import { signSession, verifySession } from './session-token.ts';

/** What a session step needs: the database of refresh families and the signing secrets. */
export interface SessionDeps {
  DB: D1Database;
  SESSION_SECRET?: string;
  SESSION_SECRET_PREVIOUS?: string;
}

/** A step's outcome: the session the request holds from now on and the cookies that say so. */
export interface SessionChange {
  session: CurrentSession | null;
  cookies: SessionCookies;
}

/** Starts a session for `claims` (a new refresh family unless one is given). */
export async function mintSession(deps: SessionDeps, claims: SessionClaims, options: { familyId?: string; firstName?: string } = {}): Promise<SessionChange> {
  const keys = await sessionKeys(deps);
  const refresh = await issueRefresh(deps.DB, claims, options.familyId);
  const token = await signSession(keys, claims, refresh.familyId);
  return {
    session: { claims, familyId: refresh.familyId },
    cookies: { set: { token, refresh, ...(options.firstName ? { firstName: options.firstName } : {}) } },
  };
}

/** A new guest session. */
export function mintGuestSession(deps: SessionDeps, extra: Partial<SessionClaims> = {}): Promise<SessionChange> {
  return mintSession(deps, { usid: crypto.randomUUID(), type: 'guest', ...extra });
}

/**
 * New claims for `current` (a loyalty enrolment, a store associate, a list created): the session token is
 * signed again, and the family's live refresh token will renew to the same claims. No session yet, one starts.
 */
export async function reissueSession(
  deps: SessionDeps,
  current: CurrentSession | null,
  claims: SessionClaims,
  options: { firstName?: string } = {},
): Promise<SessionChange> {
  if (!current) return mintSession(deps, claims, options);
  await deps.DB.prepare('UPDATE refresh_tokens SET claims = ?2, consumer_no = ?3 WHERE family_id = ?1 AND used_at IS NULL AND revoked_at IS NULL')
    .bind(current.familyId, JSON.stringify(claims), claims.consumerNo ?? null)
    .run();
  const token = await signSession(await sessionKeys(deps), claims, current.familyId);
  return {
    session: { claims, familyId: current.familyId },
    cookies: { set: { token, ...(options.firstName ? { firstName: options.firstName } : {}) } },
  };
}

/** Ends `current`: its refresh family is revoked and its cookies go. */
export async function revokeSession(deps: SessionDeps, current: CurrentSession | null): Promise<SessionChange> {
  if (current) await revokeFamily(deps.DB, current.familyId);
  return { session: null, cookies: { clear: true } };
}

/**
 * Cookies staged earlier in the request followed by `next`: a refresh token rotated or issued earlier must
 * still reach the browser when only the claims were signed again since.
 */
export function mergeSessionCookies(staged: SessionCookies | undefined, next: SessionCookies): SessionCookies {
  if ('clear' in next || next.set.refresh || !staged || 'clear' in staged || !staged.set.refresh) return next;
  return { set: { ...next.set, refresh: staged.set.refresh } };
}

/** Two steps of one request as one change. */
export function followedBy(first: SessionChange, second: SessionChange): SessionChange {
  return { session: second.session, cookies: mergeSessionCookies(first.cookies, second.cookies) };
}

/** The session a request presents, before its route runs. */
export interface PresentedSession {
  session: CurrentSession | null;
  /** The refresh family to renew once the answer can carry the successor. */
  renewing: string | null;
  /** The visitor had a session that cannot be honoured: a fresh guest one replaces its cookies. */
  unusable: boolean;
  /** What the log should say about a refused session token or refresh token. */
  ended?: { type: SessionClaims['type'] };
  refused?: Exclude<Refusal, 'unknown' | 'raced'>;
}

/**
 * Verifies the session token and, without using it, the refresh token a request carries. A session token
 * whose family has ended (a sign-out, a new password, the account deleted, a stolen refresh token) is refused
 * at once; only sessions that act for someone pay for that check: a shopper's account, or a store device with
 * an associate connected. A read (`change` false) may lean on this isolate's answer of the last second.
 */
export async function verifyPresentedSession(
  deps: SessionDeps,
  presented: { token: string | undefined; refreshToken: string | undefined; change: boolean },
): Promise<PresentedSession> {
  const keys = await sessionKeys(deps);
  let verified = await verifySession(keys, presented.token);
  let ended: PresentedSession['ended'];
  if (verified && (verified.claims.type === 'registered' || verified.claims.buyInStore)) {
    if (!(await familyIsLive(deps.DB, verified.familyId, verified.claims.consumerNo, presented.change))) {
      ended = { type: verified.claims.type };
      verified = null;
    }
  }
  let session: CurrentSession | null = verified ? { claims: verified.claims, familyId: verified.familyId } : null;
  let unusable = false;
  let refused: PresentedSession['refused'];
  if (!session && presented.refreshToken) {
    const found = await readRefresh(deps.DB, presented.refreshToken);
    if (found.ok) session = { claims: found.claims, familyId: found.familyId };
    // Raced: another tab is renewing with the same token; its answer brings the new cookies.
    else if (found.reason !== 'raced') {
      if (found.reason !== 'unknown') refused = found.reason;
      unusable = true;
    }
  } else if (!session && presented.token) unusable = true;
  const renewing = !verified && session && presented.refreshToken ? session.familyId : null;
  return { session, renewing, unusable, ...(ended ? { ended } : {}), ...(refused ? { refused } : {}) };
}

/**
 * Uses the refresh token the request's session was read from, now that the answer can carry its successor.
 * Not when the route ended that session or started another (a sign-in, a sign-out): their cookies stand.
 * Answers the cookies to write, or undefined when they stay as staged.
 */
export async function renewSession(
  deps: SessionDeps,
  request: { session: CurrentSession | null; staged: SessionCookies | undefined; refreshToken: string; familyId: string },
): Promise<SessionCookies | undefined> {
  const { staged } = request;
  if (request.session?.familyId !== request.familyId || (staged && ('clear' in staged || staged.set.refresh))) return undefined;
  const rotation = await rotateRefresh(deps.DB, request.refreshToken);
  // Another request of this browser renewed first (its answer carries the session on), or the family ended meanwhile.
  if (!rotation.ok) return undefined;
  // A route that changed the claims (reissueSession) has signed them already; the successor carries them too.
  const keys: SessionKeys = await sessionKeys(deps);
  const token = staged?.set.token ?? (await signSession(keys, rotation.claims, request.familyId));
  return { set: { ...staged?.set, token, refresh: rotation.refresh } };
}
