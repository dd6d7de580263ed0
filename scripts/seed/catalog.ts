// Builds the whole seed catalog, deterministically: the same data on every run and in every runtime.

import { buildCategoryTree, categoryRows } from './categories.ts';
import { collectionPointRows } from './collection-points.ts';
import { buildStyleCopy } from './copy.ts';
import { buildInventory } from './inventory.ts';
import { buildPrices } from './prices.ts';
import { buildProducts } from './products.ts';
import { productRows, searchRows, siteRows, styleRow, styleTextRows, variantRows } from './rows.ts';
import { storeEmployeeRows } from './store-employees.ts';
import { buildStoreInventory } from './store-inventory.ts';
import { storeRows, storeSeeds } from './stores.ts';
import { buildStyles } from './styles.ts';
import type { CatalogData } from './tables.ts';

export function buildCatalog(): CatalogData {
  const tree = buildCategoryTree();
  const styles = buildStyles(tree);
  buildProducts(styles);
  const copies = styles.map((style) => ({ style, copy: buildStyleCopy(style) }));
  const stores = storeSeeds();
  const { categories, category_texts } = categoryRows(tree);
  return {
    sites: siteRows(),
    categories,
    category_texts,
    styles: styles.map(styleRow),
    style_texts: copies.flatMap(({ style, copy }) => styleTextRows(style, copy)),
    products: styles.flatMap(productRows),
    variants: styles.flatMap(variantRows),
    prices: buildPrices(styles),
    inventory: buildInventory(styles),
    stores: storeRows(stores),
    collection_points: collectionPointRows(stores),
    store_employees: storeEmployeeRows(stores),
    store_inventory: buildStoreInventory(stores, styles),
    product_search: copies.flatMap(({ style, copy }) => searchRows(style, copy)),
  };
}
