// Another size for a cart line or a saved item (the cart issue, §7: the quick-shop dialog's update-in-cart):
// the line keeps its place and quantity, joins a line that already holds the new size, is refused another
// product's variant and a size out of stock; a saved item changes the same way on the saved list.

import { describe, expect, it } from 'vitest';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';

type Json = Record<string, any>;

/** Two sizes of one colour, both in stock. */
async function twoSizes(): Promise<{ first: string; second: string; productId: string }> {
  return one(
    `SELECT a.id AS first, b.id AS second, a.product_id AS productId FROM variants a JOIN variants b ON b.product_id = a.product_id AND b.id > a.id
     JOIN inventory ia ON ia.variant_id = a.id JOIN inventory ib ON ib.variant_id = b.id
     JOIN prices pr ON pr.item_id = a.product_id AND pr.site_id = 'US'
     WHERE ia.quantity >= 6 AND ib.quantity >= 6 ORDER BY a.id LIMIT 1`,
  );
}

async function basketWith(jar: Jar, adds: [string, number][]) {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  let body: Json = {};
  for (const [productId, qty] of adds) body = (await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId, qty })).body;
  return { basketId, body };
}

const lines = (cart: Json) => cart.items.filter((i: Json) => !i.bonus).map((i: Json) => [i.productId, i.qty]);

describe('changing a cart line to another size', () => {
  it('keeps the line and its quantity, at the new size', async () => {
    const sizes = await twoSizes();
    const jar = new Jar();
    const { basketId, body } = await basketWith(jar, [[sizes.first, 2]]);
    const itemId = body.items[0].id as string;
    const changed = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 2, productId: sizes.second });
    expect(changed.status).toBe(200);
    expect(lines(changed.body)).toEqual([[sizes.second, 2]]);
    expect(changed.body.items[0].id).toBe(itemId);
  });

  it('joins the line that already holds the new size', async () => {
    const sizes = await twoSizes();
    const jar = new Jar();
    const { basketId, body } = await basketWith(jar, [
      [sizes.first, 1],
      [sizes.second, 2],
    ]);
    const first = body.items.find((i: Json) => i.productId === sizes.first).id as string;
    const changed = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: first, qty: 1, productId: sizes.second });
    expect(changed.status).toBe(200);
    expect(lines(changed.body)).toEqual([[sizes.second, 3]]);
  });

  it('refuses another product, a size without the stock, and a free gift', async () => {
    const sizes = await twoSizes();
    const other = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE v.product_id != ?1 AND i.quantity > 0 ORDER BY v.id LIMIT 1`,
      sizes.productId,
    );
    const soldOut = await one<{ id: string; product_id: string; sibling: string }>(
      `SELECT v.id, v.product_id, s.id AS sibling FROM variants v JOIN inventory i ON i.variant_id = v.id
       JOIN variants s ON s.product_id = v.product_id AND s.id != v.id JOIN inventory si ON si.variant_id = s.id
       JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE i.quantity = 0 AND si.quantity >= 2 ORDER BY v.id LIMIT 1`,
    );
    const jar = new Jar();
    const { basketId, body } = await basketWith(jar, [
      [sizes.first, 1],
      [soldOut.sibling, 1],
    ]);
    const first = body.items.find((i: Json) => i.productId === sizes.first).id as string;
    const sibling = body.items.find((i: Json) => i.productId === soldOut.sibling).id as string;
    const foreign = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: first, qty: 1, productId: other.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorId).toBe('ORD404');
    const none = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: sibling, qty: 1, productId: soldOut.id });
    expect(none.body.errorId).toBe('INV700');
    const gift = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: 'gwp-GWP-TOTE', qty: 1, productId: sizes.second });
    expect(gift.body.errorId).toBe('GWP403');
    // Nothing moved.
    const read = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(lines(read.body)).toEqual([
      [sizes.first, 1],
      [soldOut.sibling, 1],
    ]);
  });

  it('is the basket owner’s alone', async () => {
    const sizes = await twoSizes();
    const owner = new Jar();
    const { basketId, body } = await basketWith(owner, [[sizes.first, 1]]);
    const stranger = new Jar();
    await stranger.api('POST', '/api/cart/v1/cart', {});
    const refused = await stranger.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: body.items[0].id, qty: 1, productId: sizes.second });
    expect(refused.status).toBe(403);
    expect(refused.body.errorId).toBe('AUT498');
  });
});

describe('changing a saved item to another size', () => {
  it('changes it on the list, joining the same size if it is there already', async () => {
    const sizes = await twoSizes();
    const jar = new Jar();
    const { basketId, body } = await basketWith(jar, [
      [sizes.first, 1],
      [sizes.second, 2],
    ]);
    for (const item of body.items.filter((i: Json) => !i.bonus)) {
      await jar.api('PUT', '/api/cart/v2/saveForLater', { cartId: basketId, itemId: item.id });
    }
    const saved = await jar.api('GET', '/api/wishlists/v2/saveForLater');
    const listId = saved.body.saveForLaterId as string;
    expect(saved.body.total).toBe(2);
    const changed = await jar.api('PATCH', `/api/cart/v2/saveForLater/${listId}/items/${sizes.first}`, { productId: sizes.second });
    expect(changed.status).toBe(200);
    expect(changed.body.items.map((i: Json) => [i.itemId, i.qty])).toEqual([[sizes.second, 3]]);
    // Not on the list, or not a size of it: coded refusals.
    const missing = await jar.api('PATCH', `/api/cart/v2/saveForLater/${listId}/items/${sizes.first}`, { productId: sizes.second });
    expect(missing.body.errorId).toBe('PLP400');
    const stranger = new Jar();
    const foreign = await stranger.api('PATCH', `/api/cart/v2/saveForLater/${listId}/items/${sizes.second}`, { productId: sizes.first });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
  });
});

describe('the cart page', () => {
  it('offers each line another size, through the quick-shop dialog or the product page', async () => {
    const sizes = await twoSizes();
    const jar = new Jar();
    const { basketId, body } = await basketWith(jar, [[sizes.first, 2]]);
    const { html } = await jar.get('/en-us/cart');
    const link = /<a[^>]*data-quick-shop-update="line:([^"]+)"[^>]*>/.exec(html);
    expect(link?.[1]).toBe(`${basketId}:${body.items[0].id}`);
    expect(link?.[0]).toContain(`data-quick-shop="${sizes.productId}"`);
    expect(link?.[0]).toContain(`data-quick-shop-variant="${sizes.first}"`);
    expect(link?.[0]).toContain('data-quick-shop-qty="2"');
    expect(link?.[0]).toMatch(/href="\/en-us\/p\/[^"]+"/);
  });
});
