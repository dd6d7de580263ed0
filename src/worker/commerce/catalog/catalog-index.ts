// The category tree and the product id index, loaded from D1 once per isolate and refreshed every few minutes.
// Routing needs both before a page streams: the status code (404 or 301) must be known before the first byte.

import type { Lang } from '../../../shared/locale/sites.ts';
import { onForget } from '../../lib/isolate-memory.ts';
import type { Logger } from '../../lib/logger.ts';

export interface CategoryNode {
  id: number;
  parentId: number | null;
  slug: string;
  level: number;
  position: number;
  names: Partial<Record<Lang, string>>;
  children: CategoryNode[];
  /** Styles in this category and every category below it. */
  styleCount: number;
}

/** What routing and the page head need before the product's own data has loaded. */
export interface ProductEntry {
  slug: string;
  styleId: string;
  productType: string;
  swatchHex: string;
  colourName: string;
  names: Partial<Record<Lang, string>>;
  /** Variant ids of this colour; a product URL may name one to preselect it. */
  variantIds: Set<string>;
}

export interface CatalogIndex {
  categories: ReadonlyMap<number, CategoryNode>;
  roots: readonly CategoryNode[];
  products: ReadonlyMap<string, ProductEntry>;
  loadedAt: number;
}

const REFRESH_MS = 5 * 60 * 1000;
let cached: CatalogIndex | undefined;
onForget(() => {
  cached = undefined;
});

interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  level: number;
  position: number;
  lang: Lang | null;
  name: string | null;
}

interface ProductRow {
  id: string;
  slug: string;
  style_id: string;
  colour_name: string;
  swatch_hex: string;
  product_type: string;
  name_en: string;
  name_fr: string | null;
}

async function load(db: D1Database): Promise<CatalogIndex> {
  const [categories, products, variants, counts] = await db.batch<Record<string, unknown>>([
    db.prepare(
      `SELECT c.id, c.parent_id, c.slug, c.level, c.position, t.lang, t.name
       FROM categories c LEFT JOIN category_texts t ON t.category_id = c.id ORDER BY c.level, c.position`,
    ),
    db.prepare(
      `SELECT p.id, p.slug, p.style_id, p.colour_name, p.swatch_hex, s.product_type, e.name AS name_en, f.name AS name_fr
       FROM products p JOIN styles s ON s.id = p.style_id
       JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
       LEFT JOIN style_texts f ON f.style_id = s.id AND f.lang = 'fr'`,
    ),
    db.prepare('SELECT id, product_id FROM variants'),
    db.prepare('SELECT category_id, COUNT(*) AS n FROM styles GROUP BY category_id'),
  ]);
  const nodes = new Map<number, CategoryNode>();
  for (const row of (categories?.results ?? []) as unknown as CategoryRow[]) {
    let node = nodes.get(row.id);
    if (!node) {
      node = { id: row.id, parentId: row.parent_id, slug: row.slug, level: row.level, position: row.position, names: {}, children: [], styleCount: 0 };
      nodes.set(row.id, node);
    }
    if (row.lang && row.name) node.names[row.lang] = row.name;
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const row of (counts?.results ?? []) as unknown as { category_id: number; n: number }[]) {
    for (let node = nodes.get(row.category_id); node; node = node.parentId === null ? undefined : nodes.get(node.parentId)) node.styleCount += row.n;
  }
  const byPosition = (a: CategoryNode, b: CategoryNode) => a.position - b.position;
  roots.sort(byPosition);
  for (const node of nodes.values()) node.children.sort(byPosition);
  const productIndex = new Map<string, ProductEntry>();
  for (const row of (products?.results ?? []) as unknown as ProductRow[]) {
    const names: Partial<Record<Lang, string>> = { en: row.name_en };
    if (row.name_fr) names.fr = row.name_fr;
    productIndex.set(row.id, {
      slug: row.slug,
      styleId: row.style_id,
      productType: row.product_type,
      swatchHex: row.swatch_hex,
      colourName: row.colour_name,
      names,
      variantIds: new Set(),
    });
  }
  for (const row of (variants?.results ?? []) as unknown as { id: string; product_id: string }[]) {
    productIndex.get(row.product_id)?.variantIds.add(row.id);
  }
  return { categories: nodes, roots, products: productIndex, loadedAt: Date.now() };
}

export async function catalogIndex(db: D1Database, logger?: Logger): Promise<CatalogIndex> {
  if (cached && Date.now() - cached.loadedAt < REFRESH_MS) return cached;
  // Each request loads for itself rather than awaiting another's load: a promise settled by another request's I/O
  // resumes the awaiting request in that request's context, where its own I/O is refused (Workers' request isolation).
  try {
    cached = await load(db);
  } catch (error) {
    // A refresh that fails keeps the last good index; only a cold isolate has nothing to fall back on.
    if (!cached) throw error;
    logger?.error('catalog_index.refresh_failed', { error, indexAgeMs: Date.now() - cached.loadedAt });
  }
  return cached;
}

export function categoryName(node: CategoryNode, lang: Lang): string {
  return node.names[lang] ?? node.names.en ?? node.slug;
}

/** The node and its ancestors, root first. */
export function categoryPath(index: CatalogIndex, id: number): CategoryNode[] {
  const path: CategoryNode[] = [];
  for (let node = index.categories.get(id); node; node = node.parentId === null ? undefined : index.categories.get(node.parentId)) {
    path.unshift(node);
  }
  return path;
}

export function descendantIds(node: CategoryNode): number[] {
  return [node.id, ...node.children.flatMap(descendantIds)];
}

export function productName(entry: ProductEntry, lang: Lang): string {
  return entry.names[lang] ?? entry.names.en ?? entry.slug;
}
