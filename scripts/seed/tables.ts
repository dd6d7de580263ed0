// Shape of the seed data: one list of rows per catalog table (migrations 0001 and 0013).

export type SeedValue = string | number | null;
export type SeedRow = Record<string, SeedValue>;
export type SeedData = { [table: string]: SeedRow[] };

/** Insertion order: every table comes after the tables its foreign keys point to. */
export const SEED_TABLE_ORDER = [
  'sites',
  'categories',
  'category_texts',
  'styles',
  'style_texts',
  'products',
  'variants',
  'prices',
  'inventory',
  'stores',
  'collection_points',
  'store_employees',
  'store_inventory',
  'product_search',
] as const;

export type SeedTable = (typeof SEED_TABLE_ORDER)[number];

/** What buildCatalog returns: every catalog table is present, so callers need no undefined checks. */
export type CatalogData = SeedData & Record<SeedTable, SeedRow[]>;
