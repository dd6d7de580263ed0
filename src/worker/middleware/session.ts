// The shopper's session (ARCHITECTURE.md, Sessions and identity): a short-lived signed token in an
// HttpOnly cookie, renewed from an opaque refresh token that rotates on every use, and a small hint
// cookie for islands. A guest session is minted only when something needs one, so an anonymous page
// carries no Set-Cookie. A bad session cookie (tampered, expired, malformed, revoked) gives a fresh guest
// session, never an error. Cookies are written after the route has answered, and never on a response a
// shared cache may keep: renewing, which uses up the refresh token, waits for the answer too, so an answer
// that cannot carry the successor leaves the token as it was.

import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CART_COUNT_COOKIE } from '../../shared/cart-count.ts';
import { parseSessionHint, REFRESH_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE, type SessionClaims, sessionHintText } from '../../shared/session.ts';
import { type SessionKeys, sessionKeys } from '../commerce/identity/keys.ts';
import { familyIsLive, issueRefresh, REFRESH_SECONDS, readRefresh, revokeFamily, rotateRefresh } from '../commerce/identity/refresh-tokens.ts';
import type { CurrentSession, SessionCookies } from '../commerce/identity/session-state.ts';
import { SESSION_SECONDS, signSession, type VerifiedSession, verifySession } from '../commerce/identity/session-token.ts';
import type { AppEnv } from '../env.ts';
import { STORE_COOKIE } from '../lib/store-cookies.ts';

/** Starts a session for `claims` (a new refresh family unless one is given) and stages its cookies. */
export async function startSession(
  c: Context<AppEnv>,
  claims: SessionClaims,
  options: { familyId?: string; firstName?: string } = {},
): Promise<CurrentSession> {
  const keys = await sessionKeys(c.env);
  const refresh = await issueRefresh(c.env.DB, claims, options.familyId);
  const token = await signSession(keys, claims, refresh.familyId);
  c.set('sessionCookies', { set: { token, refresh, ...(options.firstName ? { firstName: options.firstName } : {}) } });
  const session = { claims, familyId: refresh.familyId };
  c.set('session', session);
  return session;
}

/**
 * New claims for the current session (a loyalty enrolment, a store associate, a list created): the
 * session token is signed again, and the family's live refresh token will renew to the same claims.
 */
export async function updateSession(c: Context<AppEnv>, claims: SessionClaims, options: { firstName?: string } = {}): Promise<CurrentSession> {
  const current = c.get('session');
  if (!current) return startSession(c, claims, options);
  await c.env.DB.prepare('UPDATE refresh_tokens SET claims = ?2, consumer_no = ?3 WHERE family_id = ?1 AND used_at IS NULL AND revoked_at IS NULL')
    .bind(current.familyId, JSON.stringify(claims), claims.consumerNo ?? null)
    .run();
  const token = await signSession(await sessionKeys(c.env), claims, current.familyId);
  const staged = c.get('sessionCookies');
  // A refresh token rotated earlier in this request must still reach the browser.
  const refresh = staged && 'set' in staged ? staged.set.refresh : undefined;
  c.set('sessionCookies', { set: { token, ...(refresh ? { refresh } : {}), ...(options.firstName ? { firstName: options.firstName } : {}) } });
  const session = { claims, familyId: current.familyId };
  c.set('session', session);
  return session;
}

/** The session, minting a guest one when there is none yet: for whatever needs a usid (a basket, the token call). */
export async function ensureSession(c: Context<AppEnv>): Promise<CurrentSession> {
  return c.get('session') ?? startSession(c, { usid: crypto.randomUUID(), type: 'guest' });
}

/** Ends the session: its refresh family is revoked and its cookies cleared. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const current = c.get('session');
  if (current) await revokeFamily(c.env.DB, current.familyId);
  c.set('session', null);
  c.set('sessionCookies', { clear: true });
}

/**
 * The names before the __Host- prefix: a refresh token kept under its old name still renews its session
 * (nobody is signed out, nor loses a guest basket, by the rename), and the old cookies go once the new ones
 * are written. REFRESH_SECONDS after the rename nobody holds one any more, and this can go.
 */
const UNPREFIXED = { refresh: 'cairn_refresh', hint: 'cairn_hint', all: ['cairn_session', 'cairn_refresh', 'cairn_hint', 'cairn_cart'] } as const;

function writeCookies(c: Context<AppEnv>, cookies: SessionCookies): void {
  for (const name of UNPREFIXED.all) if (getCookie(c, name) !== undefined) deleteCookie(c, name, { path: '/', secure: true });
  if ('clear' in cookies) {
    // The basket was the signed-out shopper's: the header counts nothing until the next guest adds.
    for (const name of [SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE, CART_COUNT_COOKIE]) deleteCookie(c, name, STORE_COOKIE);
    return;
  }
  const { token, refresh, firstName } = cookies.set;
  setCookie(c, SESSION_COOKIE, token, { ...STORE_COOKIE, httpOnly: true, maxAge: SESSION_SECONDS });
  if (refresh) setCookie(c, REFRESH_COOKIE, refresh.token, { ...STORE_COOKIE, httpOnly: true, maxAge: REFRESH_SECONDS });
  const claims = c.get('session')?.claims;
  const signedIn = claims?.type === 'registered';
  // A renewal does not read the profile: the name the browser already shows carries on.
  const shown = getCookie(c, SESSION_HINT_COOKIE) ?? getCookie(c, UNPREFIXED.hint);
  const name = signedIn ? (firstName ?? parseSessionHint(shown).firstName) : undefined;
  const store = claims?.buyInStore;
  const associate = store?.storeId && store.storeEmployeeId ? { storeName: store.storeName, employeeName: store.storeEmployeeName } : undefined;
  const hint = sessionHintText({ signedIn, ...(name ? { firstName: name } : {}), ...(associate ? { associate } : {}) });
  setCookie(c, SESSION_HINT_COOKIE, hint, { ...STORE_COOKIE, maxAge: REFRESH_SECONDS });
}

/**
 * A session token whose family has ended (a sign-out, a new password, the account deleted, a stolen refresh
 * token) is refused at once, not when it expires. Only sessions that act for someone pay for the check, one
 * indexed read: a shopper's account, or a store device with an associate connected.
 */
async function stillLive(c: Context<AppEnv>, verified: VerifiedSession | null): Promise<VerifiedSession | null> {
  if (!verified) return null;
  const { claims } = verified;
  if (claims.type !== 'registered' && !claims.buyInStore) return verified;
  // A read may lean on this isolate's answer of the last second; a change is never made for an ended session.
  const change = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  if (await familyIsLive(c.env.DB, verified.familyId, claims.consumerNo, change)) return verified;
  c.get('logger').info('session.ended_token', { type: claims.type });
  return null;
}

/** A response a shared cache may keep: no cookie may ride on it. */
function isPublic(response: Response): boolean {
  return /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
}

/**
 * Uses the refresh token the request's session was read from, now that the answer can carry its successor.
 * Not when the route ended that session or started another (a sign-in, a sign-out): their cookies stand.
 */
async function renew(c: Context<AppEnv>, keys: SessionKeys, refreshToken: string, familyId: string): Promise<void> {
  const staged = c.get('sessionCookies');
  if (c.get('session')?.familyId !== familyId || (staged && ('clear' in staged || staged.set.refresh))) return;
  const rotation = await rotateRefresh(c.env.DB, refreshToken);
  // Another request of this browser renewed first (its answer carries the session on), or the family ended meanwhile.
  if (!rotation.ok) return;
  // A route that changed the claims (updateSession) has signed them already; the successor carries them too.
  const token = staged?.set.token ?? (await signSession(keys, rotation.claims, familyId));
  c.set('sessionCookies', { set: { ...staged?.set, token, refresh: rotation.refresh } });
}

export function session(): MiddlewareHandler<AppEnv> {
  return async function sessionMiddleware(c, next) {
    const keys = await sessionKeys(c.env);
    const token = getCookie(c, SESSION_COOKIE);
    const refreshToken = getCookie(c, REFRESH_COOKIE) ?? getCookie(c, UNPREFIXED.refresh);
    const verified = await stillLive(c, await verifySession(keys, token));
    let current: CurrentSession | null = verified ? { claims: verified.claims, familyId: verified.familyId } : null;
    let unusable = false;
    if (!current && refreshToken) {
      const found = await readRefresh(c.env.DB, refreshToken);
      if (found.ok) current = { claims: found.claims, familyId: found.familyId };
      // Raced: another tab is renewing with the same token; its answer brings the new cookies.
      else if (found.reason !== 'raced') {
        if (found.reason !== 'unknown') c.get('logger').warn('session.refused', { reason: found.reason });
        unusable = true;
      }
    } else if (!current && token) unusable = true;
    const renewing = !verified && current && refreshToken ? current.familyId : null;
    c.set('session', current);
    await next();
    if (isPublic(c.res)) {
      if (c.get('sessionCookies')) c.get('logger').error('session.cookie_on_public_response', { path: c.req.path });
      return;
    }
    if (renewing && refreshToken) await renew(c, keys, refreshToken, renewing);
    // The visitor had a session we cannot honour: a fresh guest one replaces its cookies, never an error page.
    else if (unusable && !c.get('sessionCookies')) await startSession(c, { usid: crypto.randomUUID(), type: 'guest' });
    const cookies = c.get('sessionCookies');
    if (cookies) writeCookies(c, cookies);
  };
}
