// The locale of an API call: ?locale, else the x-locale header, else the site's default, else en-us.

import { DEFAULT_LOCALE, findLocale, type Locale, SITES, type SiteId } from '../../shared/sites.ts';

export function apiLocale(query: { locale?: string | undefined; siteId?: SiteId | undefined }, headers: Headers): Locale {
  const explicit = findLocale(query.locale) ?? findLocale(headers.get('x-locale'));
  if (explicit) return explicit;
  const siteId = query.siteId ?? (headers.get('x-site-id')?.toUpperCase() as SiteId | undefined);
  const site = siteId && Object.hasOwn(SITES, siteId) ? SITES[siteId] : undefined;
  return findLocale(site?.locales[0]) ?? DEFAULT_LOCALE;
}
