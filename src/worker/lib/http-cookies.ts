// The HTTP side of lib/cookie-change.ts: writes the cookie changes a service answers. For route files and middleware only.

import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { CookieChange } from './cookie-change.ts';

export function applyCookieChanges(c: Context, changes: readonly CookieChange[]): void {
  for (const change of changes) {
    if ('remove' in change) deleteCookie(c, change.name, change.options);
    else setCookie(c, change.name, change.value, change.options);
  }
}

/** Whether the request came over https: cookies that follow the request's scheme are Secure then. */
export function overHttps(c: Context): boolean {
  return c.req.url.startsWith('https:');
}
