// Product tools API (account-content §7 Internal and Products; the store services issue, §4): size charts by
// product type, foot sizes, a comparison of up to four products of one type, and recommendations.

import { Hono } from 'hono';
import * as v from 'valibot';
import { LocaleQuery } from '../../../shared/schema/catalog.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { PRODUCT_TYPES } from './product-types.ts';
import { apparelChart, bottomsChart, shoeChart } from './size-charts.ts';
import { COMPARE_MAX, compareProducts, RECOMMENDATION_TYPES, recommendations } from './tools.ts';

const AUDIENCES = ['men', 'women', 'kids'] as const;

/** Every chart of a size system, for each audience it is sold to. */
export function sizeCharts(system: string) {
  if (system === 'shoe') return Object.fromEntries(AUDIENCES.map((audience) => [audience, { shoe: shoeChart(audience) }]));
  if (system === 'apparel') return Object.fromEntries(AUDIENCES.map((audience) => [audience, { body: apparelChart(audience) }]));
  if (system === 'bottoms') return { all: { bottoms: bottomsChart() } };
  return {};
}

export const toolRoutes = new Hono<AppEnv>()
  .get(
    '/fapi/components/size-chart/:productType',
    valid(
      'param',
      v.object({
        productType: v.picklist(
          PRODUCT_TYPES.filter((t) => t !== 'gift-card'),
          'Unknown product type.',
        ),
      }),
    ),
    async (c) => {
      const { productType } = c.req.valid('param');
      const row = await c.env.DB.prepare('SELECT size_system FROM styles WHERE product_type = ?1 LIMIT 1').bind(productType).first<{ size_system: string }>();
      if (!row) throw new HttpError('API404', `No ${productType} is sold.`);
      return c.json(envelope(c, { productType, sizeSystem: row.size_system, charts: sizeCharts(row.size_system) }));
    },
  )
  .get('/fapi/components/foot-sizes', (c) =>
    c.json(envelope(c, { units: ['us', 'uk', 'eu', 'cm'], sizes: Object.fromEntries(AUDIENCES.map((audience) => [audience, shoeChart(audience)])) })),
  )
  .get(
    '/fapi/components/compare',
    valid(
      'query',
      v.object({
        products: v.pipe(
          v.string('products: two to four product ids, comma-separated.'),
          v.transform((s) =>
            s
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          ),
          v.check((ids) => ids.every((id) => /^[A-Z0-9]{8,11}$/.test(id)), 'products: product ids are 8 to 11 uppercase letters or digits.'),
          v.maxLength(COMPARE_MAX, `products: compare at most ${COMPARE_MAX} products.`),
        ),
        ...LocaleQuery.entries,
      }),
    ),
    async (c) => {
      const query = c.req.valid('query');
      const locale = apiLocale(c, query);
      const products = await compareProducts(c.env.DB, locale, query.products);
      const benefits = [...new Set(products.flatMap((p) => Object.keys(p.benefits)))];
      return c.json(envelope(c, { productType: products[0]?.productType, benefits, products }));
    },
  )
  .get(
    '/products/v1/widgetRecommendations',
    valid(
      'query',
      v.object({
        productId: v.pipe(v.string('productId is required.'), v.regex(/^[A-Z0-9]{8,11}$/, 'productId: 8 to 11 uppercase letters or digits.')),
        type: v.optional(v.picklist(RECOMMENDATION_TYPES, `type is one of ${RECOMMENDATION_TYPES.join(', ')}.`), 'similar'),
        count: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'count is a whole number.'), v.transform(Number), v.minValue(1), v.maxValue(12)), '4'),
        ...LocaleQuery.entries,
      }),
    ),
    async (c) => {
      const query = c.req.valid('query');
      const locale = apiLocale(c, query);
      const products = await recommendations(c.env.DB, locale, query.productId, query.type, query.count);
      return c.json(envelope(c, { productId: query.productId, type: query.type, recommendationId: `${query.type}:${query.productId.slice(0, 8)}`, products }));
    },
  );
