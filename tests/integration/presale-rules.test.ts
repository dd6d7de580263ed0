// Presale and coming-soon products held by the cart and order services (commerce-core §2, §6), without
// HTTP against the real D1 and Cart objects: a guest cannot add or buy a presale product (INV407), and
// nobody can add or buy one before it goes on sale (INV406), whichever way the basket was filled. What the
// calls and the cart page's form answer is presale.test.ts.

import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { addToBasket, openBasket } from '../../src/worker/commerce/cart/basket.ts';
import { stockedVariant } from './checkout-helpers.ts';
import { deps, guestsAt, member, orderOutcome, readyBasket, review, type shopper } from './checkout-services.ts';
import { one } from './helpers.ts';

const today = () => new Date().toISOString().slice(0, 10);
const guest = guestsAt('198.19.20.');

/** A priced US variant in stock of a style that is presale (or coming soon), not yet on sale. */
function variantOf(kind: 'presale' | 'coming-soon') {
  const rule = kind === 'presale' ? 's.is_presale = 1 AND (s.target_publish_date IS NULL OR s.target_publish_date <= ?1)' : 's.target_publish_date > ?1';
  return one<{ id: string }>(
    `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id
     JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     WHERE i.quantity > 2 AND s.is_digital = 0 AND s.is_robis_only = 0 AND ${rule} ORDER BY v.id LIMIT 1`,
    today(),
  );
}

/** What adding the variant to a new basket of the shopper's answers: 'added' or the code. */
async function added(who: ReturnType<typeof shopper>, variantId: string): Promise<string> {
  const opened = await openBasket(deps, who, DEFAULT_LOCALE);
  const basketId = (opened.result.ok ? opened.result.state.basketId : undefined) as string;
  return addToBasket(deps, who, DEFAULT_LOCALE, basketId, { productId: variantId, qty: 1 }).then(
    () => 'added',
    (error: { code?: string }) => error.code ?? String(error),
  );
}

const restore: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (restore.length > 0) await restore.pop()?.();
});

/** Makes the variant's style presale, or moves its launch, for this test only. */
async function changeStyle(variantId: string, change: { presale?: boolean; onSaleFrom?: string }) {
  const style = await one<{ id: string; is_presale: number; target_publish_date: string | null }>(
    'SELECT s.id, s.is_presale, s.target_publish_date FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE v.id = ?1',
    variantId,
  );
  const set = (presale: number, date: string | null) =>
    env.DB.prepare('UPDATE styles SET is_presale = ?2, target_publish_date = ?3 WHERE id = ?1').bind(style.id, presale, date).run();
  await set(change.presale === undefined ? style.is_presale : Number(change.presale), change.onSaleFrom ?? style.target_publish_date);
  restore.push(() => set(style.is_presale, style.target_publish_date));
}

/** A basket of a stocked variant reviewed by `who`, then its style changed: what ordering it answers, and the variant. */
async function orderedAfter(who: ReturnType<typeof shopper>, offset: number, email: string, change: Parameters<typeof changeStyle>[1]) {
  const variant = await stockedVariant(5, offset);
  const basketId = await readyBasket(who, variant.id, email);
  await review(who, basketId);
  await changeStyle(variant.id, change);
  return { ...(await orderOutcome(who, basketId)), variantId: variant.id };
}

describe('a presale product', () => {
  it('cannot be added by a guest, and can by a signed-in shopper', async () => {
    const presale = await variantOf('presale');
    expect(await added(guest(), presale.id)).toBe('INV407');
    expect(await added(await member('ana@cairn.test', '198.19.20.200'), presale.id)).toBe('added');
  });

  it('cannot be bought by a guest who has one in the basket', async () => {
    expect(await orderedAfter(guest(), 30, 'early@example.com', { presale: true })).toEqual({ refused: 'INV407', variantId: expect.any(String) });
  });
});

describe('a product not yet on sale', () => {
  it('cannot be added by anyone', async () => {
    const soon = await variantOf('coming-soon');
    expect(await added(guest(), soon.id)).toBe('INV406');
    expect(await added(await member('leo.loyalty@cairn.test', '198.19.20.201'), soon.id)).toBe('INV406');
  });

  it('cannot be bought from a basket that held it before its launch moved', async () => {
    const will = await member('will.wranx@cairn.test', '198.19.20.202');
    const ordered = await orderedAfter(will, 31, 'will.wranx@cairn.test', { onSaleFrom: '2099-01-01' });
    expect(ordered).toEqual({ refused: 'INV406', variantId: ordered.variantId });
    expect(await one('SELECT COUNT(*) AS n FROM order_lines WHERE variant_id = ?1', ordered.variantId)).toEqual({ n: 0 });
  });
});
