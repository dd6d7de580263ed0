// Search results view: the query, filters and products; helpful links when nothing matched.

import type { Block } from '../../../shared/content/blocks.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import type { Listing } from '../../commerce/catalog/listing.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { ListingView } from '../components/ListingView.tsx';
import { usePage } from '../page-context.tsx';

const SORTS = ['relevance', 'featured', 'price-asc', 'price-desc', 'newest'];

export interface SearchPageProps {
  q: string;
  tooLong: boolean;
  listing: Listing | null;
  params: URLSearchParams;
  /** The search slot: under the results, or in place of the built-in way on when nothing matched. */
  espot: Block[];
  index: CatalogIndex;
}

export function SearchPage({ q, tooLong, listing, params, espot, index }: SearchPageProps) {
  const { t, nav } = usePage();
  const slot =
    espot.length > 0 ? (
      <div className="espot espot--search">
        <ContentBlocks items={espot} index={index} search="" />
      </div>
    ) : null;
  const filtered = ['size', 'color', 'price', 'badge'].some((f) => params.has(f));
  return (
    <div className="page page--listing page--search">
      <header className="listing-header">
        <h1 className="listing-header__title">{q ? t('search.resultsFor', { q }) : t('search.empty')}</h1>
        {listing ? <p className="listing-header__count">{t('listing.results', { count: listing.total })}</p> : null}
        {tooLong ? <p className="notice notice--info">{t('search.tooLong')}</p> : null}
      </header>
      {listing && (listing.total > 0 || filtered) ? (
        <>
          <ListingView listing={listing} params={params} sorts={SORTS} keep={{ q }} />
          {slot}
        </>
      ) : (
        <div className="search-empty">
          {q ? (
            <>
              <p className="search-empty__title">{t('search.noResults', { q })}</p>
              {slot ? null : <p>{t('search.noResultsHint')}</p>}
            </>
          ) : null}
          {slot ?? (
            <ul className="subcategories">
              {nav.map((root) => (
                <li key={root.id}>
                  <a className="subcategories__link" href={root.url}>
                    {root.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
