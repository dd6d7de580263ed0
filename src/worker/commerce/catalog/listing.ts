// Listing rules in two steps. planListing works on compact facts per style (what facets, sorting and
// paging need) and picks the page's styles; buildCards turns the full rows of just those into cards.
// A category of 200 styles then reads 200 short rows and 24 full ones, not 600 full ones.

import { type Price, type PriceRow, summarizePrices } from '../../../shared/commerce/money.ts';
import { compareSizes } from './sizes.ts';

export const PAGE_SIZE = 24;
export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number] | 'relevance';
const FACET_IDS = ['size', 'color', 'price', 'badge'] as const;
export type FacetId = (typeof FACET_IDS)[number];

/** Price buckets in major units of the site's currency; the last one is open-ended. */
export const PRICE_BUCKETS = [
  { id: '0-50', min: 0, max: 50 },
  { id: '50-100', min: 50, max: 100 },
  { id: '100-150', min: 100, max: 150 },
  { id: '150-200', min: 150, max: 200 },
  { id: '200-', min: 200, max: Number.POSITIVE_INFINITY },
] as const;

export interface ListingRow {
  styleId: string;
  productId: string;
  slug: string;
  name: string;
  eyebrow: string | null;
  productType: string;
  badge: string | null;
  rating: number | null;
  reviewCount: number;
  isPresale: boolean;
  targetPublishDate: string | null;
  createdAt: string;
  featuredRank: number;
  colourName: string;
  colourFamily: string;
  swatchHex: string;
  price: PriceRow;
  sizesInStock: string[];
}

export interface CardColour {
  productId: string;
  slug: string;
  name: string;
  family: string;
  hex: string;
}

export interface ListingCard {
  styleId: string;
  productId: string;
  slug: string;
  name: string;
  eyebrow: string | null;
  productType: string;
  badge: string | null;
  rating: number | null;
  reviewCount: number;
  presale: boolean;
  comingSoon: string | null;
  colour: CardColour;
  colours: CardColour[];
  price: Price;
}

export interface ListingQuery {
  size: string[];
  color: string[];
  price: string[];
  badge: string[];
  sort: Sort;
  page: number;
}

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
}

export interface Facet {
  id: FacetId;
  values: FacetValue[];
}

export interface Listing {
  cards: ListingCard[];
  total: number;
  page: number;
  pages: number;
  facets: Facet[];
}

/** What filtering, facet counts and sorting need to know about one colour of a style. */
export interface ColourFacts {
  productId: string;
  family: string;
  current: number;
  list: number;
  sizes: string[];
}

export interface StyleFacts {
  styleId: string;
  featuredRank: number;
  createdAt: string;
  badge: string | null;
  /** In colour position order. */
  colours: ColourFacts[];
}

export interface ListingPlan {
  /** The page's styles in display order, each with the colour its card shows. */
  page: { styleId: string; productId: string }[];
  total: number;
  pageNumber: number;
  pages: number;
  facets: Facet[];
}

function bucketOf(minor: number): string {
  const major = minor / 100;
  return PRICE_BUCKETS.find((b) => major >= b.min && major < b.max)?.id ?? '200-';
}

/** The facet values a style matches, every facet in one pass over its colours. */
function valuesOf(style: StyleFacts): Record<FacetId, Set<string>> {
  const values: Record<FacetId, Set<string>> = { size: new Set(), color: new Set(), price: new Set(), badge: new Set() };
  if (style.badge) values.badge.add(style.badge);
  for (const colour of style.colours) {
    for (const size of colour.sizes) values.size.add(size);
    values.color.add(colour.family);
    values.price.add(bucketOf(colour.current));
    if (colour.current < colour.list) values.badge.add('sale');
  }
  return values;
}

/** A style with its facet values worked out, ready for any query. */
export interface Candidate {
  style: StyleFacts;
  values: Record<FacetId, Set<string>>;
  low: number;
}

function matchesAll(candidate: Candidate, query: ListingQuery, except?: FacetId): boolean {
  for (const facet of FACET_IDS) {
    if (facet === except || query[facet].length === 0) continue;
    if (!query[facet].some((v) => candidate.values[facet].has(v))) return false;
  }
  return true;
}

/** The colour a card shows: the first one that satisfies the colour and price filters. */
function shownColour(style: StyleFacts, query: ListingQuery): ColourFacts {
  const match = style.colours.find(
    (c) => (query.color.length === 0 || query.color.includes(c.family)) && (query.price.length === 0 || query.price.includes(bucketOf(c.current))),
  );
  return match ?? (style.colours[0] as ColourFacts);
}

function comparator(sort: Sort, relevance: ReadonlyMap<string, number> | undefined) {
  return (a: Candidate, b: Candidate): number => {
    const byRank = a.style.featuredRank - b.style.featuredRank;
    switch (sort) {
      case 'price-asc':
        return a.low - b.low || byRank;
      case 'price-desc':
        return b.low - a.low || byRank;
      case 'newest':
        return b.style.createdAt.localeCompare(a.style.createdAt) || byRank;
      case 'relevance':
        return (relevance?.get(a.style.styleId) ?? 0) - (relevance?.get(b.style.styleId) ?? 0);
      default:
        return byRank;
    }
  };
}

const FACET_ORDER: Record<FacetId, (a: FacetValue, b: FacetValue) => number> = {
  size: (a, b) => compareSizes(a.value, b.value),
  color: (a, b) => b.count - a.count || a.value.localeCompare(b.value),
  price: (a, b) => PRICE_BUCKETS.findIndex((p) => p.id === a.value) - PRICE_BUCKETS.findIndex((p) => p.id === b.value),
  badge: (a, b) => b.count - a.count || a.value.localeCompare(b.value),
};

function facetValues(candidates: readonly Candidate[], query: ListingQuery, facet: FacetId): FacetValue[] {
  const counts = new Map<string, number>();
  // Disjunctive counts: a facet's own selection does not narrow its counts, the other facets do.
  for (const candidate of candidates) {
    if (!matchesAll(candidate, query, facet)) continue;
    for (const value of candidate.values[facet]) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  for (const selected of query[facet]) if (!counts.has(selected)) counts.set(selected, 0);
  return [...counts].map(([value, count]) => ({ value, count, selected: query[facet].includes(value) })).sort(FACET_ORDER[facet]);
}

export interface PlanOptions {
  pageSize?: number;
  /** Search rank per style id (lower is better), for the relevance sort. */
  relevance?: ReadonlyMap<string, number>;
}

export function toCandidates(styles: readonly StyleFacts[]): Candidate[] {
  return styles
    .filter((style) => style.colours.length > 0)
    .map((style) => ({
      style,
      values: valuesOf(style),
      low: style.colours.reduce((low, c) => Math.min(low, c.current), Number.POSITIVE_INFINITY),
    }));
}

export function planListing(styles: readonly StyleFacts[], query: ListingQuery, options: PlanOptions = {}): ListingPlan {
  return planCandidates(toCandidates(styles), query, options);
}

export function planCandidates(candidates: readonly Candidate[], query: ListingQuery, options: PlanOptions = {}): ListingPlan {
  const matching = candidates.filter((c) => matchesAll(c, query)).sort(comparator(query.sort, options.relevance));
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const pageNumber = Math.min(Math.max(1, query.page), pages);
  return {
    page: matching
      .slice((pageNumber - 1) * pageSize, pageNumber * pageSize)
      .map((c) => ({ styleId: c.style.styleId, productId: shownColour(c.style, query).productId })),
    total: matching.length,
    pageNumber,
    pages,
    facets: FACET_IDS.map((id) => ({ id, values: facetValues(candidates, query, id) })),
  };
}

function toCard(rows: readonly ListingRow[], shownProductId: string, currency: string, today: string): ListingCard {
  const shown = rows.find((r) => r.productId === shownProductId) ?? (rows[0] as ListingRow);
  const colours = rows.map((r) => ({ productId: r.productId, slug: r.slug, name: r.colourName, family: r.colourFamily, hex: r.swatchHex }));
  return {
    styleId: shown.styleId,
    productId: shown.productId,
    slug: shown.slug,
    name: shown.name,
    eyebrow: shown.eyebrow,
    productType: shown.productType,
    badge: shown.badge,
    rating: shown.rating,
    reviewCount: shown.reviewCount,
    presale: shown.isPresale,
    comingSoon: shown.targetPublishDate && shown.targetPublishDate > today ? shown.targetPublishDate : null,
    colour: colours.find((c) => c.productId === shown.productId) ?? (colours[0] as CardColour),
    colours,
    price: summarizePrices(
      rows.map((r) => r.price),
      currency,
    ),
  };
}

export interface CardOptions {
  currency: string;
  /** ISO date of today, for coming-soon dates. */
  today: string;
}

/** Cards for a plan's page from the full rows of its styles (any order; colours in position order). */
export function buildCards(plan: ListingPlan, rows: readonly ListingRow[], options: CardOptions): Listing {
  const byStyle = new Map<string, ListingRow[]>();
  for (const row of rows) byStyle.set(row.styleId, [...(byStyle.get(row.styleId) ?? []), row]);
  const cards = plan.page.flatMap(({ styleId, productId }) => {
    const styleRows = byStyle.get(styleId);
    return styleRows ? [toCard(styleRows, productId, options.currency, options.today)] : [];
  });
  return { cards, total: plan.total, page: plan.pageNumber, pages: plan.pages, facets: plan.facets };
}

/** Facts from full rows, for small sets (home rails, tests) that need no separate facts query. */
function factsFromRows(rows: readonly ListingRow[]): StyleFacts[] {
  const byStyle = new Map<string, StyleFacts>();
  for (const row of rows) {
    let style = byStyle.get(row.styleId);
    if (!style) {
      style = { styleId: row.styleId, featuredRank: row.featuredRank, createdAt: row.createdAt, badge: row.badge, colours: [] };
      byStyle.set(row.styleId, style);
    }
    style.colours.push({
      productId: row.productId,
      family: row.colourFamily,
      current: row.price.sale ?? row.price.list,
      list: row.price.list,
      sizes: row.sizesInStock,
    });
  }
  return [...byStyle.values()];
}

export function buildListing(rows: readonly ListingRow[], query: ListingQuery, options: CardOptions & PlanOptions): Listing {
  return buildCards(planListing(factsFromRows(rows), query, options), rows, options);
}
