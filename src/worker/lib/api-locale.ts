// The locale of an API call: ?locale, else the x-locale header, else the site's default, else en-us.
// An answer chosen by a header says so in Vary, so no shared cache serves it in the wrong language. The
// choice itself is resolveApiLocale, from values; apiLocale is the route files' side, over the request.

import type { Context } from 'hono';
import { DEFAULT_LOCALE, findLocale, type Locale, SITES, type SiteId } from '../../shared/locale/sites.ts';
import type { AppEnv } from '../env.ts';

const LOCALE_HEADERS = ['x-locale', 'x-site-id'] as const;

type LocaleQuery = { locale?: string | undefined; siteId?: SiteId | undefined };

export function apiLocale(c: Context<AppEnv>, query: LocaleQuery): Locale {
  const fromHeaders = !query.locale && !query.siteId;
  const known = c.get('apiLocale');
  // Several layers of one call ask (the route, then the answer): resolved and said in Vary once.
  if (fromHeaders && known) return known;
  if (!known) c.header('Vary', LOCALE_HEADERS.join(', '), { append: true });
  const locale = resolveApiLocale(c.req.raw.headers, query);
  if (fromHeaders) c.set('apiLocale', locale);
  return locale;
}

/** The locale the query names, else the headers, else the site's first, else the default. */
export function resolveApiLocale(headers: Pick<Headers, 'get'>, query: LocaleQuery): Locale {
  const explicit = findLocale(query.locale) ?? findLocale(headers.get('x-locale'));
  if (explicit) return explicit;
  const siteId = query.siteId ?? (headers.get('x-site-id')?.toUpperCase() as SiteId | undefined);
  const site = siteId && Object.hasOwn(SITES, siteId) ? SITES[siteId] : undefined;
  return findLocale(site?.locales[0]) ?? DEFAULT_LOCALE;
}
