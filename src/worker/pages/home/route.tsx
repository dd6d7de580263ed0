// Home page: the content page `home` when marketers published one, else built from catalog data.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { LOCALES } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { buildListing, type ListingRow, type Sort } from '../../commerce/catalog/listing.ts';
import { listingRowsForRail, type Rail, runReads } from '../../commerce/catalog/listing-query.ts';
import { today } from '../../commerce/catalog/service.ts';
import { mediaUrlResolver } from '../../content/media.ts';
import type { AppEnv } from '../../env.ts';
import { catalogTags } from '../../page-cache/request.ts';
import { CmsPage } from '../cms/CmsPage.tsx';
import { loadCmsPage } from '../cms/load.ts';
import { DeferredError } from '../errors/DeferredError.tsx';
import { alternates } from '../listing-params.ts';
import { streamPage } from '../render.tsx';
import { HomePage, type HomeRail } from './HomePage.tsx';

const RAIL_SIZE = 8;
const RAILS: { rail: Rail; sort: Sort }[] = [
  { rail: 'newest', sort: 'newest' },
  { rail: 'bestsellers', sort: 'featured' },
  { rail: 'sale', sort: 'featured' },
];

export async function homeRoute(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const index = await catalogIndex(c.env.DB, c.get('logger'));
  // The home page marketers publish; without it (none yet, or the content service down with nothing
  // cached) the page still renders, built from the catalog.
  const cms = await loadCmsPage(c, 'home');
  // Product cards (rails, or the products content embeds) show prices and stock.
  c.get('pageCache')?.cacheAs(catalogTags.listings(locale.site.id));
  if (cms) {
    const { metadata } = cms.page;
    return streamPage(c, {
      meta: {
        title: metadata.htmlTitle ?? t('home.title'),
        description: metadata.htmlDescription ?? t('home.description'),
        pageType: 'Home',
        styles: [],
        canonical: paths.home(locale.code),
        alternates: alternates(LOCALES, ''),
        ...(metadata.robots ? { robots: metadata.robots } : {}),
        ...(metadata.ogImage ? { ogImage: mediaUrlResolver(index)(metadata.ogImage) } : {}),
      },
      body: <CmsPage page={cms.page} index={index} search={new URL(c.req.url).search} />,
      fallback: () => <DeferredError />,
      impressions: cms.impressions,
    });
  }
  // The three rails in one round trip to D1.
  const body = runReads<ListingRow[][]>(
    c.env.DB,
    RAILS.map(({ rail }) => listingRowsForRail(c.env.DB, locale.site, locale.lang, rail, RAIL_SIZE)),
  ).then((rows) => {
    const rails = RAILS.map(({ rail, sort }, i): HomeRail => {
      const listing = buildListing(
        rows[i] ?? [],
        { size: [], color: [], price: [], badge: [], sort, page: 1 },
        { currency: locale.site.currency, today: today(), pageSize: RAIL_SIZE },
      );
      return { rail, cards: listing.cards };
    });
    return <HomePage rails={rails} roots={index.roots} />;
  });
  const hero = `${assets.bannerBase}/hero.svg`;
  return streamPage(c, {
    meta: {
      title: t('home.title'),
      description: t('home.description'),
      pageType: 'Home',
      styles: ['home'],
      canonical: paths.home(locale.code),
      alternates: alternates(LOCALES, ''),
      ogImage: hero,
      preloadImage: hero,
    },
    body,
    fallback: () => <DeferredError />,
  });
}
