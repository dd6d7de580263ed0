// Product recommendation items (account-content §3) read from the catalog: named products, or the featured
// products of a category, priced for the site. Content blocks and the product tools both show them.

import type { RecommendedProduct } from '../../../shared/content/blocks.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';

export type RecommendationRow = [
  productId: string,
  slug: string,
  name: string,
  colourName: string,
  rating: number | null,
  reviewCount: number,
  list: number,
  sale: number | null,
];

export const RECOMMENDATION_COLUMNS = `p.id, p.slug, COALESCE(t.name, e.name), p.colour_name, s.rating, s.review_count, pr.list_amount, pr.sale_amount
FROM products p JOIN styles s ON s.id = p.style_id
JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2`;

export interface RecommendationQuery {
  productIds: string[];
  categoryIds: number[];
  limit: number;
}

export async function recommendedProducts(db: D1Database, locale: Locale, query: RecommendationQuery): Promise<RecommendedProduct[]> {
  let rows: RecommendationRow[] = [];
  if (query.productIds.length > 0) {
    const found = await db
      .prepare(`SELECT ${RECOMMENDATION_COLUMNS} WHERE p.id IN (SELECT value FROM json_each(?3))`)
      .bind(locale.site.id, locale.lang, JSON.stringify(query.productIds))
      .raw<RecommendationRow>();
    // Keep the marketer's order.
    rows = query.productIds.map((id) => found.find((r) => r[0] === id)).filter((r): r is RecommendationRow => r !== undefined);
  } else if (query.categoryIds.length > 0) {
    // The first colour of the category's featured styles.
    rows = await db
      .prepare(
        `SELECT ${RECOMMENDATION_COLUMNS} WHERE s.category_id IN (SELECT value FROM json_each(?3)) AND s.is_digital = 0
         AND p.position = (SELECT MIN(position) FROM products WHERE style_id = s.id)
         ORDER BY s.featured_rank LIMIT ?4`,
      )
      .bind(locale.site.id, locale.lang, JSON.stringify(query.categoryIds), query.limit)
      .raw<RecommendationRow>();
  }
  return toRecommended(locale, rows.slice(0, query.limit));
}

/** Rows of RECOMMENDATION_COLUMNS as cards, in their order. */
export function toRecommended(locale: Locale, rows: readonly RecommendationRow[]): RecommendedProduct[] {
  return rows.map(([productId, slug, name, colourName, rating, reviewCount, list, sale], i) => {
    const current = sale ?? list;
    return {
      productId,
      name,
      url: paths.product(locale.code, slug, productId),
      image: { kind: 'product', productId, view: 'side' },
      colourName,
      reviewAverage: rating,
      reviewsCount: reviewCount,
      price: {
        currency: locale.site.currency,
        lowCurrent: current,
        highCurrent: current,
        lowOriginal: list,
        highOriginal: list,
        current,
        original: list,
        onSale: current < list,
      },
      recommendationId: `${productId}-${i + 1}`,
    };
  });
}
