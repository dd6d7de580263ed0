// Product tools (the store services issue, §4): products compared side by side, and recommendations for a
// product (similar styles, and what shoppers bought with it), from the catalog and the order data alone, in
// an order that is the same on every call.

import type { RecommendedProduct } from '../../../shared/content/blocks.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type RecommendationRow, recommendedProducts, toRecommended } from './recommendations.ts';

export const COMPARE_MAX = 4;

export interface ComparedProduct {
  productId: string;
  name: string;
  colourName: string;
  swatchHex: string;
  url: string;
  productType: string;
  price: { current: number; original: number; currency: string };
  rating: number | null;
  reviewCount: number;
  benefits: Record<string, number>;
  details: string[];
}

export async function compareProducts(db: D1Database, locale: Locale, productIds: readonly string[]): Promise<ComparedProduct[]> {
  const ids = [...new Set(productIds)];
  if (ids.length < 2)
    throw new HttpError('API400', 'products: choose two to four products to compare.', [{ field: 'products', message: 'Choose at least two.' }]);
  if (ids.length > COMPARE_MAX)
    throw new HttpError('API400', `products: compare at most ${COMPARE_MAX} products.`, [{ field: 'products', message: `At most ${COMPARE_MAX}.` }]);
  const { results } = await db
    .prepare(
      `SELECT p.id, p.slug, p.colour_name, p.swatch_hex, s.product_type, s.rating, s.review_count, s.benefit_ratings, pr.list_amount, pr.sale_amount,
         COALESCE(t.name, e.name) AS name, COALESCE(t.details, e.details) AS details
       FROM products p JOIN styles s ON s.id = p.style_id
       JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
       JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
       LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2
       WHERE p.id IN (SELECT value FROM json_each(?3)) AND s.is_digital = 0`,
    )
    .bind(locale.site.id, locale.lang, JSON.stringify(ids.map((id) => id.slice(0, 8))))
    .all<{
      id: string;
      slug: string;
      colour_name: string;
      swatch_hex: string;
      product_type: string;
      rating: number | null;
      review_count: number;
      benefit_ratings: string | null;
      list_amount: number;
      sale_amount: number | null;
      name: string;
      details: string;
    }>();
  const byId = new Map(results.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id.slice(0, 8)));
  if (missing.length > 0)
    throw new HttpError('PLP400', `No product ${missing.join(', ')} is sold in ${locale.site.id}.`, [{ field: 'products', message: 'Not sold here.' }]);
  const types = new Set(results.map((row) => row.product_type));
  if (types.size > 1) {
    throw new HttpError('API400', 'products: compare products of one type (boots with boots).', [
      { field: 'products', message: 'Choose products of one type.' },
    ]);
  }
  return ids.map((id) => {
    const row = byId.get(id.slice(0, 8)) as (typeof results)[number];
    return {
      productId: row.id,
      name: row.name,
      colourName: row.colour_name,
      swatchHex: row.swatch_hex,
      url: paths.product(locale.code, row.slug, row.id),
      productType: row.product_type,
      price: { current: row.sale_amount ?? row.list_amount, original: row.list_amount, currency: locale.site.currency },
      rating: row.rating,
      reviewCount: row.review_count,
      benefits: Object.fromEntries(
        ((row.benefit_ratings ? JSON.parse(row.benefit_ratings) : []) as { key: string; value: number }[]).map((b) => [b.key, b.value]),
      ),
      details: (JSON.parse(row.details) as string[]).slice(0, 4),
    };
  });
}

export const RECOMMENDATION_TYPES = ['similar', 'bought-together'] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];

/** Footwear goes with socks, a jacket with a midlayer: what to suggest when few orders say more. */
const GOES_WITH: Readonly<Record<string, readonly string[]>> = {
  boot: ['socks', 'beanie'],
  hiker: ['socks', 'backpack'],
  chukka: ['socks', 'belt'],
  sneaker: ['socks', 'tee'],
  runner: ['socks', 'tee'],
  loafer: ['socks', 'belt'],
  sandal: ['tee', 'cap'],
  slide: ['tee', 'cap'],
  jacket: ['fleece', 'beanie'],
  parka: ['beanie', 'fleece'],
  vest: ['fleece', 'shirt'],
};

/**
 * Colour-level product ids bought with a product: the styles most often in the same orders, then what goes
 * with its type. One colour per style, the first.
 */
export async function boughtTogetherIds(db: D1Database, locale: Locale, productId: string, limit: number): Promise<string[]> {
  const style = await db
    .prepare(
      `SELECT s.id, s.product_type FROM styles s JOIN products p ON p.style_id = s.id
       JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?2 WHERE p.id = ?1`,
    )
    .bind(productId.slice(0, 8), locale.site.id)
    .first<{ id: string; product_type: string }>();
  if (!style) throw new HttpError('PLP400', `No product ${productId} is sold in ${locale.site.id}.`);
  const firstColour = `(SELECT p2.id FROM products p2 JOIN prices x ON x.item_id = p2.id AND x.site_id = ?1 WHERE p2.style_id = s.id ORDER BY p2.position LIMIT 1)`;
  const sellable = `s.is_digital = 0 AND s.is_presale = 0 AND (s.target_publish_date IS NULL OR s.target_publish_date <= date('now')) AND ${firstColour} IS NOT NULL`;
  const together = await db
    .prepare(
      `SELECT ${firstColour} AS id, COUNT(DISTINCT mine.order_number) AS orders FROM order_lines mine
       JOIN order_lines other ON other.order_number = mine.order_number AND substr(other.product_id, 1, 6) <> ?2
       JOIN styles s ON s.id = substr(other.product_id, 1, 6)
       WHERE substr(mine.product_id, 1, 6) = ?2 AND ${sellable}
       GROUP BY s.id ORDER BY orders DESC, s.id LIMIT ?3`,
    )
    .bind(locale.site.id, style.id, limit)
    .all<{ id: string }>();
  const ids = together.results.map((row) => row.id);
  if (ids.length >= limit) return ids;
  const kinds = GOES_WITH[style.product_type] ?? [];
  const { results } = await db
    .prepare(
      `SELECT ${firstColour} AS id FROM styles s WHERE s.product_type IN (SELECT value FROM json_each(?2)) AND ${sellable}
       ORDER BY s.featured_rank, s.id LIMIT ?3`,
    )
    .bind(locale.site.id, JSON.stringify(kinds), limit)
    .all<{ id: string }>();
  return [...new Set([...ids, ...results.map((row) => row.id)])].slice(0, limit);
}

export async function recommendations(
  db: D1Database,
  locale: Locale,
  productId: string,
  type: RecommendationType,
  limit: number,
): Promise<RecommendedProduct[]> {
  const row = await db
    .prepare('SELECT s.product_type FROM products p JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?2 WHERE p.id = ?1')
    .bind(productId.slice(0, 8), locale.site.id)
    .first<{ product_type: string }>();
  if (!row) throw new HttpError('PLP400', `No product ${productId} is sold in ${locale.site.id}.`);
  if (type === 'similar') {
    const similar = similarStatement(db, locale, productId, limit);
    return similar.read(await similar.statement.all());
  }
  const ids = await boughtTogetherIds(db, locale, productId, limit);
  return recommendedProducts(db, locale, { productIds: ids, categoryIds: [], limit });
}

/**
 * Similar styles as one statement, for the product page's own batch: the first colour of other styles of
 * the type, nearest in price to this colour, then best rated.
 */
export function similarStatement(db: D1Database, locale: Locale, productId: string, limit: number) {
  return {
    // The ranked styles, each with its first colour, kept only if it is on sale here now.
    statement: db
      .prepare(
        `SELECT p.id, p.slug, COALESCE(t.name, e.name), p.colour_name, s.rating, s.review_count, pr.list_amount, pr.sale_amount
         FROM similar_styles ss JOIN styles s ON s.id = ss.similar_id
         JOIN products p ON p.style_id = s.id AND p.position = (SELECT MIN(position) FROM products WHERE style_id = s.id)
         JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
         JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
         LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2
         WHERE ss.style_id = substr(?3, 1, 6) AND s.is_presale = 0 AND (s.target_publish_date IS NULL OR s.target_publish_date <= date('now'))
         ORDER BY ss.rank LIMIT ?4`,
      )
      .bind(locale.site.id, locale.lang, productId, limit),
    read: (result: D1Result | undefined) =>
      toRecommended(
        locale,
        ((result?.results ?? []) as Record<string, unknown>[]).map((row) => Object.values(row) as unknown as RecommendationRow),
      ),
  };
}
