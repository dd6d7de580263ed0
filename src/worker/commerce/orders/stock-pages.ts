// A size selling out, or coming back, changes the pages that show it (its product page's size picker, the
// listings' cards and size filters): the page cache purges those pages (page-cache/) once an order holds the
// last unit of a variant, and once units an order gave back (a cancellation, a failed payment, a return) put a
// sold-out size on sale again. Warehouse stock only: a store's stock reaches the page through an island.

import type { Bindings } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { catalogTags, purgePages } from '../../page-cache/request.ts';

type StockEnv = Pick<Bindings, 'DB' | 'PAGE_PURGE'>;

/**
 * The order's warehouse lines whose variant is in the state `condition` names, as the styles they show and
 * every site that sells them (the warehouse serves them all).
 */
function stylesWhere(condition: string): string {
  return `SELECT DISTINCT p.style_id, pr.site_id FROM order_lines l
            JOIN variants v ON v.id = l.variant_id
            JOIN products p ON p.id = v.product_id
            JOIN inventory i ON i.variant_id = l.variant_id
            JOIN prices pr ON pr.item_id = p.id
          WHERE l.order_number = ?1 AND l.stock_source = 'warehouse' AND ${condition}`;
}

async function purgeStyles(env: StockEnv, sql: string, orderNumber: string): Promise<void> {
  const { results } = await env.DB.prepare(sql).bind(orderNumber).all<{ style_id: string; site_id: string }>();
  const tags = results.flatMap((row) => [catalogTags.product(row.style_id), catalogTags.listings(row.site_id)]);
  await purgePages(env, [...new Set(tags)]);
}

export async function purgeSoldOutPages(env: StockEnv, orderNumber: string, logger: Logger): Promise<void> {
  try {
    await purgeStyles(env, stylesWhere('i.quantity <= 0'), orderNumber);
  } catch (error) {
    // The order stands; the pages catch up within their short freshness.
    logger.error('page_cache.sold_out_purge_failed', { error, orderNumber });
  }
}

/**
 * After the order gave units back: a variant now holding no more than the line's units may have been sold out
 * before, so its pages go (a purge too many only costs a rendering).
 */
export async function purgeRestockedPages(env: StockEnv, orderNumber: string, logger: Logger): Promise<void> {
  try {
    await purgeStyles(env, stylesWhere('i.quantity > 0 AND i.quantity <= l.qty'), orderNumber);
  } catch (error) {
    logger.error('page_cache.restock_purge_failed', { error, orderNumber });
  }
}
