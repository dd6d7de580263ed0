// A size selling out changes the pages that show it (its product page's size picker, the listings' cards):
// once an order holds the last unit of a variant, the page cache purges those pages (page-cache/).

import type { Bindings } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { catalogTags, purgePages } from '../../page-cache/request.ts';

export async function purgeSoldOutPages(env: Pick<Bindings, 'DB' | 'PAGE_PURGE'>, orderNumber: string, logger: Logger): Promise<void> {
  try {
    const { results } = await env.DB.prepare(
      `SELECT DISTINCT p.style_id, o.site_id FROM order_lines l
         JOIN orders o ON o.order_number = l.order_number
         JOIN products p ON p.id = (SELECT product_id FROM variants WHERE id = l.variant_id)
         JOIN inventory i ON i.variant_id = l.variant_id
       WHERE l.order_number = ?1 AND i.quantity <= 0`,
    )
      .bind(orderNumber)
      .all<{ style_id: string; site_id: string }>();
    const tags = results.flatMap((row) => [catalogTags.product(row.style_id), catalogTags.listings(row.site_id)]);
    await purgePages(env, [...new Set(tags)]);
  } catch (error) {
    // The order stands; the pages catch up within their short freshness.
    logger.error('page_cache.sold_out_purge_failed', { error, orderNumber });
  }
}
