// Baskets apart from the main cart (the cart issue, §1): cartWithItem for a wallet order from the product
// page (bid starts an earlier wallet basket again), and reserveWithItem for a reserve-online product.

import { describe, expect, it } from 'vitest';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';

async function variantWithStock(min: number, offset = 0): Promise<{ id: string }> {
  return one(
    `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     WHERE i.quantity >= ?1 AND s.is_robis_only = 0 ORDER BY v.id LIMIT 1 OFFSET ?2`,
    min,
    offset,
  );
}

describe('cartWithItem', () => {
  it('makes a wallet basket of one product, leaving the main cart alone, and starts it again with bid', async () => {
    const jar = new Jar();
    const main = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const inCart = await variantWithStock(3);
    await jar.api('POST', '/api/cart/v1/item', { cartId: main, productId: inCart.id });
    const wallet = await jar.api('POST', '/api/cart/v1/cartWithItem', { productId: (await variantWithStock(3, 1)).id, qty: 1 });
    expect(wallet.status).toBe(201);
    expect(wallet.body.basketId).not.toBe(main);
    expect(wallet.body.items).toHaveLength(1);
    // The session's cart is still the main one, with its own item.
    const reopened = await jar.api('POST', '/api/cart/v1/cart', {});
    expect(reopened.body.basketId).toBe(main);
    expect(reopened.body.items.map((i: { productId: string }) => i.productId)).toEqual([inCart.id]);

    const other = await variantWithStock(3, 2);
    const again = await jar.api('POST', `/api/cart/v1/cartWithItem?bid=${wallet.body.basketId}`, { productId: other.id });
    expect(again.body.basketId).toBe(wallet.body.basketId);
    expect(again.body.items.map((i: { productId: string }) => i.productId)).toEqual([other.id]);
    // Naming the main cart as bid never empties it.
    const notMain = await jar.api('POST', `/api/cart/v1/cartWithItem?bid=${main}`, { productId: other.id });
    expect(notMain.body.basketId).not.toBe(main);
    expect((await jar.api('GET', `/api/cart/v1/cart/${main}`)).body.items).toHaveLength(1);
    // Another session's wallet basket is not reused.
    const stranger = new Jar();
    const theirs = await stranger.api('POST', `/api/cart/v1/cartWithItem?bid=${wallet.body.basketId}`, { productId: other.id });
    expect(theirs.body.basketId).not.toBe(wallet.body.basketId);
    expect((await jar.api('GET', `/api/cart/v1/cart/${wallet.body.basketId}`)).body.items).toHaveLength(1);
  });
});

describe('reserveWithItem', () => {
  it('reserves one unit of a reserve-online product at a store that has it', async () => {
    const jar = new Jar();
    const held = await one<{ variant_id: string; store_id: string }>(
      `SELECT si.variant_id, si.store_id FROM store_inventory si JOIN variants v ON v.id = si.variant_id JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id JOIN stores st ON st.id = si.store_id
       WHERE s.is_robis_only = 1 AND si.quantity > 0 AND st.site_id = 'US' AND st.services LIKE '%"pickup"%' LIMIT 1`,
    );
    const reserved = await jar.api('POST', '/api/cart/v1/reserveWithItem', { productId: held.variant_id, storeId: held.store_id });
    expect(reserved.status).toBe(201);
    expect(reserved.body.items[0]).toMatchObject({ productId: held.variant_id, qty: 1, maxQty: expect.any(Number) });
    expect(reserved.body.items[0].shippingOptions).toMatchObject({ storeInfo: { id: held.store_id } });
    expect(['BOPIS_SD', 'BOPIS_STS']).toContain(reserved.body.items[0].shippingOptions.selected);

    const notReserveOnly = await jar.api('POST', '/api/cart/v1/reserveWithItem', { productId: (await variantWithStock(1)).id, storeId: held.store_id });
    expect([notReserveOnly.status, notReserveOnly.body.details[0].field]).toEqual([400, 'productId']);
    const nowhere = await jar.api('POST', '/api/cart/v1/reserveWithItem', { productId: held.variant_id, storeId: 'GB-0001' });
    expect(nowhere.body.errorId).toBe('ORD516');
  });
});
