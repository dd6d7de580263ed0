// Consent and the visitor id for personalisation. The visitor id cookie exists only with
// targeting consent: without it none is set, and one left from an earlier choice is removed.

import type { MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { CONSENT_COOKIE, consentFor, parseConsentCookie } from '../../shared/personalisation/consent.ts';
import { DecisionRecord } from '../../shared/personalisation/decisions.ts';
import { parseTestContext } from '../../shared/personalisation/personalisation.ts';
import type { AppEnv } from '../env.ts';
import { servedFromPageCache } from '../page-cache/status.ts';

export const VISITOR_COOKIE = 'optimizelyUserId';
const ONE_YEAR = 60 * 60 * 24 * 365;

/** How the visitor id is kept: a year, this site only, out of scripts' reach. */
export function visitorCookieOptions(secure: boolean): CookieOptions {
  return { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure, httpOnly: true };
}
const VISITOR_ID = /^[A-Za-z0-9-]{8,64}$/;

export function consent(): MiddlewareHandler<AppEnv> {
  return async function consentMiddleware(c, next) {
    const url = new URL(c.req.url);
    const preview = c.get('preview');
    const given = consentFor(c.get('locale').site.region, parseConsentCookie(getCookie(c, CONSENT_COOKIE)), preview.active);
    const stored = getCookie(c, VISITOR_COOKIE);
    const existing = stored && VISITOR_ID.test(stored) ? stored : null;
    const visitorId = given.targeting ? (existing ?? crypto.randomUUID()) : null;
    c.set('consent', given);
    c.set('visitorId', visitorId);
    c.set('testContext', parseTestContext(url.searchParams.get('p13n_testcontext')));
    c.set('decisions', new DecisionRecord());
    await next();
    // Only pages set or clear the cookie: API answers stay free of Set-Cookie, and a page the cache answered
    // carries only what the gateway gave it (pages/cache-gateway.ts).
    if (!c.res.headers.get('content-type')?.startsWith('text/html') || servedFromPageCache(c.res)) return;
    const secure = c.req.url.startsWith('https:');
    if (visitorId && visitorId !== existing && !preview.active) {
      setCookie(c, VISITOR_COOKIE, visitorId, visitorCookieOptions(secure));
    } else if (!given.targeting && stored) {
      deleteCookie(c, VISITOR_COOKIE, { path: '/', secure });
    }
  };
}
