// Search results view: the query, filters and products; helpful links when nothing matched.

import type { Listing } from '../../commerce/catalog/listing.ts';
import { ListingView } from '../components/ListingView.tsx';
import { usePage } from '../page-context.tsx';

const SORTS = ['relevance', 'featured', 'price-asc', 'price-desc', 'newest'];

export interface SearchPageProps {
  q: string;
  tooLong: boolean;
  listing: Listing | null;
  params: URLSearchParams;
}

export function SearchPage({ q, tooLong, listing, params }: SearchPageProps) {
  const { t, nav } = usePage();
  const filtered = ['size', 'color', 'price', 'badge'].some((f) => params.has(f));
  return (
    <div className="page page--listing page--search">
      <header className="listing-header">
        <h1 className="listing-header__title">{q ? t('search.resultsFor', { q }) : t('search.empty')}</h1>
        {listing ? <p className="listing-header__count">{t('listing.results', { count: listing.total })}</p> : null}
        {tooLong ? <p className="notice notice--info">{t('search.tooLong')}</p> : null}
      </header>
      {listing && (listing.total > 0 || filtered) ? (
        <ListingView listing={listing} params={params} sorts={SORTS} keep={{ q }} />
      ) : (
        <div className="search-empty">
          {q ? (
            <>
              <p className="search-empty__title">{t('search.noResults', { q })}</p>
              <p>{t('search.noResultsHint')}</p>
            </>
          ) : null}
          <ul className="subcategories">
            {nav.map((root) => (
              <li key={root.id}>
                <a className="subcategories__link" href={root.url}>
                  {root.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
