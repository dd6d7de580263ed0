// Catalog rules behind pages and the API: listings for categories and searches, product sets, today's date.

import type { Lang, Locale } from '../../../shared/sites.ts';
import { type CatalogIndex, descendantIds } from './catalog-index.ts';
import { buildCards, buildListing, type Listing, type ListingPlan, type ListingQuery, planListing, type Sort } from './listing.ts';
import { listingRowsForCategories, listingRowsForStyles, styleFactsForCategories, styleFactsForStyles } from './listing-query.ts';
import { searchStyles } from './search.ts';

/** Up to this many styles, a category reads its full rows in one query. */
const SINGLE_QUERY_STYLES = 48;

export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export interface ListingInput {
  size?: string[];
  color?: string[];
  price?: string[];
  badge?: string[];
  sort?: Sort | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

function toQuery(input: ListingInput, defaultSort: Sort): ListingQuery {
  return {
    size: input.size ?? [],
    color: input.color ?? [],
    price: input.price ?? [],
    badge: input.badge ?? [],
    sort: input.sort ?? defaultSort,
    page: input.page ?? 1,
  };
}

/** Full rows for the plan's page only, then its cards. */
async function cardsFor(db: D1Database, locale: Locale, plan: ListingPlan): Promise<Listing> {
  const rows = await listingRowsForStyles(
    db,
    locale.site,
    locale.lang,
    plan.page.map((p) => p.styleId),
  );
  return buildCards(plan, rows, { currency: locale.site.currency, today: today() });
}

export async function categoryListing(db: D1Database, index: CatalogIndex, locale: Locale, categoryId: number, input: ListingInput): Promise<Listing | null> {
  const node = index.categories.get(categoryId);
  if (!node) return null;
  const query = toQuery(input, 'featured');
  const options = input.pageSize ? { pageSize: input.pageSize } : {};
  // A small category costs one query of full rows; a large one a query of short facts, then full
  // rows for the page's styles only.
  if (node.styleCount <= SINGLE_QUERY_STYLES) {
    const rows = await listingRowsForCategories(db, locale.site, locale.lang, descendantIds(node));
    return buildListing(rows, query, { ...options, currency: locale.site.currency, today: today() });
  }
  const facts = await styleFactsForCategories(db, locale.site, descendantIds(node));
  return cardsFor(db, locale, planListing(facts, query, options));
}

export async function searchListing(db: D1Database, locale: Locale, q: string, input: ListingInput): Promise<Listing> {
  const styleIds = await searchStyles(db, locale.lang, q);
  const facts = await styleFactsForStyles(db, locale.site, styleIds);
  const plan = planListing(facts, toQuery(input, 'relevance'), {
    relevance: new Map(styleIds.map((id, rank) => [id, rank])),
    ...(input.pageSize ? { pageSize: input.pageSize } : {}),
  });
  return cardsFor(db, locale, plan);
}

export interface ProductSetSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  productIds: string[];
}

const SET_SQL = `
SELECT ps.id, ps.slug, COALESCE(t.name, e.name) AS name, COALESCE(t.description, e.description) AS description,
  (SELECT json_group_array(product_id) FROM (SELECT product_id FROM product_set_items WHERE set_id = ps.id ORDER BY position)) AS product_ids
FROM product_sets ps
JOIN product_set_texts e ON e.set_id = ps.id AND e.lang = 'en'
LEFT JOIN product_set_texts t ON t.set_id = ps.id AND t.lang = ?2`;

interface SetRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  product_ids: string;
}

function toSet(row: SetRow): ProductSetSummary {
  return { id: row.id, slug: row.slug, name: row.name, description: row.description, productIds: JSON.parse(row.product_ids) as string[] };
}

/** The sets a product (colour-level id) belongs to. */
export async function setsForProduct(db: D1Database, lang: Lang, productId: string): Promise<ProductSetSummary[]> {
  const { results } = await db
    .prepare(`${SET_SQL} WHERE ps.id IN (SELECT set_id FROM product_set_items WHERE product_id = ?1) ORDER BY ps.id`)
    .bind(productId, lang)
    .all<SetRow>();
  return results.map(toSet);
}

export async function productSet(db: D1Database, lang: Lang, setId: string): Promise<ProductSetSummary | null> {
  const row = await db.prepare(`${SET_SQL} WHERE ps.id = ?1`).bind(setId, lang).first<SetRow>();
  return row ? toSet(row) : null;
}
