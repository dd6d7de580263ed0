// D1 reads behind listings: colour rows for styles of some categories or some search hits.

import type { Lang, Site } from '../../../shared/sites.ts';
import type { ListingRow, StyleFacts } from './listing.ts';

interface Row {
  style_id: string;
  product_id: string;
  slug: string;
  name: string;
  eyebrow: string | null;
  product_type: string;
  badge: string | null;
  rating: number | null;
  review_count: number;
  is_presale: number;
  is_digital: number;
  is_robis_only: number;
  target_publish_date: string | null;
  created_at: string;
  featured_rank: number;
  colour_name: string;
  colour_family: string;
  swatch_hex: string;
  list_amount: number;
  sale_amount: number | null;
  lowest_30d_amount: number | null;
  sale_since: string | null;
  sizes: string | null;
}

// Digital and reservation-only products count every size as available (commerce-core §4).
const SELECT = `
SELECT s.id AS style_id, p.id AS product_id, p.slug, COALESCE(t.name, e.name) AS name,
  COALESCE(t.eyebrow, e.eyebrow) AS eyebrow, s.product_type, s.badge, s.rating, s.review_count,
  s.is_presale, s.is_digital, s.is_robis_only, s.target_publish_date, s.created_at, s.featured_rank,
  p.colour_name, p.colour_family, p.swatch_hex,
  pr.list_amount, pr.sale_amount, pr.lowest_30d_amount, pr.sale_since,
  CASE WHEN s.is_digital = 1 OR s.is_robis_only = 1
    THEN (SELECT group_concat(DISTINCT size) FROM variants WHERE product_id = p.id)
    ELSE p.sizes_in_stock END AS sizes
FROM styles s
JOIN products p ON p.style_id = s.id
JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2`;

function toListingRow(r: Row): ListingRow {
  return {
    styleId: r.style_id,
    productId: r.product_id,
    slug: r.slug,
    name: r.name,
    eyebrow: r.eyebrow,
    productType: r.product_type,
    badge: r.badge,
    rating: r.rating,
    reviewCount: r.review_count,
    isPresale: r.is_presale === 1,
    targetPublishDate: r.target_publish_date,
    createdAt: r.created_at,
    featuredRank: r.featured_rank,
    colourName: r.colour_name,
    colourFamily: r.colour_family,
    swatchHex: r.swatch_hex,
    price: { list: r.list_amount, sale: r.sale_amount, lowest30: r.lowest_30d_amount, saleSince: r.sale_since },
    sizesInStock: r.sizes ? r.sizes.split(',') : [],
  };
}

function placeholders(count: number, first: number): string {
  return Array.from({ length: count }, (_, i) => `?${first + i}`).join(', ');
}

// One short row per style: colour-level lists in position order, aligned with each other.
// Rows fed in style and position order, so GROUP BY needs no sort and each list keeps colour order.
const factsSql = (where: string) => `
SELECT style_id, featured_rank, created_at, badge, group_concat(product_id) AS product_ids,
  group_concat(colour_family) AS families, group_concat(current) AS currents,
  group_concat(list_amount) AS lists, group_concat(sizes, '|') AS sizes
FROM (
  SELECT s.id AS style_id, s.featured_rank, s.created_at, s.badge, p.id AS product_id, p.colour_family,
    COALESCE(pr.sale_amount, pr.list_amount) AS current, pr.list_amount,
    CASE WHEN s.is_digital = 1 OR s.is_robis_only = 1
      THEN (SELECT group_concat(DISTINCT size) FROM variants WHERE product_id = p.id)
      ELSE p.sizes_in_stock END AS sizes
  FROM styles s
  JOIN products p ON p.style_id = s.id
  JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
  WHERE ${where}
  ORDER BY s.id, p.position)
GROUP BY style_id`;

interface FactsRow {
  style_id: string;
  featured_rank: number;
  created_at: string;
  badge: string | null;
  product_ids: string;
  families: string;
  currents: string;
  lists: string;
  sizes: string | null;
}

function toFacts(r: FactsRow): StyleFacts {
  const families = r.families.split(',');
  const currents = r.currents.split(',');
  const lists = r.lists.split(',');
  const sizes = (r.sizes ?? '').split('|');
  return {
    styleId: r.style_id,
    featuredRank: r.featured_rank,
    createdAt: r.created_at,
    badge: r.badge,
    colours: r.product_ids.split(',').map((productId, i) => ({
      productId,
      family: families[i] ?? '',
      current: Number(currents[i]),
      list: Number(lists[i]),
      sizes: sizes[i] ? (sizes[i] as string).split(',') : [],
    })),
  };
}

export async function styleFactsForCategories(db: D1Database, site: Site, categoryIds: readonly number[]): Promise<StyleFacts[]> {
  const sql = factsSql(`s.category_id IN (${placeholders(categoryIds.length, 2)})`);
  const { results } = await db
    .prepare(sql)
    .bind(site.id, ...categoryIds)
    .all<FactsRow>();
  return results.map(toFacts);
}

export async function styleFactsForStyles(db: D1Database, site: Site, styleIds: readonly string[]): Promise<StyleFacts[]> {
  if (styleIds.length === 0) return [];
  const { results } = await db.prepare(factsSql('s.id IN (SELECT value FROM json_each(?2))')).bind(site.id, JSON.stringify(styleIds)).all<FactsRow>();
  return results.map(toFacts);
}

export async function listingRowsForCategories(db: D1Database, site: Site, lang: Lang, categoryIds: readonly number[]): Promise<ListingRow[]> {
  const sql = `${SELECT} WHERE s.category_id IN (${placeholders(categoryIds.length, 3)}) ORDER BY s.featured_rank, p.position`;
  const { results } = await db
    .prepare(sql)
    .bind(site.id, lang, ...categoryIds)
    .all<Row>();
  return results.map(toListingRow);
}

export async function listingRowsForStyles(db: D1Database, site: Site, lang: Lang, styleIds: readonly string[]): Promise<ListingRow[]> {
  if (styleIds.length === 0) return [];
  const sql = `${SELECT} WHERE s.id IN (SELECT value FROM json_each(?3)) ORDER BY s.featured_rank, p.position`;
  const { results } = await db.prepare(sql).bind(site.id, lang, JSON.stringify(styleIds)).all<Row>();
  return results.map(toListingRow);
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
export async function listingRowsForRail(db: D1Database, site: Site, lang: Lang, rail: Rail, limit: number): Promise<ListingRow[]> {
  const sql = `${SELECT} WHERE s.id IN (SELECT s.id FROM styles s WHERE ${RAILS[rail]} LIMIT ?3) ORDER BY s.featured_rank, p.position`;
  const { results } = await db.prepare(sql).bind(site.id, lang, limit).all<Row>();
  return results.map(toListingRow);
}
