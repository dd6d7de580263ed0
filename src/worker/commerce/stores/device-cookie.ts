// The store device's registration as the browser keeps it: an HttpOnly cookie holding the device's id and
// secret, sent only to this site's own requests. It outlives sessions: clearing a store session or a
// shopper signing out leaves the device registered.

import type { CookieChange } from '../../lib/cookie-change.ts';

export const STORE_DEVICE_COOKIE = 'cairn_store_device';
/** As long as a browser keeps a cookie (400 days); an operator revokes a device sooner. */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/** The cookie registering this browser as a store device; Secure when the request came over https. */
export function deviceCookie(value: string, secure: boolean): CookieChange {
  return { name: STORE_DEVICE_COOKIE, value, options: { path: '/', httpOnly: true, secure, sameSite: 'Strict', maxAge: DEVICE_COOKIE_SECONDS } };
}
