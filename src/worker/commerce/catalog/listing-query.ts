// D1 reads behind listings: colour rows for styles of some categories or some search hits.

import type { Lang, Site } from '../../../shared/locale/sites.ts';
import type { ListingRow, StyleFacts } from './listing.ts';

// Each query answers with ONE value: the whole result as a JSON array built by SQLite. The D1 client
// converts every value it receives (a third of a listing's CPU went there); JSON.parse of one string
// is native and cheap.

const SIZES = `CASE WHEN s.is_digital = 1 OR s.is_robis_only = 1
  THEN (SELECT group_concat(DISTINCT size) FROM variants WHERE product_id = p.id)
  ELSE p.sizes_in_stock END`;

// Digital and reservation-only products count every size as available (commerce-core §4).
const cardsSql = (where: string, limit?: number) => `
SELECT json_group_array(json_array(style_id, name, eyebrow, product_type, badge, rating, review_count, is_presale,
  target_publish_date, created_at, featured_rank, json(colours))) AS data
FROM (
  SELECT s.id AS style_id, COALESCE(t.name, e.name) AS name, COALESCE(t.eyebrow, e.eyebrow) AS eyebrow, s.product_type,
    s.badge, s.rating, s.review_count, s.is_presale, s.target_publish_date, s.created_at, s.featured_rank,
    (SELECT json_group_array(json_array(id, slug, colour_name, colour_family, swatch_hex, list_amount, sale_amount,
        lowest_30d_amount, sale_since, sizes))
      FROM (SELECT p.id, p.slug, p.colour_name, p.colour_family, p.swatch_hex, pr.list_amount, pr.sale_amount,
          pr.lowest_30d_amount, pr.sale_since, ${SIZES} AS sizes
        FROM products p JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
        WHERE p.style_id = s.id ORDER BY p.position)) AS colours
  FROM styles s
  JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
  LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2
  WHERE ${where}
  ORDER BY s.featured_rank${limit ? ` LIMIT ${limit}` : ''})`;

type ColourJson = [
  productId: string,
  slug: string,
  colourName: string,
  colourFamily: string,
  swatchHex: string,
  list: number,
  sale: number | null,
  lowest30: number | null,
  saleSince: string | null,
  sizes: string | null,
];

type StyleJson = [
  styleId: string,
  name: string,
  eyebrow: string | null,
  productType: string,
  badge: string | null,
  rating: number | null,
  reviewCount: number,
  isPresale: number,
  targetPublishDate: string | null,
  createdAt: string,
  featuredRank: number,
  colours: ColourJson[],
];

function toListingRows([
  styleId,
  name,
  eyebrow,
  productType,
  badge,
  rating,
  reviewCount,
  isPresale,
  targetPublishDate,
  createdAt,
  featuredRank,
  colours,
]: StyleJson): ListingRow[] {
  return colours.map(([productId, slug, colourName, colourFamily, swatchHex, list, sale, lowest30, saleSince, sizes]) => ({
    styleId,
    productId,
    slug,
    name,
    eyebrow,
    productType,
    badge,
    rating,
    reviewCount,
    isPresale: isPresale === 1,
    targetPublishDate,
    createdAt,
    featuredRank,
    colourName,
    colourFamily,
    swatchHex,
    price: { list, sale, lowest30, saleSince },
    sizesInStock: sizes ? sizes.split(',') : [],
  }));
}

/** A read whose single value is a JSON array, with how to turn it into rows: run alone or in a batch. */
export interface JsonRead<T> {
  statement: D1PreparedStatement;
  parse: (json: string | null | undefined) => T;
}

function jsonRead<Item, T>(statement: D1PreparedStatement, map: (items: Item[]) => T): JsonRead<T> {
  return { statement, parse: (json) => map(json ? (JSON.parse(json) as Item[]) : []) };
}

export async function runRead<T>(read: JsonRead<T>): Promise<T> {
  const rows = await read.statement.raw<[string | null]>();
  return read.parse(rows[0]?.[0]);
}

/** Several reads in one round trip to D1. */
export async function runReads<T extends unknown[]>(db: D1Database, reads: { [K in keyof T]: JsonRead<T[K]> }): Promise<T> {
  const results = await db.batch<{ data: string | null }>(reads.map((r) => r.statement));
  return reads.map((read, i) => read.parse(results[i]?.results[0]?.data)) as T;
}

function placeholders(count: number, first: number): string {
  return Array.from({ length: count }, (_, i) => `?${first + i}`).join(', ');
}

// One entry per style with its colours in position order: what facets, sorting and paging need.
const factsSql = (where: string) => `
SELECT json_group_array(json_array(style_id, featured_rank, created_at, badge, json(colours))) AS data
FROM (
  SELECT style_id, featured_rank, created_at, badge,
    json_group_array(json_array(product_id, colour_family, current, list_amount, sizes)) AS colours
  FROM (
    SELECT s.id AS style_id, s.featured_rank, s.created_at, s.badge, p.id AS product_id, p.colour_family,
      COALESCE(pr.sale_amount, pr.list_amount) AS current, pr.list_amount, ${SIZES} AS sizes
    FROM styles s
    JOIN products p ON p.style_id = s.id
    JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
    WHERE ${where}
    ORDER BY s.id, p.position)
  GROUP BY style_id)`;

type FactsJson = [styleId: string, featuredRank: number, createdAt: string, badge: string | null, colours: [string, string, number, number, string | null][]];

function toFacts([styleId, featuredRank, createdAt, badge, colours]: FactsJson): StyleFacts {
  return {
    styleId,
    featuredRank,
    createdAt,
    badge,
    colours: colours.map(([productId, family, current, list, sizes]) => ({ productId, family, current, list, sizes: sizes ? sizes.split(',') : [] })),
  };
}

export function styleFactsForCategories(db: D1Database, site: Site, categoryIds: readonly number[]): JsonRead<StyleFacts[]> {
  const sql = factsSql(`s.category_id IN (${placeholders(categoryIds.length, 2)})`);
  return jsonRead(db.prepare(sql).bind(site.id, ...categoryIds), (items: FactsJson[]) => items.map(toFacts));
}

export function styleFactsForStyles(db: D1Database, site: Site, styleIds: readonly string[]): JsonRead<StyleFacts[]> {
  const sql = factsSql('s.id IN (SELECT value FROM json_each(?2))');
  return jsonRead(db.prepare(sql).bind(site.id, JSON.stringify(styleIds)), (items: FactsJson[]) => items.map(toFacts));
}

/** Every style of the categories, or the first `limit` in featured order. */
export function listingRowsForCategories(db: D1Database, site: Site, lang: Lang, categoryIds: readonly number[], limit?: number): JsonRead<ListingRow[]> {
  const sql = cardsSql(`s.category_id IN (${placeholders(categoryIds.length, 3)})`, limit);
  return jsonRead(db.prepare(sql).bind(site.id, lang, ...categoryIds), (items: StyleJson[]) => items.flatMap(toListingRows));
}

export function listingRowsForStyles(db: D1Database, site: Site, lang: Lang, styleIds: readonly string[]): JsonRead<ListingRow[]> {
  const sql = cardsSql('s.id IN (SELECT value FROM json_each(?3))');
  return jsonRead(db.prepare(sql).bind(site.id, lang, JSON.stringify(styleIds)), (items: StyleJson[]) => items.flatMap(toListingRows));
}

// Fixed SQL per rail: the rail name picks a query, nothing from the request is spliced in.
const RAILS = {
  newest: 's.is_digital = 0 ORDER BY s.created_at DESC',
  bestsellers: "s.badge = 'bestseller' ORDER BY s.review_count DESC",
  sale: `EXISTS (SELECT 1 FROM products p2 JOIN prices x ON x.item_id = p2.id AND x.site_id = ?1
    WHERE p2.style_id = s.id AND x.sale_amount IS NOT NULL) ORDER BY s.featured_rank`,
} as const;

export type Rail = keyof typeof RAILS;

/** Rows for a home page rail: newest, bestseller or sale styles across the catalog. */
export function listingRowsForRail(db: D1Database, site: Site, lang: Lang, rail: Rail, limit: number): JsonRead<ListingRow[]> {
  const sql = cardsSql(`s.id IN (SELECT s.id FROM styles s WHERE ${RAILS[rail]} LIMIT ?3)`);
  return jsonRead(db.prepare(sql).bind(site.id, lang, limit), (items: StyleJson[]) => items.flatMap(toListingRows));
}
