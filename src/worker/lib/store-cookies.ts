// The attributes of the store's own cookies (the session, its refresh token, the hint islands read and the
// header's cart count), whose names carry the __Host- prefix: a browser keeps such a cookie only when it is
// Secure, with Path=/ and no Domain, so neither a sibling subdomain nor a plain-http answer can plant or
// shadow one. Secure whatever the request's URL says, since behind a proxy the worker may see http; locally,
// Chromium keeps Secure cookies from http://localhost and http://127.0.0.1 (what the e2e runs use).

import type { CookieOptions } from 'hono/utils/cookie';
import { CART_COUNT_COOKIE } from '../../shared/commerce/cart-count.ts';
import type { CookieChange } from './cookie-change.ts';

export const STORE_COOKIE = { path: '/', secure: true, sameSite: 'Lax' } as const satisfies CookieOptions;

/** The header's count on every tab and page, cached pages included: a number, nothing that names anyone. */
export function cartCountCookie(count: number): CookieChange {
  return { name: CART_COUNT_COOKIE, value: String(count), options: { ...STORE_COOKIE, maxAge: 30 * 24 * 60 * 60 } };
}
