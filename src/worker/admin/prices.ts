// Price changes for merchandisers: a product's (one colour's) list and sale price on one site, every size alike, audited, and the pages that
// show it purged (its product page and the site's listings). EU sites keep the lowest price of the 30 days
// before a sale (the Omnibus rule): without a price history, the lowest the store has shown since the last
// change is what it knows, so a sale that starts records the price shown until now when that is lower.

import type * as v from 'valibot';
import { SITES, type SiteId } from '../../shared/locale/sites.ts';
import type { PriceChangeBody } from '../../shared/schema/admin.ts';
import type { Bindings } from '../env.ts';
import { auditStatement } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import { catalogTags, purgePages } from '../page-cache/request.ts';

type PriceChange = v.InferOutput<typeof PriceChangeBody>;

interface PriceRow {
  list_amount: number;
  sale_amount: number | null;
  lowest_30d_amount: number | null;
  sale_since: string | null;
}

export async function changePrice(
  env: Pick<Bindings, 'DB' | 'PAGE_PURGE'>,
  productId: string,
  change: PriceChange,
  actor: { name: string; correlationId: string },
  now = new Date(),
) {
  const db = env.DB;
  const product = await db.prepare('SELECT style_id FROM products WHERE id = ?1').bind(productId).first<{ style_id: string }>();
  if (!product) throw new HttpError('API404', `No product ${productId}.`);
  const before = await db
    .prepare('SELECT list_amount, sale_amount, lowest_30d_amount, sale_since FROM prices WHERE item_id = ?1 AND site_id = ?2')
    .bind(productId, change.siteId)
    .first<PriceRow>();
  if (!before) throw new HttpError('API404', `Product ${productId} is not sold on site ${change.siteId}.`);
  const shown = before.sale_amount ?? before.list_amount;
  const eu = SITES[change.siteId as SiteId].region === 'EMEA';
  const startsSale = change.saleAmount !== null && before.sale_amount === null;
  const lowest = change.saleAmount === null ? null : eu ? Math.min(before.lowest_30d_amount ?? shown, shown) : before.lowest_30d_amount;
  const since = change.saleAmount === null ? null : startsSale ? now.toISOString().slice(0, 10) : before.sale_since;
  await db.batch([
    db
      // The colour and each of its sizes, which carry prices of their own.
      .prepare(
        `UPDATE prices SET list_amount = ?3, sale_amount = ?4, lowest_30d_amount = ?5, sale_since = ?6
         WHERE site_id = ?2 AND (item_id = ?1 OR item_id IN (SELECT id FROM variants WHERE product_id = ?1))`,
      )
      .bind(productId, change.siteId, change.listAmount, change.saleAmount, lowest, since),
    auditStatement(db, {
      actor: actor.name,
      action: 'price.change',
      subject: `price:${productId}:${change.siteId}`,
      details: { before: { list: before.list_amount, sale: before.sale_amount }, after: { list: change.listAmount, sale: change.saleAmount } },
      correlationId: actor.correlationId,
    }),
  ]);
  const pages = await purgePages(env, [catalogTags.product(product.style_id), catalogTags.listings(change.siteId)]);
  return { productId, siteId: change.siteId, listAmount: change.listAmount, saleAmount: change.saleAmount, lowest30dAmount: lowest, saleSince: since, pages };
}
