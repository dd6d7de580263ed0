// Presale and coming-soon products over HTTP (commerce-core §2, §6): what the cart and order calls and the
// cart page's form answer when they refuse one. Who may add or buy them, and when, is tested on the services
// in presale-rules.test.ts.

import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { payWithCard, placeOrder, readyBasket, stockedVariant } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** A priced US variant in stock of a style that is presale (or coming soon), not yet on sale. */
function variantOf(kind: 'presale' | 'coming-soon') {
  const rule = kind === 'presale' ? 's.is_presale = 1 AND (s.target_publish_date IS NULL OR s.target_publish_date <= ?1)' : 's.target_publish_date > ?1';
  return one<{ id: string; style: string }>(
    `SELECT v.id, s.id AS style FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id
     JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     WHERE i.quantity > 2 AND s.is_digital = 0 AND s.is_robis_only = 0 AND ${rule} ORDER BY v.id LIMIT 1`,
    today(),
  );
}

let guestSeq = 0;
function guest(): Jar {
  const jar = new Jar();
  jar.address = `198.18.40.${++guestSeq}`;
  return jar;
}

const restore: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (restore.length > 0) await restore.pop()?.();
});

/** Makes a style presale or not yet on sale for this test only. */
async function makeStyle(variantId: string, change: { presale?: boolean; onSaleFrom?: string }) {
  const { style, is_presale, target_publish_date } = await one<{ style: string; is_presale: number; target_publish_date: string | null }>(
    'SELECT s.id AS style, s.is_presale, s.target_publish_date FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE v.id = ?1',
    variantId,
  );
  await env.DB.prepare('UPDATE styles SET is_presale = ?2, target_publish_date = ?3 WHERE id = ?1')
    .bind(style, change.presale === undefined ? is_presale : Number(change.presale), change.onSaleFrom ?? target_publish_date)
    .run();
  restore.push(() =>
    env.DB.prepare('UPDATE styles SET is_presale = ?2, target_publish_date = ?3 WHERE id = ?1').bind(style, is_presale, target_publish_date).run(),
  );
}

describe('a presale product', () => {
  it('is answered 401 INV407 when a guest adds it, through the API and the cart page’s form', async () => {
    const presale = await variantOf('presale');
    const jar = guest();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const refused = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: presale.id, qty: 1 });
    expect([refused.status, refused.body.errorId]).toEqual([401, 'INV407']);
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items).toEqual([]);
    // The cart page's plain form is the same call.
    const page = await jar.post('/en-us/cart/add', { productId: presale.id });
    expect(page.status).toBe(401);
  });

  it('is answered 401 INV407 when a guest who has one in the basket places the order', async () => {
    const variant = await stockedVariant(5, 30);
    const jar = guest();
    const basketId = await readyBasket(jar, variant.id);
    await payWithCard(jar, basketId, '4242424242424242');
    await makeStyle(variant.id, { presale: true });
    const placed = await placeOrder(jar, basketId);
    expect([placed.status, placed.body.errorId]).toEqual([401, 'INV407']);
  });
});

describe('a product not yet on sale', () => {
  it('is answered 409 INV406 when it is added', async () => {
    const soon = await variantOf('coming-soon');
    const jar = guest();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const refused = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: soon.id, qty: 1 });
    expect([refused.status, refused.body.errorId]).toEqual([409, 'INV406']);
  });
});
