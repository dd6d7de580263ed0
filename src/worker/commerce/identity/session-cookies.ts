// The cookies a session change writes, as values: the HttpOnly session token and refresh token, and the
// hint islands read (signed in or not, the first name the header shows, a connected associate).

import { parseSessionHint, REFRESH_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE, type SessionClaims, sessionHintText } from '../../../shared/api/session.ts';
import { CART_COUNT_COOKIE } from '../../../shared/commerce/cart-count.ts';
import type { CookieChange } from '../../lib/cookie-change.ts';
import { STORE_COOKIE } from '../../lib/store-cookies.ts';
import { REFRESH_SECONDS } from './refresh-tokens.ts';
import type { SessionCookies } from './session-state.ts';
import { SESSION_SECONDS } from './session-token.ts';

/**
 * The names before the __Host- prefix: a refresh token kept under its old name still renews its session
 * (nobody is signed out, nor loses a guest basket, by the rename), and the old cookies go once the new ones
 * are written. REFRESH_SECONDS after the rename nobody holds one any more, and this can go.
 */
export const UNPREFIXED = { refresh: 'cairn_refresh', hint: 'cairn_hint', all: ['cairn_session', 'cairn_refresh', 'cairn_hint', 'cairn_cart'] } as const;

/** The session cookies a request carries, as the lifecycle reads them. */
export interface PresentedCookies {
  token: string | undefined;
  refreshToken: string | undefined;
  /** The hint the browser shows now (its first name carries on through a renewal). */
  hint: string | undefined;
  /** Which cookies of the unprefixed names the browser still holds. */
  unprefixed: readonly string[];
}

/** Reads the presented cookies through `read` (the HTTP layer's cookie getter). */
export function presentedCookies(read: (name: string) => string | undefined): PresentedCookies {
  return {
    token: read(SESSION_COOKIE),
    refreshToken: read(REFRESH_COOKIE) ?? read(UNPREFIXED.refresh),
    hint: read(SESSION_HINT_COOKIE) ?? read(UNPREFIXED.hint),
    unprefixed: UNPREFIXED.all.filter((name) => read(name) !== undefined),
  };
}

/** The cookie changes that write `cookies` for a request that now holds `claims`. */
export function sessionCookieChanges(cookies: SessionCookies, claims: SessionClaims | undefined, presented: PresentedCookies): CookieChange[] {
  const changes: CookieChange[] = presented.unprefixed.map((name) => ({ name, remove: true, options: { path: '/', secure: true } }));
  if ('clear' in cookies) {
    // The basket was the signed-out shopper's: the header counts nothing until the next guest adds.
    for (const name of [SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE, CART_COUNT_COOKIE]) changes.push({ name, remove: true, options: STORE_COOKIE });
    return changes;
  }
  const { token, refresh, firstName } = cookies.set;
  changes.push({ name: SESSION_COOKIE, value: token, options: { ...STORE_COOKIE, httpOnly: true, maxAge: SESSION_SECONDS } });
  if (refresh) changes.push({ name: REFRESH_COOKIE, value: refresh.token, options: { ...STORE_COOKIE, httpOnly: true, maxAge: REFRESH_SECONDS } });
  const signedIn = claims?.type === 'registered';
  // A renewal does not read the profile: the name the browser already shows carries on.
  const name = signedIn ? (firstName ?? parseSessionHint(presented.hint).firstName) : undefined;
  const store = claims?.buyInStore;
  const associate = store?.storeId && store.storeEmployeeId ? { storeName: store.storeName, employeeName: store.storeEmployeeName } : undefined;
  const hint = sessionHintText({ signedIn, ...(name ? { firstName: name } : {}), ...(associate ? { associate } : {}) });
  changes.push({ name: SESSION_HINT_COOKIE, value: hint, options: { ...STORE_COOKIE, maxAge: REFRESH_SECONDS } });
  return changes;
}
