// Schemas for the catalog read API: product ids, locales, search and listing queries.

import * as v from 'valibot';
import { findLocale, SITE_IDS, type SiteId } from '../locale/sites.ts';
import { PRODUCT_ID } from '../routes.ts';
import { messages } from './messages.ts';

export const SEARCH_MAX_LENGTH = 100;

const ProductIdSchema = v.pipe(
  v.string(messages.required),
  v.regex(PRODUCT_ID, 'Product id must be 8 to 11 uppercase letters or digits (a colour-level id has 8).'),
);

export const ProductIdParams = v.object({ productId: ProductIdSchema });

export const LocaleCodeSchema = v.pipe(
  v.string(),
  v.check((code) => findLocale(code) !== undefined, 'Unknown locale: use one of en-us, en-ca, fr-ca, en-gb, fr-fr, de-de, it-it.'),
);

export const SiteIdSchema = v.pipe(
  v.string(),
  v.transform((s) => s.toUpperCase()),
  v.picklist(SITE_IDS as [SiteId, ...SiteId[]], `Unknown site id: use one of ${SITE_IDS.join(', ')}.`),
);

/** Query every catalog endpoint accepts to choose language and currency. */
export const LocaleQuery = v.object({
  locale: v.optional(LocaleCodeSchema),
  siteId: v.optional(SiteIdSchema),
});

const positiveInt = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number.`),
    v.transform(Number),
    v.minValue(1, messages.minValue(1)),
    v.maxValue(max, messages.maxValue(max)),
  );

const list = v.optional(v.union([v.string(), v.array(v.string())]));

const SORT_VALUES = ['relevance', 'featured', 'price-asc', 'price-desc', 'newest'] as const;

/** Paging, sort and facet filters shared by category listings and searches. */
const ListingParams = {
  page: v.optional(positiveInt('page', 1000)),
  count: v.optional(positiveInt('count', 96)),
  sort: v.optional(v.picklist(SORT_VALUES, `sort must be one of ${SORT_VALUES.join(', ')}.`)),
  size: list,
  color: list,
  price: list,
  badge: list,
};

const SearchTerm = v.pipe(
  v.string(messages.required),
  v.trim(),
  v.minLength(1, messages.required),
  v.maxLength(SEARCH_MAX_LENGTH, messages.maxLength(SEARCH_MAX_LENGTH)),
);

export const SearchQuery = v.object({ ...LocaleQuery.entries, q: SearchTerm, ...ListingParams });

export const SuggestQuery = v.object({ ...LocaleQuery.entries, q: SearchTerm });

export const CatalogQuery = v.object({
  ...LocaleQuery.entries,
  categoryId: v.optional(v.pipe(v.string(), v.regex(/^\d{4,10}$/, 'categoryId must have 4 to 10 digits.'), v.transform(Number))),
  ...ListingParams,
});

const STORE_ID = /^[A-Z]{2}-\d{4}$/;

export const AvailabilityBody = v.object({
  storeIds: v.pipe(
    v.array(v.pipe(v.string(), v.regex(STORE_ID, 'Store ids look like US-0001.')), 'storeIds must be a list of store ids.'),
    v.minLength(1, 'storeIds must name at least one store.'),
    v.maxLength(50, 'storeIds can name at most 50 stores.'),
  ),
});

// Number('') is 0: an empty lat would put the shopper off the coast of Africa, so the text must be a number.
const coordinate = (name: string, limit: number) =>
  v.pipe(
    v.string(),
    v.regex(/^-?\d{1,3}(\.\d{1,10})?$/, `${name} must be a number of degrees, like 40.7128.`),
    v.transform(Number),
    v.minValue(-limit, messages.minValue(-limit)),
    v.maxValue(limit, messages.maxValue(limit)),
  );

export const StoresQuery = v.pipe(
  v.object({
    siteId: v.optional(SiteIdSchema),
    country: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, 'country must be a two-letter country code.'), v.toUpperCase())),
    lat: v.optional(coordinate('lat', 90)),
    lng: v.optional(coordinate('lng', 180)),
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX_LENGTH, messages.maxLength(SEARCH_MAX_LENGTH)))),
    limit: v.optional(positiveInt('limit', 100)),
  }),
  v.check((q) => (q.lat === undefined) === (q.lng === undefined), 'lat and lng must be given together.'),
);

export const CountryCodeParams = v.object({
  countryCode: v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, 'countryCode must be a two-letter country code.'), v.toUpperCase()),
});

export const ProductSetParams = v.object({
  productSetId: v.pipe(v.string(), v.regex(/^SET\d{5}$/, 'Product set ids look like SET00001.')),
});

export function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}
