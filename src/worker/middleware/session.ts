// The session's HTTP adapter (ARCHITECTURE.md, Sessions and identity): reads the session cookies, has
// identity verify them (commerce/identity/session-lifecycle.ts), and writes the cookie changes the route
// and the lifecycle answered. A short-lived signed token in an HttpOnly cookie, renewed from an opaque
// refresh token that rotates on every use, and a small hint cookie for islands. A guest session is minted
// only when something needs one, so an anonymous page carries no Set-Cookie. A bad session cookie
// (tampered, expired, malformed, revoked) gives a fresh guest session, never an error. Cookies are written
// after the route has answered, and never on a response a shared cache may keep: renewing, which uses up the
// refresh token, waits for the answer too, so an answer that cannot carry the successor leaves the token as
// it was.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { applySessionChange, ensureRequestSession } from '../commerce/identity/http-session.ts';
import { presentedCookies, sessionCookieChanges } from '../commerce/identity/session-cookies.ts';
import { mintGuestSession, renewSession, verifyPresentedSession } from '../commerce/identity/session-lifecycle.ts';
import type { CurrentSession } from '../commerce/identity/session-state.ts';
import type { AppEnv } from '../env.ts';
import { applyCookieChanges } from '../lib/http-cookies.ts';
import { servedFromPageCache } from '../page-cache/status.ts';

/** The session, minting a guest one when there is none yet. Kept for pages/cart and pages/checkout: ensureRequestSession. */
export function ensureSession(c: Context<AppEnv>): Promise<CurrentSession> {
  return ensureRequestSession(c);
}

/** A response a shared cache may keep, or one the page cache answered: no cookie may ride on it. */
function isPublic(response: Response): boolean {
  return /\bpublic\b/.test(response.headers.get('cache-control') ?? '') || servedFromPageCache(response);
}

export function session(): MiddlewareHandler<AppEnv> {
  return async function sessionMiddleware(c, next) {
    const presented = presentedCookies((name) => getCookie(c, name));
    const found = await verifyPresentedSession(c.env, {
      token: presented.token,
      refreshToken: presented.refreshToken,
      change: c.req.method !== 'GET' && c.req.method !== 'HEAD',
    });
    if (found.ended) c.get('logger').info('session.ended_token', found.ended);
    if (found.refused) c.get('logger').warn('session.refused', { reason: found.refused });
    c.set('session', found.session);
    await next();
    if (isPublic(c.res)) {
      if (c.get('sessionCookies')) c.get('logger').error('session.cookie_on_public_response', { path: c.req.path });
      return;
    }
    if (found.renewing && presented.refreshToken) {
      const renewed = await renewSession(c.env, {
        session: c.get('session') ?? null,
        staged: c.get('sessionCookies'),
        refreshToken: presented.refreshToken,
        familyId: found.renewing,
      });
      if (renewed) c.set('sessionCookies', renewed);
    }
    // The visitor had a session we cannot honour: a fresh guest one replaces its cookies, never an error page.
    else if (found.unusable && !c.get('sessionCookies')) applySessionChange(c, await mintGuestSession(c.env));
    const cookies = c.get('sessionCookies');
    if (cookies) applyCookieChanges(c, sessionCookieChanges(cookies, c.get('session')?.claims, presented));
  };
}
