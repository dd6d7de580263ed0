// Locale and site of a page request: from the path prefix; a bare or unknown prefix redirects to the visitor's.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale/sites.ts';
import { splitLocalePath } from '../../shared/routes.ts';
import type { AppEnv } from '../env.ts';
import { negotiateLocale } from './locale-negotiation.ts';

export const LOCALE_COOKIE = 'locale';
const ONE_YEAR = 60 * 60 * 24 * 365;
const LOCALE_LIKE = /^\/[a-z]{2}-[a-z]{2}(?=\/|$)/i;

/** Negotiations already made in this isolate: browsers send a handful of Accept-Language strings, over and over. */
const negotiated = new Map<string, Locale>();
const NEGOTIATED_MAX = 500;

function visitorLocale(c: Context<AppEnv>): Locale {
  const cf = (c.req.raw as Request & { cf?: { country?: string } }).cf;
  const input = { cookie: getCookie(c, LOCALE_COOKIE), acceptLanguage: c.req.header('accept-language'), country: cf?.country ?? null };
  const key = `${input.cookie}|${input.country}|${input.acceptLanguage}`;
  const known = negotiated.get(key);
  if (known) return known;
  const locale = negotiateLocale(input);
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.delete(negotiated.keys().next().value as string);
  negotiated.set(key, locale);
  return locale;
}

/** Remembers a locale the shopper chose for the next bare address. */
export function rememberLocale(c: Context<AppEnv>, code: string): void {
  setCookie(c, LOCALE_COOKIE, code, { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure: c.req.url.startsWith('https:') });
}

/** Sets the locale for every request: the path's when it has one, else the visitor's (for error pages). */
export function locale(): MiddlewareHandler<AppEnv> {
  return async function localeMiddleware(c, next) {
    const { locale: fromPath } = splitLocalePath(c.req.path);
    c.set('locale', fromPath ?? visitorLocale(c));
    await next();
    // Remember the locale for the next bare URL; only when it changes, and never on a page the page cache
    // answers or keeps (pages/cache-gateway.ts): those carry no cookie. The location selector's choices go
    // through GET /{locale}/location (pages/location/route.tsx), which remembers it before the cached home.
    if (c.get('pageCache')) return;
    if (fromPath && c.req.method === 'GET' && c.res.status === 200 && getCookie(c, LOCALE_COOKIE) !== fromPath.code) {
      rememberLocale(c, fromPath.code);
    }
  };
}

/** "/cart" -> "/en-gb/cart"; "/en-au/c/x-1234" -> "/en-us/c/x-1234". Query kept; 302 because it depends on the visitor. */
export function localeRedirect(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  const target = visitorLocale(c) ?? DEFAULT_LOCALE;
  const rest = url.pathname.replace(LOCALE_LIKE, '');
  c.header('Vary', 'Accept-Language, Cookie');
  c.header('Cache-Control', 'private, no-store');
  return c.redirect(`/${target.code}${rest === '/' ? '' : rest}${url.search}`, 302);
}
