// Listing rules: group colour rows into style cards, filter by facets, count facet values, sort and paginate.

import { type Price, type PriceRow, summarizePrices } from '../../../shared/money.ts';
import { compareSizes } from '../../../shared/sizes.ts';

export const PAGE_SIZE = 24;
export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number] | 'relevance';
export const FACET_IDS = ['size', 'color', 'price', 'badge'] as const;
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

interface StyleGroup {
  rows: ListingRow[];
  first: ListingRow;
}

function currentPrice(row: ListingRow): number {
  return row.price.sale ?? row.price.list;
}

function bucketOf(minor: number): string {
  const major = minor / 100;
  return PRICE_BUCKETS.find((b) => major >= b.min && major < b.max)?.id ?? '200-';
}

function badgesOf(group: StyleGroup): string[] {
  const badges = group.first.badge ? [group.first.badge] : [];
  if (group.rows.some((r) => r.price.sale !== null && r.price.sale < r.price.list)) badges.push('sale');
  return badges;
}

/** The facet values a style matches, per facet. */
function valuesOf(group: StyleGroup, facet: FacetId): Set<string> {
  switch (facet) {
    case 'size':
      return new Set(group.rows.flatMap((r) => r.sizesInStock));
    case 'color':
      return new Set(group.rows.map((r) => r.colourFamily));
    case 'price':
      return new Set(group.rows.map((r) => bucketOf(currentPrice(r))));
    case 'badge':
      return new Set(badgesOf(group));
  }
}

function matchesFacet(group: StyleGroup, facet: FacetId, selected: readonly string[]): boolean {
  if (selected.length === 0) return true;
  const values = valuesOf(group, facet);
  return selected.some((v) => values.has(v));
}

function matchesAll(group: StyleGroup, query: ListingQuery, except?: FacetId): boolean {
  return FACET_IDS.every((facet) => facet === except || matchesFacet(group, facet, query[facet]));
}

/** The colour a card shows: the first one that satisfies the colour and price filters. */
function shownRow(group: StyleGroup, query: ListingQuery): ListingRow {
  return (
    group.rows.find(
      (r) =>
        (query.color.length === 0 || query.color.includes(r.colourFamily)) && (query.price.length === 0 || query.price.includes(bucketOf(currentPrice(r)))),
    ) ?? group.first
  );
}

function toCard(group: StyleGroup, query: ListingQuery, currency: string, today: string): ListingCard {
  const shown = shownRow(group, query);
  const colours = group.rows.map((r) => ({ productId: r.productId, slug: r.slug, name: r.colourName, family: r.colourFamily, hex: r.swatchHex }));
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
      group.rows.map((r) => r.price),
      currency,
    ),
  };
}

function comparator(sort: Sort, relevance: ReadonlyMap<string, number> | undefined) {
  return (a: StyleGroup, b: StyleGroup): number => {
    const lowA = Math.min(...a.rows.map(currentPrice));
    const lowB = Math.min(...b.rows.map(currentPrice));
    switch (sort) {
      case 'price-asc':
        return lowA - lowB || a.first.featuredRank - b.first.featuredRank;
      case 'price-desc':
        return lowB - lowA || a.first.featuredRank - b.first.featuredRank;
      case 'newest':
        return b.first.createdAt.localeCompare(a.first.createdAt) || a.first.featuredRank - b.first.featuredRank;
      case 'relevance':
        return (relevance?.get(a.first.styleId) ?? 0) - (relevance?.get(b.first.styleId) ?? 0);
      default:
        return a.first.featuredRank - b.first.featuredRank;
    }
  };
}

function facetValues(groups: readonly StyleGroup[], query: ListingQuery, facet: FacetId): FacetValue[] {
  const counts = new Map<string, number>();
  // Disjunctive counts: a facet's own selection does not narrow its counts, the other facets do.
  for (const group of groups) {
    if (!matchesAll(group, query, facet)) continue;
    for (const value of valuesOf(group, facet)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  for (const selected of query[facet]) if (!counts.has(selected)) counts.set(selected, 0);
  const values = [...counts].map(([value, count]) => ({ value, count, selected: query[facet].includes(value) }));
  const order: Record<FacetId, (a: FacetValue, b: FacetValue) => number> = {
    size: (a, b) => compareSizes(a.value, b.value),
    color: (a, b) => b.count - a.count || a.value.localeCompare(b.value),
    price: (a, b) => PRICE_BUCKETS.findIndex((p) => p.id === a.value) - PRICE_BUCKETS.findIndex((p) => p.id === b.value),
    badge: (a, b) => b.count - a.count || a.value.localeCompare(b.value),
  };
  return values.sort(order[facet]);
}

export interface ListingOptions {
  currency: string;
  /** ISO date of today, for coming-soon dates. */
  today: string;
  pageSize?: number;
  /** Search rank per style id (lower is better), for the relevance sort. */
  relevance?: ReadonlyMap<string, number>;
}

export function buildListing(rows: readonly ListingRow[], query: ListingQuery, options: ListingOptions): Listing {
  const byStyle = new Map<string, StyleGroup>();
  for (const row of rows) {
    const group = byStyle.get(row.styleId);
    if (group) group.rows.push(row);
    else byStyle.set(row.styleId, { rows: [row], first: row });
  }
  const groups = [...byStyle.values()];
  const matching = groups.filter((g) => matchesAll(g, query)).sort(comparator(query.sort, options.relevance));
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(1, query.page), pages);
  const cards = matching.slice((page - 1) * pageSize, page * pageSize).map((g) => toCard(g, query, options.currency, options.today));
  return { cards, total: matching.length, page, pages, facets: FACET_IDS.map((id) => ({ id, values: facetValues(groups, query, id) })) };
}
