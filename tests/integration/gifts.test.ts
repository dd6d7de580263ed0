// Gift with purchase and once-per-customer codes (the cart issue, §2): free socks over a threshold as a
// line the shopper cannot change (GWP403), gone again under it; WELCOME10 refused (PRM150) to a customer
// whose order has redeemed it, applied for anyone else.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { payWithCard, placeOrder, US_ADDRESS } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

const member = signedInJar;

describe('gift with purchase', () => {
  it('adds free socks over the threshold as a line the shopper cannot change, and takes them away under it', async () => {
    const jar = new Jar();
    const boot = await one<{ id: string; price: number }>(
      `SELECT v.id, COALESCE(pr.sale_amount, pr.list_amount) AS price FROM variants v JOIN inventory i ON i.variant_id = v.id
       JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE i.quantity >= 3 AND COALESCE(pr.sale_amount, pr.list_amount) BETWEEN 11000 AND 19000 ORDER BY v.id LIMIT 1`,
    );
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const one1 = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.id });
    expect(one1.body.items.filter((i: { bonus: boolean }) => i.bonus)).toEqual([]);
    expect(one1.body.approachingPromotions.map((p: { promotionId: string }) => p.promotionId)).toContain('US-GWP-SOCKS');

    const two = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: one1.body.items[0].id, qty: 2 });
    const gift = two.body.items.find((i: { bonus: boolean }) => i.bonus);
    expect(gift).toMatchObject({ id: 'gwp-US-GWP-SOCKS', qty: 1, maxQty: 1, price: { current: 0, rowTotal: 0 } });
    expect(two.body.totals.itemSubTotal).toBe(boot.price * 2);
    expect(two.body.promoSummary).toContainEqual(expect.objectContaining({ promotionId: 'US-GWP-SOCKS', calloutMessage: 'Free trail socks are in your cart' }));

    const change = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: gift.id, qty: 2 });
    expect([change.status, change.body.errorId]).toEqual([403, 'GWP403']);
    const remove = await jar.api('DELETE', '/api/cart/v1/item', { cartId: basketId, itemId: gift.id });
    expect(remove.body.errorId).toBe('GWP403');
    const save = await jar.api('PUT', '/api/cart/v2/saveForLater', { cartId: basketId, itemId: gift.id });
    expect(save.body.errorId).toBe('GWP403');

    const back = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: one1.body.items[0].id, qty: 1 });
    expect(back.body.items.filter((i: { bonus: boolean }) => i.bonus)).toEqual([]);
  });
});

describe('a gift with purchase that has run out', () => {
  it('is said with GFO404 on a basket that reached its offer, which no longer claims the gift is in the cart', async () => {
    const jar = new Jar();
    const boot = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE i.quantity >= 3 AND COALESCE(pr.sale_amount, pr.list_amount) BETWEEN 11000 AND 19000 ORDER BY v.id LIMIT 1`,
    );
    const socks = await one<{ gift_variant_id: string }>("SELECT gift_variant_id FROM promotions WHERE id = 'US-GWP-SOCKS'");
    const stock = await one<{ quantity: number }>('SELECT quantity FROM inventory WHERE variant_id = ?1', socks.gift_variant_id);
    await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(socks.gift_variant_id).run();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const cart = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.id, qty: 2 });
    await env.DB.prepare('UPDATE inventory SET quantity = ?2 WHERE variant_id = ?1').bind(socks.gift_variant_id, stock.quantity).run();
    expect(cart.body.items.filter((i: { bonus: boolean }) => i.bonus)).toEqual([]);
    expect(cart.body.flash).toContainEqual(expect.objectContaining({ type: 'GFO404' }));
    expect(cart.body.promoSummary.map((p: { promotionId: string }) => p.promotionId)).not.toContain('US-GWP-SOCKS');
  });
});

describe('once-per-customer codes', () => {
  it('refuse WELCOME10 to a customer who has used it, and apply it for another', async () => {
    const variant = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE i.quantity >= 3 ORDER BY v.id LIMIT 1`,
    );
    const ana = await member('ana@cairn.test', '203.0.113.91');
    const anaCart = (await ana.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await ana.api('POST', '/api/cart/v1/item', { cartId: anaCart, productId: variant.id });
    const refused = await ana.api('PUT', '/api/cart/v1/coupon', { cartId: anaCart, code: 'welcome10' });
    expect([refused.status, refused.body.errorId, refused.body.details[0].field]).toEqual([409, 'PRM150', 'code']);

    const leo = await member('leo.loyalty@cairn.test', '203.0.113.92');
    const leoCart = (await leo.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await leo.api('POST', '/api/cart/v1/item', { cartId: leoCart, productId: variant.id });
    const applied = await leo.api('PUT', '/api/cart/v1/coupon', { cartId: leoCart, code: 'WELCOME10' });
    expect(applied.status).toBe(200);
    expect(applied.body.couponItems).toEqual([{ code: 'WELCOME10', applied: true }]);
  });
});

describe('a free gift with a pickup', () => {
  it('goes to the pickup store with the rest: the order needs no delivery address', async () => {
    const jar = new Jar();
    jar.address = '198.19.8.1';
    const stock = await one<{ storeId: string; variantId: string }>(
      `SELECT si.store_id AS storeId, si.variant_id AS variantId FROM store_inventory si JOIN stores st ON st.id = si.store_id
       JOIN variants v ON v.id = si.variant_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       WHERE st.site_id = 'US' AND st.services LIKE '%"pickup"%' AND si.quantity >= 2 AND s.is_digital = 0 AND s.max_qty IS NULL AND s.is_presale = 0
         AND COALESCE(pr.sale_amount, pr.list_amount) >= 21000
       ORDER BY si.store_id, si.variant_id LIMIT 1`,
    );
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: stock.variantId, qty: 1, storeId: stock.storeId });
    expect(added.body.items.map((i: { bonus: boolean }) => i.bonus)).toEqual([false, true]);
    expect((await jar.get('/en-us/checkout')).html).toContain('Everything in this order is picked up in store');
    const billing = { ...US_ADDRESS, email: 'gift-pickup@example.com' };
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, billing);
    await payWithCard(jar, basketId, '4242424242424242');
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    const lines = await env.DB.prepare('SELECT shipment_id, store_id FROM order_lines WHERE order_number = ?1 ORDER BY rowid')
      .bind(placed.body.orderNumber)
      .all<{ shipment_id: string; store_id: string }>();
    expect(lines.results.map((l) => l.shipment_id)).toEqual([`pickup-${stock.storeId}`, `pickup-${stock.storeId}`]);
  });
});
