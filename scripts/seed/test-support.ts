// Shared access to one built catalog for the seed tests, with typed column readers.

import { buildCatalog } from './catalog.ts';
import type { SeedData, SeedRow } from './tables.ts';

export const catalog: SeedData = buildCatalog();

export function rows(table: string): SeedRow[] {
  const found = catalog[table];
  if (!found) throw new Error(`No ${table} rows`);
  return found;
}

export function str(row: SeedRow, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`${column} is ${JSON.stringify(value)}, expected a string`);
  return value;
}

export function num(row: SeedRow, column: string): number {
  const value = row[column];
  if (typeof value !== 'number') throw new Error(`${column} is ${JSON.stringify(value)}, expected a number`);
  return value;
}

export function groupBy<K>(list: readonly SeedRow[], key: (row: SeedRow) => K): Map<K, SeedRow[]> {
  const groups = new Map<K, SeedRow[]>();
  for (const row of list) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

export function indexBy(list: readonly SeedRow[], column: string): Map<string | number, SeedRow> {
  return new Map(list.map((row) => [row[column] as string | number, row]));
}

export const share = (part: number, whole: number): number => part / whole;

export const categoriesById = indexBy(rows('categories'), 'id');
export const stylesById = indexBy(rows('styles'), 'id');
export const productsById = indexBy(rows('products'), 'id');

/** The level-1 slug of a style's category: mens, womens, kids or gift-cards. */
export function audienceOf(style: SeedRow): string {
  let category = categoriesById.get(num(style, 'category_id'));
  while (category && category.parent_id !== null) category = categoriesById.get(num(category, 'parent_id'));
  return category ? str(category, 'slug') : '';
}

/** The level-2 department slug suffix of a style: footwear, apparel, accessories (or '' for gift cards). */
export function departmentOf(style: SeedRow): string {
  const leaf = categoriesById.get(num(style, 'category_id'));
  const parent = leaf && leaf.parent_id !== null ? categoriesById.get(num(leaf, 'parent_id')) : undefined;
  return parent ? (str(parent, 'slug').split('-').pop() ?? '') : '';
}
