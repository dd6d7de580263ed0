// Pages served, counted by page type (README, Business events): every page the worker answers with 200,
// rendered or from the edge page cache, is one page_served event, written after the answer; the page's HTML
// is not touched, so a cached copy stays the same for everyone. With targeting consent the experiment arms
// the page showed the visitor are kept in their arms cookie, and an arm seen for the first time is counted as
// that arm's exposure (variant_step "exposed"): the denominator of conversion per variant.

import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { LOCALES } from '../../shared/locale/sites.ts';
import { visitorContext } from '../content/request.ts';
import type { AppEnv } from '../env.ts';
import { type BusinessEvent, businessEventsFor, recordEvents } from '../observe/business-events.ts';
import { ARMS_COOKIE, ARMS_MAX_AGE, armsShown, mergeArms, parseArms, serializeArms } from '../observe/experiment-arms.ts';

const LOCALE_PAGE = new RegExp(`^/(${LOCALES.map((l) => l.code).join('|')})(/.*)?$`);

/** Page types by the path after the locale, first match wins; the names are the page state's where it has one (decision-events.ts). */
const PAGE_TYPES: [RegExp, string][] = [
  [/^$/, 'home'],
  [/^\/c\//, 'category listing'],
  [/^\/p\/[^/]+$/, 'product detail'],
  [/^\/p\//, 'product form'],
  [/^\/search(hub)?$/, 'search'],
  [/^\/cart$/, 'cart'],
  [/^\/checkout(\/|$)/, 'checkout'],
  [/^\/order-confirmation$/, 'order confirmation'],
  [/^\/(account|favorites|forgot-password|loyalty)(\/|$)/, 'account'],
  [/^\/stores(\/|$)/, 'store locator'],
  [/^\/help\//, 'help'],
];

export function pageTypeOf(path: string): string | null {
  const rest = LOCALE_PAGE.exec(path)?.[2] ?? (LOCALE_PAGE.test(path) ? '' : null);
  if (rest === null) return null;
  return PAGE_TYPES.find(([pattern]) => pattern.test(rest))?.[1] ?? 'content';
}

/** A shopper's page: a GET answered 200 with HTML (not an account fragment the sign-in dialog fetches), outside a marketer's preview. */
function counted(c: Context<AppEnv>): string | null {
  if (c.req.method !== 'GET' || c.res.status !== 200 || !c.res.headers.get('content-type')?.startsWith('text/html')) return null;
  if (c.get('preview')?.active || c.req.path.includes('/account/espot/')) return null;
  return pageTypeOf(c.req.path);
}

/** The arms this page showed that the visitor's cookie did not hold yet, the cookie brought up to date (or gone without consent). */
function newArms(c: Context<AppEnv>): { experience: string; variant: string }[] {
  const stored = getCookie(c, ARMS_COOKIE);
  if (!c.get('consent').targeting) {
    if (stored) deleteCookie(c, ARMS_COOKIE, { path: '/', secure: c.req.url.startsWith('https:') });
    return [];
  }
  const known = parseArms(stored);
  // The same visitor the page was personalised for (segments included), so the arms are the branches it showed.
  const visitor = visitorContext({
    testContext: c.get('testContext'),
    visitorId: c.get('visitorId'),
    targeting: true,
    claims: c.get('session')?.claims,
    cookies: c.req.header('cookie'),
  });
  const shown = armsShown(c.get('decisions').decisions(), visitor);
  const fresh = shown.filter((arm) => !known.some((k) => k.experience === arm.experience && k.variant === arm.variant));
  if (fresh.length > 0) {
    const secure = c.req.url.startsWith('https:');
    setCookie(c, ARMS_COOKIE, serializeArms(mergeArms(known, shown)), { path: '/', maxAge: ARMS_MAX_AGE, sameSite: 'Lax', secure, httpOnly: true });
  }
  return fresh;
}

export function pageViews(): MiddlewareHandler<AppEnv> {
  return async function pageViewsMiddleware(c, next) {
    await next();
    const pageType = counted(c);
    if (!pageType) return;
    const where = { siteId: c.get('locale').site.id, locale: c.get('locale').code };
    const events: BusinessEvent[] = [
      { ...where, name: 'page_served', details: [pageType] },
      ...newArms(c).map((arm): BusinessEvent => ({ ...where, name: 'variant_step', details: [arm.experience, arm.variant, 'exposed'] })),
    ];
    recordEvents(businessEventsFor(c.env), events, c.get('logger'), (promise) => c.executionCtx.waitUntil(promise));
  };
}
