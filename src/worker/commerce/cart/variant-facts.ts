// What the cart knows of a variant, read fresh from D1 (its price on the site, stock, limits, launch), and
// the few a plain read may take from this isolate's memory of a moment ago (RECENT_FACTS_MS).

import type { Locale } from '../../../shared/locale/sites.ts';
import { isolateMap } from '../../lib/isolate-memory.ts';
import { isGiftPromotion, type Promotion } from './pricing/engine.ts';

/** commerce-core §9: an item's default maximum quantity. */
export const DEFAULT_MAX_QTY = 999_999;

export interface VariantFacts {
  variantId: string;
  productId: string;
  masterId: string;
  upc: string;
  size: string;
  width: string | null;
  length: string | null;
  name: string;
  colour: string;
  slug: string;
  productType: string;
  swatchHex: string;
  /** Per unit, in minor units; null when the site has no price for it. */
  listAmount: number | null;
  saleAmount: number | null;
  stock: number;
  isDigital: boolean;
  /** Reserved online and bought in store: a reservation basket, never the main cart. */
  isRobisOnly: boolean;
  badge: string | null;
  eyebrow: string | null;
  rating: number | null;
  reviewCount: number;
  /** The most of it one basket may hold: the style's limit, else DEFAULT_MAX_QTY. */
  maxQty: number;
  /** Sold ahead of its launch, to signed-in shoppers only. */
  presale: boolean;
  /** The day it goes on sale (YYYY-MM-DD), null when it is on sale already. */
  onSaleFrom: string | null;
}

interface VariantRow {
  variant_id: string;
  product_id: string;
  style_id: string;
  upc: string;
  size: string;
  width: string | null;
  length: string | null;
  name: string | null;
  colour_name: string;
  slug: string;
  product_type: string;
  swatch_hex: string;
  list_amount: number | null;
  sale_amount: number | null;
  quantity: number | null;
  is_digital: number;
  is_robis_only: number;
  badge: string | null;
  eyebrow: string | null;
  rating: number | null;
  review_count: number | null;
  max_qty: number | null;
  is_presale: number;
  target_publish_date: string | null;
}

/**
 * How old a variant's price and stock may be for a plain cart read (GET without inventorySupplyCheck):
 * every change, the cart page and a read that asks for the supply check read D1 afresh, and whatever they
 * read is what later plain reads in this isolate reuse. A mini-cart opened just after an add, or many carts
 * holding this week's popular boot, do not each ask D1 again.
 */
export const RECENT_FACTS_MS = 5_000;

const recent = isolateMap<string, { readAt: number; fact: VariantFacts }>();
const RECENT_MAX = 2000;
const recentKey = (locale: Locale, variantId: string) => `${locale.site.id}|${locale.lang}|${variantId}`;

/** The variants' facts this isolate read from D1 within RECENT_FACTS_MS; the rest are for the caller to read. */
export function recentVariantFacts(locale: Locale, variantIds: readonly string[], now = Date.now()): Map<string, VariantFacts> {
  const found = new Map<string, VariantFacts>();
  for (const id of variantIds) {
    const entry = recent.get(recentKey(locale, id));
    if (entry && now - entry.readAt < RECENT_FACTS_MS) found.set(id, entry.fact);
  }
  return found;
}

/** What the cart needs of each variant, as D1 has it now: the price of the variant (a gift card amount) or of its colour. */
export async function variantFacts(db: D1Database, locale: Locale, variantIds: readonly string[]): Promise<Map<string, VariantFacts>> {
  if (variantIds.length === 0) return new Map();
  const facts = await readVariantFacts(db, locale, variantIds);
  const readAt = Date.now();
  for (const [id, fact] of facts) {
    const key = recentKey(locale, id);
    recent.delete(key);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
    recent.set(key, { readAt, fact });
  }
  return facts;
}

async function readVariantFacts(db: D1Database, locale: Locale, variantIds: readonly string[]): Promise<Map<string, VariantFacts>> {
  const marks = variantIds.map((_, i) => `?${i + 3}`).join(', ');
  const { results } = await db
    .prepare(
      `SELECT v.id AS variant_id, v.product_id, s.id AS style_id, v.upc, v.size, v.width, v.length, COALESCE(t.name, e.name) AS name,
              COALESCE(t.eyebrow, e.eyebrow) AS eyebrow, p.colour_name, p.slug, s.product_type, p.swatch_hex, s.is_digital, s.is_robis_only,
              s.badge, s.rating, s.review_count, s.max_qty, s.is_presale, s.target_publish_date,
              COALESCE(vp.list_amount, pp.list_amount) AS list_amount,
              CASE WHEN vp.item_id IS NOT NULL THEN vp.sale_amount ELSE pp.sale_amount END AS sale_amount,
              i.quantity
       FROM variants v
       JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id
       LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?1
       LEFT JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
       LEFT JOIN prices vp ON vp.item_id = v.id AND vp.site_id = ?2
       LEFT JOIN prices pp ON pp.item_id = p.id AND pp.site_id = ?2
       LEFT JOIN inventory i ON i.variant_id = v.id
       WHERE v.id IN (${marks})`,
    )
    .bind(locale.lang, locale.site.id, ...variantIds)
    .all<VariantRow>();
  return new Map(
    results.map((row) => [
      row.variant_id,
      {
        variantId: row.variant_id,
        productId: row.product_id,
        masterId: row.style_id,
        upc: row.upc,
        size: row.size,
        width: row.width,
        length: row.length,
        name: row.name ?? '',
        colour: row.colour_name,
        slug: row.slug,
        productType: row.product_type,
        swatchHex: row.swatch_hex,
        listAmount: row.list_amount,
        saleAmount: row.sale_amount,
        // A digital gift card is never out of stock, whatever its count says (as the product page has it).
        stock: row.is_digital === 1 ? DEFAULT_MAX_QTY : (row.quantity ?? 0),
        isDigital: row.is_digital === 1,
        isRobisOnly: row.is_robis_only === 1,
        badge: row.badge,
        eyebrow: row.eyebrow,
        rating: row.rating,
        reviewCount: row.review_count ?? 0,
        maxQty: row.max_qty ?? DEFAULT_MAX_QTY,
        presale: row.is_presale === 1,
        onSaleFrom: row.target_publish_date,
      },
    ]),
  );
}

/** The variant a shopper names, by its id or its UPC. */
export async function findVariant(
  db: D1Database,
  locale: Locale,
  ref: { variantId?: string | undefined; upc?: string | undefined },
  /** Other variants to read in the same query (the gift offers the answer will price). */
  alsoRead: readonly string[] = [],
): Promise<{ variant: VariantFacts | null; read: Map<string, VariantFacts> }> {
  const id = ref.variantId ?? (ref.upc ? (await db.prepare('SELECT id FROM variants WHERE upc = ?1').bind(ref.upc).first<{ id: string }>())?.id : undefined);
  if (!id) return { variant: null, read: new Map() };
  const read = await variantFacts(db, locale, [...new Set([id, ...alsoRead])]);
  return { variant: read.get(id) ?? null, read };
}

/** The variants the site's gift-with-purchase offers give: read with a change's own, so its answer reads nothing more. */
export function giftVariantIds(promotions: readonly Promotion[]): string[] {
  return promotions.flatMap((p) => (p.giftVariantId && isGiftPromotion(p.id) ? [p.giftVariantId] : []));
}
