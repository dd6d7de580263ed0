// Catalog rules behind pages and the API: listings for categories and searches, product sets, today's date.

import type { Lang, Locale } from '../../../shared/locale/sites.ts';
import { isolateMap } from '../../lib/isolate-memory.ts';
import { type CatalogIndex, descendantIds } from './catalog-index.ts';
import {
  buildCards,
  buildListing,
  type Candidate,
  type Listing,
  type ListingPlan,
  type ListingQuery,
  type ListingRow,
  PAGE_SIZE,
  planCandidates,
  type Sort,
  type StyleFacts,
  toCandidates,
} from './listing.ts';
import { listingRowsForCategories, listingRowsForStyles, runRead, runReads, styleFactsForCategories, styleFactsForStyles } from './listing-query.ts';
import { searchStyles } from './search.ts';

/** Up to this many styles, a category reads its full rows in one query. */
const SINGLE_QUERY_STYLES = 48;

/**
 * How long an isolate reuses a large category's facts. Reading and shaping the facts of a department
 * (hundreds of styles) was about half of its page's CPU; facet counts may now trail a price or stock
 * change by this long, while cards, product pages and the cart read theirs fresh.
 */
const FACTS_FRESH_MS = 15_000;
const FACTS_KEPT = 100;
const factsMemo = isolateMap<string, { until: number; candidates: readonly Candidate[] }>();

function rememberedCandidates(key: string, now: number): readonly Candidate[] | undefined {
  const entry = factsMemo.get(key);
  if (entry && entry.until > now) return entry.candidates;
  if (entry) factsMemo.delete(key);
  return undefined;
}

function rememberCandidates(key: string, candidates: readonly Candidate[], now: number): readonly Candidate[] {
  if (factsMemo.size >= FACTS_KEPT) factsMemo.clear();
  factsMemo.set(key, { until: now + FACTS_FRESH_MS, candidates });
  return candidates;
}

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

function isDefaultQuery(query: ListingQuery, sort: Sort): boolean {
  return query.page === 1 && query.sort === sort && !query.size.length && !query.color.length && !query.price.length && !query.badge.length;
}

/** Cards for the plan's page, from rows fetched on a guess of that page when the guess was right. */
async function cardsFor(db: D1Database, locale: Locale, plan: ListingPlan, guessed?: { styleIds: string[]; rows: ListingRow[] }): Promise<Listing> {
  const wanted = plan.page.map((p) => p.styleId);
  const rows =
    guessed && wanted.every((id) => guessed.styleIds.includes(id)) ? guessed.rows : await runRead(listingRowsForStyles(db, locale.site, locale.lang, wanted));
  return buildCards(plan, rows, { currency: locale.site.currency, today: today() });
}

export async function categoryListing(db: D1Database, index: CatalogIndex, locale: Locale, categoryId: number, input: ListingInput): Promise<Listing | null> {
  const node = index.categories.get(categoryId);
  if (!node) return null;
  const query = toQuery(input, 'featured');
  const options = input.pageSize ? { pageSize: input.pageSize } : {};
  const ids = descendantIds(node);
  // A small category costs one query of full rows.
  if (node.styleCount <= SINGLE_QUERY_STYLES) {
    const rows = await runRead(listingRowsForCategories(db, locale.site, locale.lang, ids));
    return buildListing(rows, query, { ...options, currency: locale.site.currency, today: today() });
  }
  // A large one reads short facts for all styles (or reuses them) and full rows for the page's only.
  const key = `${locale.site.id}:${categoryId}:${index.loadedAt}`;
  const now = Date.now();
  const known = rememberedCandidates(key, now);
  if (known) return cardsFor(db, locale, planCandidates(known, query, options));
  // The first page in featured order, where most visits land, is known up front: both reads go in one round trip.
  if (isDefaultQuery(query, 'featured')) {
    const pageSize = options.pageSize ?? PAGE_SIZE;
    const [facts, rows] = await runReads<[StyleFacts[], ListingRow[]]>(db, [
      styleFactsForCategories(db, locale.site, ids),
      listingRowsForCategories(db, locale.site, locale.lang, ids, pageSize),
    ]);
    const candidates = rememberCandidates(key, toCandidates(facts), now);
    return cardsFor(db, locale, planCandidates(candidates, query, options), { styleIds: [...new Set(rows.map((r) => r.styleId))], rows });
  }
  const facts = await runRead(styleFactsForCategories(db, locale.site, ids));
  return cardsFor(db, locale, planCandidates(rememberCandidates(key, toCandidates(facts), now), query, options));
}

/**
 * A search's matches and their facts, reused by an isolate like a large category's (FACTS_FRESH_MS): the same
 * words searched again, or the next page or another sort of them, skip the full-text query and the facts.
 */
const searchMemo = isolateMap<string, { until: number; candidates: readonly Candidate[]; relevance: ReadonlyMap<string, number> }>();

export async function searchListing(db: D1Database, locale: Locale, q: string, input: ListingInput): Promise<Listing> {
  const query = toQuery(input, 'relevance');
  const pageSize = input.pageSize ? { pageSize: input.pageSize } : {};
  const key = `${locale.site.id}:${locale.lang}:${q.toLowerCase()}`;
  const now = Date.now();
  const known = searchMemo.get(key);
  if (known && known.until > now) return cardsFor(db, locale, planCandidates(known.candidates, query, { relevance: known.relevance, ...pageSize }));
  const styleIds = await searchStyles(db, locale.lang, q);
  if (styleIds.length === 0) return buildListing([], query, { currency: locale.site.currency, today: today() });
  const options = { relevance: new Map(styleIds.map((id, rank) => [id, rank])), ...pageSize };
  const remember = (facts: StyleFacts[]) => {
    if (searchMemo.size >= FACTS_KEPT) searchMemo.clear();
    const candidates = toCandidates(facts);
    searchMemo.set(key, { until: now + FACTS_FRESH_MS, candidates, relevance: options.relevance });
    return candidates;
  };
  if (!isDefaultQuery(query, 'relevance'))
    return cardsFor(db, locale, planCandidates(remember(await runRead(styleFactsForStyles(db, locale.site, styleIds))), query, options));
  // In relevance order the first page is the first hits: fetch its rows with the facts.
  const firstPage = styleIds.slice(0, options.pageSize ?? PAGE_SIZE);
  const [facts, rows] = await runReads<[StyleFacts[], ListingRow[]]>(db, [
    styleFactsForStyles(db, locale.site, styleIds),
    listingRowsForStyles(db, locale.site, locale.lang, firstPage),
  ]);
  return cardsFor(db, locale, planCandidates(remember(facts), query, options), { styleIds: firstPage, rows });
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
