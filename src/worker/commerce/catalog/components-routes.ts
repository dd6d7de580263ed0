// The remaining internal components (account-content §7 Internal; the store services issue, §4) that the
// catalog answers: the category collections, the search hub and the utility links, each as JSON in the
// reader's language. The footer and published pages are content's (content/published-routes.ts).

import { Hono } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { LocaleQuery } from '../../../shared/schema/catalog.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { envelope } from '../../lib/respond.ts';
import { storePaths } from '../../lib/store-paths.ts';
import { valid } from '../../lib/validate.ts';
import { type CatalogIndex, catalogIndex } from './catalog-index.ts';
import { categoryResource } from './resources.ts';
import { popularSearches } from './search-terms.ts';

/** The search hub's content: the most searched terms of the language and the top categories. */
export async function searchHub(db: D1Database, index: CatalogIndex, locale: Locale) {
  const popular = await popularSearches(db, locale.lang, 10);
  return {
    popularSearches: popular.map((term) => ({ term, url: paths.search(locale.code, term) })),
    categories: index.roots.map((root) => categoryResource(root, locale)),
  };
}

/** Where shoppers go for help from any page: the links of the utility bar. */
export function utilityLinks(locale: Locale) {
  const t = translator(locale.lang, locale.tag);
  return [
    { id: 'stores', label: t('header.stores'), url: storePaths.stores(locale.code) },
    { id: 'help', label: t('utility.help'), url: `/${locale.code}/help` },
    { id: 'contact', label: t('contact.title'), url: `/${locale.code}/help/contact-us` },
    { id: 'track-order', label: t('utility.trackOrder'), url: `/${locale.code}/help/track-order` },
    { id: 'size-guide', label: t('sizeGuide.pageTitle'), url: `/${locale.code}/size-guide` },
    { id: 'location', label: t('utility.location'), url: `/${locale.code}/location-selector` },
  ];
}

export const componentRoutes = new Hono<AppEnv>()
  .get('/fapi/components/collections', valid('query', LocaleQuery), async (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    const index = await catalogIndex(c.env.DB, c.get('logger'));
    return c.json(envelope(c, { locale: locale.code, collections: index.roots.map((root) => categoryResource(root, locale)) }));
  })
  .get('/fapi/components/search-hub', valid('query', LocaleQuery), async (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    const hub = await searchHub(c.env.DB, await catalogIndex(c.env.DB, c.get('logger')), locale);
    return c.json(envelope(c, { locale: locale.code, ...hub }));
  })
  .get('/fapi/components/utility', valid('query', LocaleQuery), (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    return c.json(envelope(c, { locale: locale.code, links: utilityLinks(locale) }));
  });
