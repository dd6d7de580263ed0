// Filters, active filter chips, product grid and pagination: shared by category and search pages.

import ListingFilters from '../../../client/islands/listing-filters/ListingFilters.tsx';
import { formatMoney } from '../../../shared/commerce/money.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { pickMessages } from '../../../shared/i18n/translate.ts';
import { type Listing, PRICE_BUCKETS } from '../../commerce/catalog/listing.ts';
import { COMPARE_MAX } from '../../commerce/catalog/tools.ts';
import { Island } from '../islands.tsx';
import { usePage } from '../page-context.tsx';
import { Pagination, pageHref } from './Pagination.tsx';
import { ProductGrid } from './ProductGrid.tsx';

const FILTER_MESSAGES: MessageKey[] = [
  'listing.sort',
  'listing.sort.featured',
  'listing.sort.price-asc',
  'listing.sort.price-desc',
  'listing.sort.newest',
  'listing.sort.relevance',
  'listing.filters',
  'listing.apply',
  'listing.clearAll',
  'listing.facet.size',
  'listing.facet.color',
  'listing.facet.price',
  'listing.facet.badge',
  'price.range',
  ...(['black', 'white', 'grey', 'brown', 'tan', 'beige', 'green', 'blue', 'red', 'pink', 'yellow', 'orange', 'purple', 'multi'] as const).map(
    (c) => `colour.${c}` as MessageKey,
  ),
  ...(['new', 'bestseller', 'sustainable', 'online-exclusive', 'limited', 'sale'] as const).map((b) => `badge.${b}` as MessageKey),
];

export interface ListingViewProps {
  listing: Listing;
  params: URLSearchParams;
  sorts: string[];
  /** Query fields the filter form must carry, like the search term. */
  keep?: Record<string, string>;
}

export function ListingView({ listing, params, sorts, keep = {} }: ListingViewProps) {
  const { t, locale, pathname } = usePage();
  const buckets = PRICE_BUCKETS.map((b) => ({ id: b.id, min: b.min, max: Number.isFinite(b.max) ? b.max : null }));
  const chips = listing.facets.flatMap((f) => f.values.filter((v) => v.selected).map((v) => ({ facet: f.id, value: v.value })));
  const chipLabel = (facet: string, value: string): string => {
    if (facet === 'color') return t(`colour.${value}` as MessageKey);
    if (facet === 'badge') return t(`badge.${value}` as MessageKey);
    if (facet === 'price') {
      const b = buckets.find((x) => x.id === value);
      const money = (n: number) => formatMoney(n * 100, locale.site.currency, locale.tag);
      return b ? (b.max === null ? `${money(b.min)}+` : t('price.range', { low: money(b.min), high: money(b.max) })) : value;
    }
    return `${t('listing.facet.size')} ${value}`;
  };
  const without = (facet: string, value: string) => {
    const next = new URLSearchParams(params);
    const kept = next.getAll(facet).filter((v) => v !== value);
    next.delete(facet);
    for (const v of kept) next.append(facet, v);
    return pageHref(pathname, next, 1);
  };
  return (
    <div className="listing">
      <aside className="listing__filters">
        <Island
          name="listing-filters"
          component={ListingFilters}
          hydrate="interaction"
          clientProps={{}}
          props={{
            action: pathname,
            localeTag: locale.tag,
            currency: locale.site.currency,
            keep,
            sort: params.get('sort') ?? sorts[0] ?? 'featured',
            sorts,
            facets: listing.facets,
            priceBuckets: buckets,
            messages: pickMessages(locale.lang, FILTER_MESSAGES),
          }}
        />
      </aside>
      <section className="listing__results" aria-labelledby="listing-results">
        {/* The cards' names are h3: this heading keeps the outline in order (h1 page, h2 results, h3 products). */}
        <h2 id="listing-results" className="sr-only">
          {t('listing.results', { count: listing.total })}
        </h2>
        {chips.length > 0 ? (
          <ul className="chips">
            {chips.map((chip) => (
              <li key={`${chip.facet}-${chip.value}`}>
                <a className="chip" href={without(chip.facet, chip.value)} aria-label={t('listing.remove', { label: chipLabel(chip.facet, chip.value) })}>
                  {chipLabel(chip.facet, chip.value)} <span aria-hidden="true">×</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {listing.cards.length > 0 ? (
          <>
            {/* The cards' compare boxes join this form by its id: choosing and comparing need no script. */}
            <form id="compare-form" className="listing__compare" method="get" action={`/${locale.code}/compare`}>
              <button type="submit" className="button button--secondary button--small">
                {t('compare.submit')}
              </button>
              <span className="listing__compare-hint">{t('compare.hint', { count: COMPARE_MAX })}</span>
            </form>
            <ProductGrid cards={listing.cards} compareForm="compare-form" />
          </>
        ) : (
          <p className="listing__empty">{t('listing.empty')}</p>
        )}
        <Pagination page={listing.page} pages={listing.pages} params={params} />
      </section>
    </div>
  );
}
