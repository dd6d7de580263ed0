// Search results page: FTS5-ranked styles with the same filters and sorts as a category.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { SEARCH_MAX_LENGTH } from '../../../shared/schema/catalog.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { countableTerm, countSearchAfterAnswer } from '../../commerce/catalog/search-terms.ts';
import { searchListing } from '../../commerce/catalog/service.ts';
import type { AppEnv } from '../../env.ts';
import { catalogTags } from '../../page-cache/request.ts';
import { bodyKey } from '../body-memo.ts';
import { loadEspot } from '../cms/espot.ts';
import { DeferredError } from '../errors/DeferredError.tsx';
import { listingInput } from '../listing-params.ts';
import { streamPage } from '../render.tsx';
import { SearchPage } from './SearchPage.tsx';

export async function searchRoute(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const url = new URL(c.req.url);
  const raw = (url.searchParams.get('q') ?? '').trim();
  const q = raw.slice(0, SEARCH_MAX_LENGTH);
  const t = translator(locale.lang, locale.tag);
  const input = listingInput(url.searchParams, true);
  // The same for every shopper; a price or stock change purges every listing and search of the site.
  const pageCache = c.get('pageCache');
  pageCache?.cacheAs(catalogTags.listings(locale.site.id));
  const espot = loadEspot(c, 'search');
  const index = await catalogIndex(c.env.DB, c.get('logger'));
  const body = q
    ? Promise.all([searchListing(c.env.DB, locale, q, input), espot]).then(async ([listing, espot]) => {
        // A search that found products counts towards the search hub's popular searches, after the answer.
        const term = listing.total > 0 && input.page === 1 ? countableTerm(q) : null;
        if (term) countSearchAfterAnswer(c.env.DB, c.executionCtx, c.get('logger'), locale.lang, term);
        if (term && pageCache) pageCache.countedSearch = { lang: locale.lang, term };
        const node = <SearchPage q={q} tooLong={raw.length > q.length} listing={listing} params={url.searchParams} espot={espot} index={index} />;
        // Results are the same for everyone who asks the same: rendered again only when they change. (Without
        // results the page lists the category navigation, cheap to render and not in these inputs.)
        if (listing.total === 0) return node;
        const memoKey = await bodyKey({ page: 'search', q, tooLong: raw.length > q.length, listing, espot, path: `${url.pathname}${url.search}` });
        return { memoKey, node };
      })
    : espot.then((blocks) => <SearchPage q="" tooLong={false} listing={null} params={url.searchParams} espot={blocks} index={index} />);
  return streamPage(c, {
    meta: {
      title: `${q ? t('search.resultsFor', { q }) : t('search.title')} | ${t('brand.name')}`,
      description: t('home.description'),
      pageType: 'search',
      styles: ['listing'],
      robots: 'noindex, follow',
    },
    body,
    fallback: () => <DeferredError />,
    searchQuery: q,
  });
}
