// Markup of the listing's filter and sort form: a plain GET form; listing-filters.ts submits it on change.

import { formatMoney } from '../../../shared/commerce/money.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { type MessageSubset, subsetTranslator } from '../../../shared/i18n/format.ts';

export interface FacetView {
  id: 'size' | 'color' | 'price' | 'badge';
  values: { value: string; count: number; selected: boolean }[];
}

export interface ListingFiltersProps {
  action: string;
  localeTag: string;
  currency: string;
  /** Hidden fields the form must keep, such as the search query. */
  keep: Record<string, string>;
  sort: string;
  sorts: string[];
  facets: FacetView[];
  priceBuckets: { id: string; min: number; max: number | null }[];
  messages: MessageSubset;
}

const FACET_LABELS: Record<FacetView['id'], MessageKey> = {
  size: 'listing.facet.size',
  color: 'listing.facet.color',
  price: 'listing.facet.price',
  badge: 'listing.facet.badge',
};

export default function ListingFilters(props: ListingFiltersProps) {
  const t = subsetTranslator(props.messages, props.localeTag);
  const money = (major: number) => formatMoney(major * 100, props.currency, props.localeTag);
  const valueLabel = (facet: FacetView['id'], value: string): string => {
    if (facet === 'color') return t(`colour.${value}` as MessageKey);
    if (facet === 'badge') return t(`badge.${value}` as MessageKey);
    if (facet === 'price') {
      const bucket = props.priceBuckets.find((b) => b.id === value);
      if (!bucket) return value;
      return bucket.max === null ? `${money(bucket.min)}+` : t('price.range', { low: money(bucket.min), high: money(bucket.max) });
    }
    return value;
  };
  const anySelected = props.facets.some((f) => f.values.some((v) => v.selected));
  return (
    <form className="filters" action={props.action} method="get">
      {Object.entries(props.keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="filters__sort">
        <label htmlFor="listing-sort">{t('listing.sort')}</label>
        <select id="listing-sort" name="sort" defaultValue={props.sort}>
          {props.sorts.map((s) => (
            <option key={s} value={s}>
              {t(`listing.sort.${s}` as MessageKey)}
            </option>
          ))}
        </select>
      </div>
      <details className="filters__panel">
        <summary className="filters__toggle">{t('listing.filters')}</summary>
        {props.facets
          .filter((f) => f.values.length > 0)
          .map((facet) => (
            <fieldset key={facet.id} className={`facet facet--${facet.id}`}>
              <legend className="facet__legend">{t(FACET_LABELS[facet.id])}</legend>
              <ul className="facet__values">
                {facet.values.map((v) => (
                  <li key={v.value}>
                    <label className={`facet__value${v.count === 0 && !v.selected ? ' is-empty' : ''}`}>
                      <input type="checkbox" name={facet.id} value={v.value} defaultChecked={v.selected} disabled={v.count === 0 && !v.selected} />
                      <span className="facet__label">{valueLabel(facet.id, v.value)}</span>
                      <span className="facet__count">{`(${v.count})`}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        <div className="filters__actions">
          <button className="button button--primary filters__apply" type="submit">
            {t('listing.apply')}
          </button>
          {anySelected ? (
            <a className="button button--link" href={`${props.action}${props.keep.q ? `?q=${encodeURIComponent(props.keep.q)}` : ''}`}>
              {t('listing.clearAll')}
            </a>
          ) : null}
        </div>
      </details>
    </form>
  );
}
