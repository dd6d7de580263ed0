// Reads the seed catalog rows so content points at real categories and sellable products, chosen deterministically.

import { type Lang, SITE_IDS } from '../../../src/shared/locale/sites.ts';
import type { SeedData, SeedRow } from '../tables.ts';

export interface CategoryInfo {
  id: number;
  slug: string;
  level: number;
  parentId: number | null;
  position: number;
  names: Record<Lang, string>;
}

export interface CatalogLookup {
  /** A category by slug ("mens-boots"); throws when the tree has no such category. */
  category(slug: string): CategoryInfo;
  /** Children in menu order. */
  children(id: number): CategoryInfo[];
  roots(): CategoryInfo[];
  /** Colour-level ids of the most featured sellable styles under a category, one colour per style. */
  featured(slug: string, count: number, skip?: number): string[];
  categoryIds: ReadonlySet<number>;
  productIds: ReadonlySet<string>;
}

function table(catalog: SeedData, name: string): SeedRow[] {
  const rows = catalog[name];
  if (!rows) throw new Error(`The catalog has no ${name} rows`);
  return rows;
}

const text = (row: SeedRow, column: string): string => String(row[column] ?? '');
const int = (row: SeedRow, column: string): number => Number(row[column] ?? 0);

export function catalogLookup(catalog: SeedData): CatalogLookup {
  const names = new Map<number, Record<Lang, string>>();
  for (const row of table(catalog, 'category_texts')) {
    const id = int(row, 'category_id');
    const entry = names.get(id) ?? { en: '', fr: '', de: '', it: '' };
    entry[text(row, 'lang') as Lang] = text(row, 'name');
    names.set(id, entry);
  }
  const categories: CategoryInfo[] = table(catalog, 'categories').map((row) => {
    const id = int(row, 'id');
    const parent = row.parent_id;
    const localized = names.get(id);
    if (!localized) throw new Error(`Category ${id} has no names`);
    return {
      id,
      slug: text(row, 'slug'),
      level: int(row, 'level'),
      parentId: parent === null ? null : Number(parent),
      position: int(row, 'position'),
      names: localized,
    };
  });
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const byPosition = (a: CategoryInfo, b: CategoryInfo) => a.position - b.position;
  const children = (id: number) => categories.filter((c) => c.parentId === id).sort(byPosition);
  const descendants = (id: number): number[] => [id, ...children(id).flatMap((c) => descendants(c.id))];

  // Content must not promote what a shopper cannot buy on every site: unpriced, coming-soon or store-only styles.
  const priced = new Map<string, Set<string>>();
  for (const row of table(catalog, 'prices')) {
    const sites = priced.get(text(row, 'item_id')) ?? new Set<string>();
    sites.add(text(row, 'site_id'));
    priced.set(text(row, 'item_id'), sites);
  }
  const products = table(catalog, 'products');
  const firstColour = new Map<string, SeedRow>();
  for (const p of [...products].sort((a, b) => int(a, 'position') - int(b, 'position'))) {
    const sites = priced.get(text(p, 'id'));
    const sellable = sites !== undefined && SITE_IDS.every((s) => sites.has(s));
    if (sellable && !firstColour.has(text(p, 'style_id'))) firstColour.set(text(p, 'style_id'), p);
  }
  const styles = table(catalog, 'styles').filter(
    (s) => int(s, 'is_presale') === 0 && s.target_publish_date === null && int(s, 'is_digital') === 0 && int(s, 'is_robis_only') === 0,
  );

  const category = (slug: string): CategoryInfo => {
    const found = bySlug.get(slug);
    if (!found) throw new Error(`No category with slug ${slug}`);
    return found;
  };

  return {
    category,
    children,
    roots: () => categories.filter((c) => c.parentId === null).sort(byPosition),
    featured(slug, count, skip = 0) {
      const within = new Set(descendants(category(slug).id));
      const ids = styles
        .filter((s) => within.has(int(s, 'category_id')))
        .sort((a, b) => int(a, 'featured_rank') - int(b, 'featured_rank') || (text(a, 'id') < text(b, 'id') ? -1 : 1))
        .flatMap((s) => {
          const colour = firstColour.get(text(s, 'id'));
          return colour ? [text(colour, 'id')] : [];
        })
        .slice(skip, skip + count);
      if (ids.length < count) throw new Error(`Only ${ids.length} sellable products under ${slug}`);
      return ids;
    },
    categoryIds: new Set(categories.map((c) => c.id)),
    productIds: new Set(products.map((p) => text(p, 'id'))),
  };
}
