// Category listing page: canonical URL check, then the shell streams while the listing loads.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { LOCALES } from '../../../shared/locale/sites.ts';
import { parseCategorySegment, paths } from '../../../shared/routes.ts';
import { catalogIndex, categoryName, categoryPath } from '../../commerce/catalog/catalog-index.ts';
import { categoryListing } from '../../commerce/catalog/service.ts';
import type { AppEnv } from '../../env.ts';
import { catalogTags } from '../../page-cache/request.ts';
import { listingSlot, loadEspot } from '../cms/espot.ts';
import { DeferredError } from '../errors/DeferredError.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { alternates, listingInput } from '../listing-params.ts';
import { streamPage } from '../render.tsx';
import { CategoryPage } from './CategoryPage.tsx';

export async function categoryRoute(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const parsed = parseCategorySegment(c.req.param('segment') ?? '');
  const index = await catalogIndex(c.env.DB, c.get('logger'));
  const node = parsed ? index.categories.get(parsed.id) : undefined;
  if (!parsed || !node) return notFoundPage(c);
  const url = new URL(c.req.url);
  const canonical = paths.category(locale.code, node.slug, node.id);
  if (parsed.alternate || parsed.slug !== node.slug) return c.redirect(`${canonical}${url.search}`, 301);

  const input = listingInput(url.searchParams);
  const t = translator(locale.lang, locale.tag);
  const trail = categoryPath(index, node.id);
  const title = trail
    .map((n) => categoryName(n, locale.lang))
    .reverse()
    .join(' – ');
  // Prices and stock show on every card: a change to any product of the site purges its listings.
  c.get('pageCache')?.cacheAs(catalogTags.category(node.id), catalogTags.listings(locale.site.id));
  const slot = listingSlot(node.slug, input.badge ?? []);
  const body = Promise.all([categoryListing(c.env.DB, index, locale, node.id, input), loadEspot(c, slot)]).then(([listing, items]) => {
    if (!listing) {
      c.get('pageCache')?.spoil();
      return <DeferredError />;
    }
    return <CategoryPage node={node} trail={trail} listing={listing} params={url.searchParams} espot={{ slot, items }} index={index} />;
  });
  return streamPage(c, {
    meta: {
      title: t('listing.title', { name: title }),
      description: t('listing.description', { name: title }),
      pageType: 'category listing',
      styles: ['listing'],
      canonical: input.page && input.page > 1 ? `${canonical}?page=${input.page}` : canonical,
      alternates: alternates(LOCALES, `/c/${node.slug}-${node.id}`),
      ...(url.search ? { robots: 'noindex, follow' } : {}),
    },
    body,
    fallback: () => <DeferredError />,
  });
}
