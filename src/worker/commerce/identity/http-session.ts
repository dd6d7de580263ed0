// The route files' half of the session (beside routes.ts, at the HTTP boundary): the acting shopper's
// session as a plain value, and a lifecycle step's change (session-lifecycle.ts) recorded on the request
// for the session middleware to write once the route has answered.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { applyCookieChanges, overHttps } from '../../lib/http-cookies.ts';
import { MY_STORE_COOKIE, myStoreFromCookie } from '../stores/my-store.ts';
import { type GuestObjects, openRegisteredSession } from './account-session.ts';
import type { ConsumerRow } from './consumers.ts';
import { followedBy, mintGuestSession, revokeSession, type SessionChange } from './session-lifecycle.ts';
import type { CurrentSession } from './session-state.ts';

/** Records `change` on the request: the session the rest of it sees, and the cookies to write. */
export function applySessionChange(c: Context<AppEnv>, change: SessionChange): CurrentSession | null {
  const staged = c.get('sessionCookies');
  const merged = staged ? followedBy({ session: null, cookies: staged }, change) : change;
  c.set('session', merged.session);
  c.set('sessionCookies', merged.cookies);
  return merged.session;
}

/** Records `change` when a service made one, and answers its result. */
export function withSessionChange<T>(c: Context<AppEnv>, outcome: { result: T; session?: SessionChange | undefined }): T {
  if (outcome.session) applySessionChange(c, outcome.session);
  return outcome.result;
}

/** The request's session, minting a guest one when there is none yet: for whatever needs a usid. */
export async function ensureRequestSession(c: Context<AppEnv>): Promise<CurrentSession> {
  const current = c.get('session');
  if (current) return current;
  return applySessionChange(c, await mintGuestSession(c.env)) as CurrentSession;
}

/** Signs the request's browser in as `consumer` (account-session.ts) and records the session and cookies. */
export async function signInRequest(c: Context<AppEnv>, consumer: ConsumerRow, guestObjects: GuestObjects = {}): Promise<CurrentSession> {
  const signedIn = await openRegisteredSession(
    {
      env: c.env,
      logger: c.get('logger'),
      locale: c.req.path.startsWith('/api/') ? apiLocale(c, {}) : c.get('locale'),
      secureCookies: overHttps(c),
    },
    { session: c.get('session') ?? null, myStore: myStoreFromCookie(getCookie(c, MY_STORE_COOKIE)) },
    consumer,
    guestObjects,
  );
  applyCookieChanges(c, signedIn.cookies);
  return applySessionChange(c, signedIn.session) as CurrentSession;
}

/** The address a request comes from, for counting attempts. */
export function requestAddress(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}

/** Ends the request's session (revokeSession) and records it. */
export async function endRequestSession(c: Context<AppEnv>): Promise<void> {
  applySessionChange(c, await revokeSession(c.env, c.get('session') ?? null));
}
