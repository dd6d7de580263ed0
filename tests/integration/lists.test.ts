// Favorites and saved-for-later (the cart issue, §6): a guest's lists, adding and removing with the
// catalogue's products, another session's list never found, a public read-only share, pages, the moves
// between the cart and the saved list (ITEM_OOS stays on the list), the merge at sign-in, and no lists on a
// store device while an associate is connected.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { CART_COUNT_COOKIE } from '../../src/shared/commerce/cart-count.ts';
import { one, request } from './helpers.ts';
import { signedIn } from './identity.ts';
import { Jar } from './jar.ts';
import { registerStoreDevice } from './store-device.ts';

async function colours(n: number): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT p.id FROM products p JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US' ORDER BY p.id LIMIT ?1`)
    .bind(n)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

async function variantWithStock(min: number): Promise<{ id: string; quantity: number }> {
  return one(
    `SELECT v.id, i.quantity FROM variants v JOIN inventory i ON i.variant_id = v.id
     JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     WHERE i.quantity >= ?1 ORDER BY v.id DESC LIMIT 1`,
    min,
  );
}

describe('favorites', () => {
  it('start empty, add a product with its catalogue facts, keep one item per product, and remove', async () => {
    const jar = new Jar();
    const empty = await jar.api('GET', '/api/wishlists/v2/favorites');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(empty.body).toMatchObject({ favoriteId: null, total: 0, items: [] });

    const [colour] = await colours(1);
    const added = await jar.api('POST', '/api/wishlists/v2/favorites', { id: colour, pageUrl: '/en-us/c/mens-boots-27713' });
    expect(added.status).toBe(200);
    expect(added.body.favoriteId).toMatch(/^[a-f0-9]{32}$/);
    expect(added.body.total).toBe(1);
    expect(added.body.items[0]).toMatchObject({ itemId: colour, productId: colour, qty: 1, itemType: 'product', pageUrl: '/en-us/c/mens-boots-27713' });
    expect(added.body.items[0].name).not.toBe('');
    expect(added.body.items[0].pdpUrl).toMatch(new RegExp(`^/en-us/p/[a-z0-9-]+-${colour}$`));
    expect(added.body.items[0].price.current).toBeGreaterThan(0);

    const again = await jar.api('POST', '/api/wishlists/v2/favorites', { id: colour, qty: 2 });
    expect(again.body.total).toBe(1);
    expect(again.body.items[0].qty).toBe(2);

    const removed = await jar.api('DELETE', `/api/wishlists/v2/favorites/${added.body.favoriteId}/items/${colour}`);
    expect(removed.status).toBe(200);
    expect(removed.body.total).toBe(0);
    const twice = await jar.api('DELETE', `/api/wishlists/v2/favorites/${added.body.favoriteId}/items/${colour}`);
    expect(twice.status).toBe(404);
    expect(twice.body.errorId).toBe('PLP400');
  });

  it('refuse what the catalogue does not have, and what is not an id, at the field', async () => {
    const jar = new Jar();
    const unknown = await jar.api('POST', '/api/wishlists/v2/favorites', { id: 'ZZZZZZZZ' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorId).toBe('PLP400');
    const bad = await jar.api('POST', '/api/wishlists/v2/favorites', { id: 'not an id', qty: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['id', 'qty']);
  });

  it('are found only by their own session', async () => {
    const owner = new Jar();
    const [colour] = await colours(1);
    const { body } = await owner.api('POST', '/api/wishlists/v2/favorites', { id: colour });
    const stranger = new Jar();
    const remove = await stranger.api('DELETE', `/api/wishlists/v2/favorites/${body.favoriteId}/items/${colour}`);
    expect([remove.status, remove.body.errorId]).toEqual([404, 'AUT440']);
    const addTo = await stranger.api('POST', '/api/wishlists/v2/favorites', { id: colour, favoriteId: body.favoriteId });
    expect([addTo.status, addTo.body.errorId]).toEqual([404, 'AUT440']);
    const share = await stranger.api('POST', `/api/wishlists/v2/favorites/${body.favoriteId}/share`);
    expect(share.status).toBe(404);
    expect((await owner.api('GET', '/api/wishlists/v2/favorites')).body.total).toBe(1);
  });

  it('page with start and count, newest first', async () => {
    const jar = new Jar();
    const ids = await colours(3);
    for (const id of ids) await jar.api('POST', '/api/wishlists/v2/favorites', { id });
    const page = await jar.api('GET', '/api/wishlists/v2/favorites?start=1&count=1');
    expect(page.body).toMatchObject({ total: 3, start: 1, count: 1 });
    expect(page.body.items).toHaveLength(1);
    const all = await jar.api('GET', '/api/wishlists/v2/favorites');
    expect(all.body.items.map((i: { itemId: string }) => i.itemId)).toHaveLength(3);
    expect(page.body.items[0].itemId).toBe(all.body.items[1].itemId);
    const tooMany = await jar.api('GET', '/api/wishlists/v2/favorites?count=1000');
    expect(tooMany.status).toBe(400);
  });

  it('are shared as a public read-only link that keeps working', async () => {
    const jar = new Jar();
    const [colour] = await colours(1);
    const { body } = await jar.api('POST', '/api/wishlists/v2/favorites', { id: colour });
    const notYet = await jar.api('GET', `/api/wishlists/v2/favorites/${body.favoriteId}/share`);
    expect(notYet.status).toBe(404);
    const shared = await jar.api('POST', `/api/wishlists/v2/favorites/${body.favoriteId}/share`);
    expect(shared.status).toBe(200);
    expect(shared.body.shareUrl).toMatch(/^https:\/\/store\.test\/en-us\/favorites\/shared\/[\w-]{24}$/);
    const again = await jar.api('POST', `/api/wishlists/v2/favorites/${body.favoriteId}/share`);
    expect(again.body.token).toBe(shared.body.token);
    // Anyone, without a session, reads it; nothing names the owner.
    const publicRead = await request(`/api/wishlists/v2/shared/${shared.body.token}`);
    expect(publicRead.status).toBe(200);
    expect(publicRead.headers.get('cache-control')).toBe('public, max-age=60');
    const list = (await publicRead.json()) as Record<string, any>;
    expect(list.items.map((i: { itemId: string }) => i.itemId)).toEqual([colour]);
    expect(JSON.stringify(list)).not.toContain(body.favoriteId);
    expect((await request('/api/wishlists/v2/shared/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('merge into the account’s own at sign-in', async () => {
    const jar = new Jar();
    const [colour] = await colours(1);
    await jar.api('POST', '/api/wishlists/v2/favorites', { id: colour });
    const session = await signedIn('ada.athlete@cairn.test', DEMO_PASSWORD, '203.0.113.71', { cookie: jar.header });
    expect(session.status).toBe(200);
    const registered = new Jar();
    registered.cookies = Object.fromEntries(session.cookie.split('; ').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
    const favorites = await registered.api('GET', '/api/wishlists/v2/favorites');
    expect(favorites.body.items.map((i: { itemId: string }) => i.itemId)).toContain(colour);
  });
});

describe('on a store device', () => {
  it('keeps no lists while an associate is connected', async () => {
    const jar = new Jar();
    await registerStoreDevice(jar, 'US-0004');
    const employee = await one<{ employee_id: string }>("SELECT employee_id FROM store_employees WHERE store_id = 'US-0004' ORDER BY employee_id LIMIT 1");
    const connected = await jar.api('POST', '/api/consumers-v3/associate/session', {
      storeId: 'US-0004',
      employeeId: employee.employee_id,
      pin: DEMO_STORE_PIN,
    });
    expect(connected.status).toBe(200);
    const [colour] = await colours(1);
    const refused = await jar.api('POST', '/api/wishlists/v2/favorites', { id: colour });
    expect(refused.status).toBe(403);
    expect(refused.body.errorId).toBe('API403');
    expect((await jar.api('GET', '/api/wishlists/v2/favorites')).body).toMatchObject({ favoriteId: null, total: 0, items: [] });
  });
});

describe('saved for later', () => {
  it('moves a cart line to the list and back, quantities kept', async () => {
    const jar = new Jar();
    const variant = await variantWithStock(4);
    const cart = await jar.api('POST', '/api/cart/v1/cart', {});
    const basketId = cart.body.basketId as string;
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 2 });
    const lineId = added.body.items[0].id as string;

    const saved = await jar.api('PUT', '/api/cart/v2/saveForLater', { cartId: basketId, itemId: lineId });
    expect(saved.status).toBe(200);
    expect(saved.body.items).toEqual([]);
    expect(saved.body.totalItems).toBe(0);
    expect(saved.body.saveForLater).toMatchObject({ total: 1, items: [{ itemId: variant.id, qty: 2, available: true }] });
    expect(jar.cookies[CART_COUNT_COOKIE]).toBe('0');
    const listed = await jar.api('GET', '/api/wishlists/v2/saveForLater');
    expect(listed.body.saveForLaterId).toBe(saved.body.saveForLater.saveForLaterId);

    const back = await jar.api('POST', `/api/cart/v2/cart/${basketId}/saveForLater`, { itemId: variant.id });
    expect(back.status).toBe(200);
    expect(back.body.items.filter((i: { bonus: boolean }) => !i.bonus)).toHaveLength(1);
    expect(back.body.items[0]).toMatchObject({ productId: variant.id, qty: 2 });
    expect(back.body.saveForLater.total).toBe(0);
  });

  it('keeps an item that is out of stock on the list: this item could not be moved to cart', async () => {
    const jar = new Jar();
    const variant = await variantWithStock(2);
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const lineId = (await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id })).body.items[0].id as string;
    const saved = await jar.api('PUT', '/api/cart/v2/saveForLater', { cartId: basketId, itemId: lineId });
    const listId = saved.body.saveForLater.saveForLaterId as string;
    await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(variant.id).run();
    try {
      const refused = await jar.api('POST', `/api/cart/v2/cart/${basketId}/saveForLater`, { itemId: variant.id });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ errorId: 'INV405', message: 'This item could not be moved to cart.' });
      const still = await jar.api('GET', '/api/wishlists/v2/saveForLater');
      expect(still.body.items).toMatchObject([{ itemId: variant.id, available: false }]);
      const deleted = await jar.api('DELETE', `/api/cart/v2/saveForLater/${listId}/items/${variant.id}`);
      expect(deleted.body.total).toBe(0);
    } finally {
      await env.DB.prepare('UPDATE inventory SET quantity = ?2 WHERE variant_id = ?1').bind(variant.id, variant.quantity).run();
    }
  });

  it('cannot move another shopper’s line or item', async () => {
    const owner = new Jar();
    const variant = await variantWithStock(2);
    const basketId = (await owner.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const lineId = (await owner.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id })).body.items[0].id as string;
    const stranger = new Jar();
    await stranger.api('POST', '/api/cart/v1/cart', {});
    const refused = await stranger.api('PUT', '/api/cart/v2/saveForLater', { cartId: basketId, itemId: lineId });
    expect(refused.status).toBe(403);
    expect(refused.body.errorId).toBe('AUT498');
    expect((await owner.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items).toHaveLength(1);
  });
});
