// Category listing view: breadcrumbs, title with count, sub-categories, then filters and products.

import type { Block, EspotSlot } from '../../../shared/content/blocks.ts';
import { paths } from '../../../shared/routes.ts';
import { type CatalogIndex, type CategoryNode, categoryName } from '../../commerce/catalog/catalog-index.ts';
import type { Listing } from '../../commerce/catalog/listing.ts';
import { ContentPlaceProvider } from '../../content/blocks/place.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { ListingView } from '../components/ListingView.tsx';
import { usePage } from '../page-context.tsx';

const SORTS = ['featured', 'price-asc', 'price-desc', 'newest'];

export interface CategoryPageProps {
  /** The listing's espot (listingSlot: category, gift-card or promotions) and its blocks, shown above the products. */
  espot: { slot: EspotSlot; items: Block[] };
  index: CatalogIndex;
  node: CategoryNode;
  trail: CategoryNode[];
  listing: Listing;
  params: URLSearchParams;
}

export function CategoryPage({ node, trail, listing, params, espot, index }: CategoryPageProps) {
  const { t, locale } = usePage();
  const name = categoryName(node, locale.lang);
  const crumbs = trail.map((n) => ({ name: categoryName(n, locale.lang), url: paths.category(locale.code, n.slug, n.id) }));
  return (
    <ContentPlaceProvider value={{ skus: [], categoryIds: trail.map((n) => String(n.id)) }}>
      <div className="page page--listing">
        <Breadcrumbs trail={crumbs} />
        <header className="listing-header">
          {trail.length > 1 ? <p className="listing-header__eyebrow">{categoryName(trail[0] as CategoryNode, locale.lang)}</p> : null}
          <h1 className="listing-header__title">{name}</h1>
          <p className="listing-header__count">{t('listing.results', { count: listing.total })}</p>
        </header>
        {node.children.length > 0 ? (
          <ul className="subcategories">
            {node.children.map((child) => (
              <li key={child.id}>
                <a className="subcategories__link" href={paths.category(locale.code, child.slug, child.id)}>
                  {categoryName(child, locale.lang)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {espot.items.length > 0 ? (
          <div className={`espot espot--${espot.slot}`}>
            <ContentBlocks items={espot.items} index={index} search={params.size ? `?${params}` : ''} />
          </div>
        ) : null}
        <ListingView listing={listing} params={params} sorts={SORTS} />
      </div>
    </ContentPlaceProvider>
  );
}
