// Product detail (commerce-core §3 Product): one D1 batch, assembled into the shape pages and the API share.

import { type Price, summarizePrices } from '../../../shared/commerce/money.ts';
import { availableQuantity, type StockStatus, stockStatus } from '../../../shared/commerce/stock.ts';
import type { ProductAttribute, VariantView } from '../../../shared/commerce/variants.ts';
import type { Lang, Site } from '../../../shared/locale/sites.ts';
import { compareSizes } from './sizes.ts';

export interface ColourOption {
  productId: string;
  slug: string;
  name: string;
  family: string;
  hex: string;
  available: boolean;
  price: Price;
}

export interface VariantDetail extends VariantView {
  upc: string;
}

/** How the product may be bought on subscription (migrations/0049): replenished on a schedule, or not at all. */
export type SubscriptionType = 'none' | 'replenishment';

export interface ProductDetail {
  id: string;
  masterId: string;
  slug: string;
  name: string;
  eyebrow: string | null;
  description: string;
  details: string[];
  modelMeasurements: string | null;
  benefitRatings: { key: string; value: number }[];
  categoryId: number;
  kind: string;
  productType: 'digital' | 'standard';
  sizeSystem: string;
  badge: string | null;
  rating: number | null;
  reviewCount: number;
  presale: boolean;
  targetPublishDate: string | null;
  comingSoon: boolean;
  notifyMe: boolean;
  isRobisOnly: boolean;
  /** The workshop makes it to a shopper's design (customs): the design studio's page is customsExternalUrl. */
  madeToOrder: boolean;
  /** The most one basket may hold (a limited release), or null for no limit of its own. */
  maxQty: number | null;
  subscriptionType: SubscriptionType;
  colour: ColourOption;
  colours: ColourOption[];
  attributes: ProductAttribute[];
  variants: VariantDetail[];
  price: Price;
  currency: string;
}

interface StyleRow {
  id: string;
  style_id: string;
  slug: string;
  colour_name: string;
  colour_family: string;
  swatch_hex: string;
  category_id: number;
  product_type: string;
  size_system: string;
  badge: string | null;
  rating: number | null;
  review_count: number;
  is_presale: number;
  target_publish_date: string | null;
  notify_me: number;
  is_digital: number;
  is_robis_only: number;
  made_to_order: number;
  max_qty: number | null;
  subscription_type: SubscriptionType;
  benefit_ratings: string | null;
  name: string;
  eyebrow: string | null;
  description: string;
  details: string;
  model_measurements: string | null;
}

interface PricedRow {
  list_amount: number | null;
  sale_amount: number | null;
  lowest_30d_amount: number | null;
  sale_since: string | null;
}

interface ColourRow extends PricedRow {
  id: string;
  slug: string;
  colour_name: string;
  colour_family: string;
  swatch_hex: string;
  in_stock: number;
}

interface VariantRow extends PricedRow {
  id: string;
  upc: string;
  size: string;
  width: string | null;
  length: string | null;
  quantity: number | null;
}

const STYLE_SQL = `
SELECT p.id, p.style_id, p.slug, p.colour_name, p.colour_family, p.swatch_hex,
  s.category_id, s.product_type, s.size_system, s.badge, s.rating, s.review_count, s.is_presale,
  s.target_publish_date, s.notify_me, s.is_digital, s.is_robis_only, s.max_qty, s.subscription_type, s.benefit_ratings,
  EXISTS (SELECT 1 FROM custom_styles c WHERE c.style_id = s.id) AS made_to_order,
  COALESCE(t.name, e.name) AS name, COALESCE(t.eyebrow, e.eyebrow) AS eyebrow,
  COALESCE(t.description, e.description) AS description, COALESCE(t.details, e.details) AS details,
  COALESCE(t.model_measurements, e.model_measurements) AS model_measurements
FROM products p JOIN styles s ON s.id = p.style_id
JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2
WHERE p.id = ?1`;

const COLOURS_SQL = `
SELECT p.id, p.slug, p.colour_name, p.colour_family, p.swatch_hex,
  pr.list_amount, pr.sale_amount, pr.lowest_30d_amount, pr.sale_since,
  p.sizes_in_stock <> '' AS in_stock
FROM products p LEFT JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?2
WHERE p.style_id = (SELECT style_id FROM products WHERE id = ?1)
ORDER BY p.position`;

const VARIANTS_SQL = `
SELECT v.id, v.upc, v.size, v.width, v.length, i.quantity,
  pr.list_amount, pr.sale_amount, pr.lowest_30d_amount, pr.sale_since
FROM variants v LEFT JOIN inventory i ON i.variant_id = v.id
LEFT JOIN prices pr ON pr.item_id = v.id AND pr.site_id = ?2
WHERE v.product_id = ?1 ORDER BY v.position`;

function priceRow(row: PricedRow) {
  return { list: row.list_amount ?? 0, sale: row.sale_amount, lowest30: row.lowest_30d_amount, saleSince: row.sale_since };
}

function attributesOf(variants: readonly VariantRow[], colour: ColourOption, sizeSystem: string): ProductAttribute[] {
  const distinct = (pick: (v: VariantRow) => string | null) => [...new Set(variants.map(pick).filter((v): v is string => v !== null))];
  const sizes = distinct((v) => v.size);
  // Gift card amounts are listed in catalog order; sizes in shopper order.
  if (sizeSystem !== 'amount') sizes.sort(compareSizes);
  const attributes: ProductAttribute[] = [{ type: 'color', options: [{ value: colour.productId, label: colour.name }] }];
  attributes.push({ type: 'size', options: sizes.map((s) => ({ value: s, label: s })) });
  const widths = distinct((v) => v.width);
  if (widths.length > 0) attributes.push({ type: 'width', options: widths.map((w) => ({ value: w, label: w })) });
  const lengths = distinct((v) => v.length).sort(compareSizes);
  if (lengths.length > 0) attributes.push({ type: 'length', options: lengths.map((l) => ({ value: l, label: l })) });
  return attributes;
}

export async function loadProduct(db: D1Database, site: Site, lang: Lang, productId: string, today: string): Promise<ProductDetail | null> {
  return (await loadProductWith(db, site, lang, productId, today, []))[0];
}

/**
 * The product, and the results of `extra` statements read in the same batch: the product page reads its
 * reviews with it, one round trip to the database rather than two.
 */
export async function loadProductWith(
  db: D1Database,
  site: Site,
  lang: Lang,
  productId: string,
  today: string,
  extra: readonly D1PreparedStatement[],
): Promise<[ProductDetail | null, D1Result[]]> {
  const [styleResult, coloursResult, variantsResult, ...extraResults] = await db.batch([
    db.prepare(STYLE_SQL).bind(productId, lang),
    db.prepare(COLOURS_SQL).bind(productId, site.id),
    db.prepare(VARIANTS_SQL).bind(productId, site.id),
    ...extra,
  ]);
  return [productFrom(site, productId, today, styleResult, coloursResult, variantsResult), extraResults];
}

/**
 * Several products in one D1 batch, as loadProduct reads each (the cart's lines, whose sizes and colours it
 * offers as the quick-shop does); a product not sold on the site is left out.
 */
export async function loadProducts(db: D1Database, site: Site, lang: Lang, productIds: readonly string[], today: string): Promise<Map<string, ProductDetail>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const results = await db.batch(
    ids.flatMap((id) => [db.prepare(STYLE_SQL).bind(id, lang), db.prepare(COLOURS_SQL).bind(id, site.id), db.prepare(VARIANTS_SQL).bind(id, site.id)]),
  );
  const products = ids.map((id, index) => productFrom(site, id, today, results[index * 3], results[index * 3 + 1], results[index * 3 + 2]));
  return new Map(products.flatMap((product) => (product ? [[product.id, product] as const] : [])));
}

function productFrom(
  site: Site,
  productId: string,
  today: string,
  styleResult: D1Result | undefined,
  coloursResult: D1Result | undefined,
  variantsResult: D1Result | undefined,
): ProductDetail | null {
  const style = styleResult?.results[0] as StyleRow | undefined;
  if (!style) return null;
  const rules = { isDigital: style.is_digital === 1, isRobisOnly: style.is_robis_only === 1 };
  const colours: ColourOption[] = ((coloursResult?.results ?? []) as ColourRow[])
    .filter((c) => c.list_amount !== null)
    .map((c) => ({
      productId: c.id,
      slug: c.slug,
      name: c.colour_name,
      family: c.colour_family,
      hex: c.swatch_hex,
      available: c.in_stock === 1 || rules.isDigital || rules.isRobisOnly,
      price: summarizePrices([priceRow(c)], site.currency),
    }));
  const colour = colours.find((c) => c.productId === productId);
  // A colour without a price in this site is not sold here.
  if (!colour) return null;
  const colourRows = (coloursResult?.results ?? []) as ColourRow[];
  const colourRow = priceRow(colourRows.find((c) => c.id === productId) as ColourRow);
  const variantRows = (variantsResult?.results ?? []) as VariantRow[];
  const variants: VariantDetail[] = variantRows.map((v) => {
    const row = v.list_amount !== null ? priceRow(v) : colourRow;
    const quantity = v.quantity ?? 0;
    const current = row.sale ?? row.list;
    return {
      id: v.id,
      upc: v.upc,
      attributes: { color: productId, size: v.size, ...(v.width ? { width: v.width } : {}), ...(v.length ? { length: v.length } : {}) },
      price: { current, original: row.list, onSale: current < row.list },
      quantity: availableQuantity(quantity, rules),
      stockStatus: stockStatus(quantity, rules),
      inStock: stockStatus(quantity, rules) !== 'OUT_OF_STOCK',
    };
  });
  const priceRows = variantRows.some((v) => v.list_amount !== null) ? variantRows.map((v) => (v.list_amount !== null ? priceRow(v) : colourRow)) : [colourRow];
  return {
    id: productId,
    masterId: style.style_id,
    slug: style.slug,
    name: style.name,
    eyebrow: style.eyebrow,
    description: style.description,
    details: JSON.parse(style.details) as string[],
    modelMeasurements: style.model_measurements,
    benefitRatings: style.benefit_ratings ? (JSON.parse(style.benefit_ratings) as { key: string; value: number }[]) : [],
    categoryId: style.category_id,
    kind: style.product_type,
    productType: rules.isDigital ? 'digital' : 'standard',
    sizeSystem: style.size_system,
    badge: style.badge,
    rating: style.rating,
    reviewCount: style.review_count,
    presale: style.is_presale === 1,
    targetPublishDate: style.target_publish_date,
    comingSoon: style.target_publish_date !== null && style.target_publish_date > today,
    notifyMe: style.notify_me === 1,
    isRobisOnly: rules.isRobisOnly,
    madeToOrder: style.made_to_order === 1,
    maxQty: style.max_qty,
    subscriptionType: style.subscription_type,
    colour,
    colours,
    attributes: attributesOf(variantRows, colour, style.size_system),
    variants,
    price: summarizePrices(priceRows, site.currency),
    currency: site.currency,
  };
}

export interface InventoryEntry {
  quantity: number;
  stockStatus: StockStatus;
}

/**
 * Inventory of a colour-level product's variants, or of a single variant: null for no such product, 'untracked'
 * for a physical product the warehouse keeps no record of (INV701), which is not the same as none left.
 */
export async function loadInventory(db: D1Database, productId: string): Promise<Record<string, InventoryEntry> | null | 'untracked'> {
  const { results } = await db
    .prepare(
      `SELECT v.id, COALESCE(i.quantity, 0) AS quantity, i.variant_id IS NOT NULL AS tracked, s.is_digital, s.is_robis_only
       FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       LEFT JOIN inventory i ON i.variant_id = v.id
       WHERE v.product_id = ?1 OR v.id = ?1 ORDER BY v.position`,
    )
    .bind(productId)
    .all<{ id: string; quantity: number; tracked: number; is_digital: number; is_robis_only: number }>();
  if (results.length === 0) return null;
  if (results.every((r) => r.tracked === 0 && r.is_digital === 0 && r.is_robis_only === 0)) return 'untracked';
  const entries: Record<string, InventoryEntry> = {};
  for (const r of results) {
    const rules = { isDigital: r.is_digital === 1, isRobisOnly: r.is_robis_only === 1 };
    entries[r.id] = { quantity: availableQuantity(r.quantity, rules), stockStatus: stockStatus(r.quantity, rules) };
  }
  return entries;
}
