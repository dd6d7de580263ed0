// Product search with SQLite FTS5: prefix matching on every term, ranked by bm25 with the name weighted highest.

import type { Lang } from '../../../shared/locale/sites.ts';
import { type CatalogIndex, categoryName, categoryPath } from './catalog-index.ts';

/** Languages with their own search rows; the others search the English rows. */
const INDEXED_LANGS: readonly Lang[] = ['en', 'fr'];

function searchLang(lang: Lang): Lang {
  return INDEXED_LANGS.includes(lang) ? lang : 'en';
}

/** Turns shopper input into an FTS5 expression: quoted terms, each a prefix, all required. */
function ftsQuery(input: string): string | null {
  const terms = input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t}"*`).join(' ');
}

/** Style ids matching the query, best first. */
export async function searchStyles(db: D1Database, lang: Lang, q: string, limit = 500): Promise<string[]> {
  const expression = ftsQuery(q);
  if (!expression) return [];
  const { results } = await db
    .prepare(
      `SELECT style_id FROM product_search WHERE product_search MATCH ?1 AND lang = ?2
       ORDER BY bm25(product_search, 0, 0, 10.0, 4.0, 2.0, 1.0) LIMIT ?3`,
    )
    .bind(expression, searchLang(lang), limit)
    .all<{ style_id: string }>();
  return results.map((r) => r.style_id);
}

export interface ProductSuggestion {
  styleId: string;
  productId: string;
  slug: string;
  name: string;
  productType: string;
  swatchHex: string;
}

export interface CategorySuggestion {
  id: number;
  slug: string;
  name: string;
  path: string[];
}

export async function suggestProducts(db: D1Database, lang: Lang, q: string, limit: number): Promise<ProductSuggestion[]> {
  const expression = ftsQuery(q);
  if (!expression) return [];
  const { results } = await db
    .prepare(
      `SELECT ps.style_id, ps.name, p.id AS product_id, p.slug, p.swatch_hex, s.product_type
       FROM product_search ps
       JOIN styles s ON s.id = ps.style_id
       JOIN products p ON p.style_id = s.id AND p.position = (SELECT MIN(position) FROM products WHERE style_id = s.id)
       WHERE product_search MATCH ?1 AND ps.lang = ?2
       ORDER BY bm25(product_search, 0, 0, 10.0, 4.0, 2.0, 1.0) LIMIT ?3`,
    )
    .bind(`name : (${expression})`, searchLang(lang), limit)
    .all<{ style_id: string; name: string; product_id: string; slug: string; swatch_hex: string; product_type: string }>();
  return results.map((r) => ({
    styleId: r.style_id,
    productId: r.product_id,
    slug: r.slug,
    name: r.name,
    productType: r.product_type,
    swatchHex: r.swatch_hex,
  }));
}

/** Categories whose localized name contains every term, deepest first (they are the most specific). */
export function suggestCategories(index: CatalogIndex, lang: Lang, q: string, limit: number): CategorySuggestion[] {
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const matches: CategorySuggestion[] = [];
  for (const node of index.categories.values()) {
    const path = categoryPath(index, node.id).map((n) => categoryName(n, lang));
    const haystack = path.join(' ').toLowerCase();
    if (terms.every((t) => haystack.includes(t))) matches.push({ id: node.id, slug: node.slug, name: categoryName(node, lang), path });
  }
  return matches.sort((a, b) => b.path.length - a.path.length || a.name.localeCompare(b.name)).slice(0, limit);
}
