// The cart's first calls (the cart issue, §1): one Durable Object per basket, the basket the session's own,
// prices and stock read fresh from D1, what the calls answer, and expiry. The rules on quantities, stock
// and a basket's owner, and adds at the same moment, are tested on the services in cart-rules.test.ts.

import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { CART_LIFETIME_MS } from '../../src/worker/commerce/cart/cart-object.ts';
import { getJson, one, request } from './helpers.ts';
import { cookieHeader, JSON_POST, signedIn } from './identity.ts';

type Json = Record<string, any>;

/** A fresh guest session and its new basket. */
async function newCart(): Promise<{ cookie: string; basketId: string; body: Json }> {
  const created = await getJson<Json>('/api/cart/v1/cart', { method: 'POST', headers: JSON_POST, body: '{}' });
  expect(created.status).toBe(201);
  const cookie = cookieHeader(Object.fromEntries(created.headers.getSetCookie().map((line) => line.split(';')[0]?.split('=') as [string, string])));
  return { cookie, basketId: created.body.basketId as string, body: created.body };
}

async function variantWithStock(min: number, except: readonly string[] = []): Promise<{ id: string; quantity: number; price: number }> {
  return one(
    `SELECT v.id, i.quantity, COALESCE(pr.sale_amount, pr.list_amount) AS price FROM variants v
     JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     WHERE i.quantity >= ?1 AND s.max_qty IS NULL AND v.id NOT IN (SELECT value FROM json_each(?2)) ORDER BY i.quantity, v.id LIMIT 1`,
    min,
    JSON.stringify(except),
  );
}

function add(cookie: string, cartId: string, productId: string, qty = 1) {
  return getJson<Json>('/api/cart/v1/item', { method: 'POST', headers: { ...JSON_POST, cookie }, body: JSON.stringify({ cartId, productId, qty }) });
}

describe('the cart', () => {
  it('is created for the session, empty, and named in the session', async () => {
    const { cookie, basketId, body } = await newCart();
    expect(basketId).toMatch(/^[a-f0-9]{32}$/);
    expect(body).toMatchObject({ currency: 'USD', totalItems: 0, items: [], totals: { total: 0, itemSubTotal: 0 } });
    const again = await getJson<Json>('/api/cart/v1/cart', { method: 'POST', headers: { ...JSON_POST, cookie }, body: '{}' });
    // The session keeps its basket.
    expect(again.status).toBe(200);
    expect(again.body.basketId).toBe(basketId);
  });

  it('adds an item at its price from D1, adds to the same line, and totals it', async () => {
    const { cookie, basketId } = await newCart();
    const variant = await variantWithStock(5);
    const first = await add(cookie, basketId, variant.id, 2);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    // The shopper's own lines (a free gift may join them once the cart is big enough).
    expect(first.body.items.filter((i: Json) => !i.bonus)).toHaveLength(1);
    expect(first.body.items[0]).toMatchObject({ productId: variant.id, qty: 2, price: { current: variant.price, rowTotal: variant.price * 2 } });
    const second = await add(cookie, basketId, variant.id, 1);
    expect(second.body.items.filter((i: Json) => !i.bonus)).toHaveLength(1);
    expect(second.body.items[0].qty).toBe(3);
    expect(second.body.totalItems).toBe(3);
    expect(second.body.totals).toMatchObject({ itemSubTotal: variant.price * 3, currency: 'USD' });
    // A read that asks for the supply check reads price and stock again: a new price in D1 shows at once.
    await env.DB.prepare(
      "UPDATE prices SET sale_amount = NULL, list_amount = list_amount + 100 WHERE site_id = 'US' AND item_id = (SELECT product_id FROM variants WHERE id = ?1)",
    )
      .bind(variant.id)
      .run();
    const read = await getJson<Json>(`/api/cart/v1/cart/${basketId}?inventorySupplyCheck=true`, { headers: { cookie } });
    expect(read.body.items[0].price.current).not.toBe(variant.price);
    // So does the next change.
    const third = await add(cookie, basketId, variant.id, 1);
    expect(third.body.items[0].price.current).toBe(read.body.items[0].price.current);
  });

  it('holds no more of a limited release than its style allows (INV408), whatever the caller asks', async () => {
    const { cookie, basketId } = await newCart();
    const limited = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE s.max_qty = 2 AND i.quantity >= 5 ORDER BY v.id LIMIT 1`,
    );
    const two = await getJson<Json>('/api/cart/v1/item', {
      method: 'POST',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ cartId: basketId, productId: limited.id, qty: 2, maxQty: 50 }),
    });
    expect(two.status).toBe(200);
    expect(two.body.items[0]).toMatchObject({ qty: 2, maxQty: 2 });
    const third = await add(cookie, basketId, limited.id, 1);
    expect(third.status).toBe(409);
    expect(third.body.errorId).toBe('INV408');
    // The product says so before anyone tries: in its API answer and on its page.
    const colour = limited.id.slice(0, 8);
    const details = await getJson<Json>(`/api/products/v2/products/${colour}/details`);
    expect(details.body.product.maxQty).toBe(2);
    const page = await request(details.body.product.url);
    expect(await page.text()).toContain('Limited release: at most 2 per order');
  });

  it('repairs a basket on a read with isPatchRequired: a sold-out line leaves, a quantity above the stock comes down', async () => {
    const { cookie, basketId } = await newCart();
    const kept = await variantWithStock(5);
    const gone = await variantWithStock(5, [kept.id]);
    await add(cookie, basketId, kept.id, 4);
    await add(cookie, basketId, gone.id, 1);
    await env.DB.prepare('UPDATE inventory SET quantity = ?2 WHERE variant_id = ?1').bind(kept.id, 2).run();
    await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(gone.id).run();
    const patched = await getJson<Json>(`/api/cart/v1/cart/${basketId}?isPatchRequired=true`, { headers: { cookie } });
    expect(patched.status).toBe(200);
    const lines = patched.body.items.filter((i: Json) => !i.bonus);
    expect(lines.map((i: Json) => [i.productId, i.qty])).toEqual([[kept.id, 2]]);
    expect(patched.body.flash.map((f: Json) => f.type)).toEqual(expect.arrayContaining(['ITEM_NO_LONGER_AVAILABLE', 'ProductItemMaxQuantity']));
    // The repair is kept: the next read has nothing more to say about it.
    const again = await getJson<Json>(`/api/cart/v1/cart/${basketId}?inventorySupplyCheck=true`, { headers: { cookie } });
    expect(again.body.items.filter((i: Json) => !i.bonus).map((i: Json) => i.qty)).toEqual([2]);
    expect(again.body.flash.filter((f: Json) => f.itemId)).toEqual([]);
    // A flag is true or false, nothing else.
    const bad = await getJson<Json>(`/api/cart/v1/cart/${basketId}?isPatchRequired=yes`, { headers: { cookie } });
    expect(bad.status).toBe(400);
  });

  it('belongs to its session: another session gets AUT498, an unknown basket BSK404', async () => {
    const mine = await newCart();
    const theirs = await newCart();
    const foreign = await getJson<Json>(`/api/cart/v1/cart/${mine.basketId}`, { headers: { cookie: theirs.cookie } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.errorId).toBe('AUT498');
    expect(foreign.body.items).toBeUndefined();
    const variant = await variantWithStock(2);
    expect((await add(theirs.cookie, mine.basketId, variant.id)).body.errorId).toBe('AUT498');
    const anonymous = await getJson<Json>(`/api/cart/v1/cart/${mine.basketId}`);
    expect(anonymous.body.errorId).toBe('AUT498');
    const unknown = await getJson<Json>(`/api/cart/v1/cart/${'0'.repeat(32)}`, { headers: { cookie: mine.cookie } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorId).toBe('BSK404');
  });

  it('changes and removes a line', async () => {
    const { cookie, basketId } = await newCart();
    const variant = await variantWithStock(4);
    const added = await add(cookie, basketId, variant.id, 1);
    const itemId = added.body.items[0].id as string;
    const changed = await getJson<Json>(`/api/cart/v1/cart/${basketId}/item`, {
      method: 'PUT',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ itemId, qty: 4 }),
    });
    expect(changed.body.items[0].qty).toBe(4);
    const over = await getJson<Json>(`/api/cart/v1/cart/${basketId}/item`, {
      method: 'PUT',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ itemId, qty: variant.quantity + 1 }),
    });
    expect(over.body.errorId).toBe('INV408');
    const zero = await getJson<Json>(`/api/cart/v1/cart/${basketId}/item`, {
      method: 'PUT',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ itemId, qty: 0 }),
    });
    expect(zero.body.errorId).toBe('API400');
    const removed = await getJson<Json>('/api/cart/v1/item', {
      method: 'DELETE',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ cartId: basketId, itemId }),
    });
    expect(removed.body.items).toEqual([]);
    const again = await getJson<Json>('/api/cart/v1/item', {
      method: 'DELETE',
      headers: { ...JSON_POST, cookie },
      body: JSON.stringify({ cartId: basketId, itemId }),
    });
    expect(again.body.errorId).toBe('ORD404');
  });

  it('expires after 30 days without a change', async () => {
    const { cookie, basketId } = await newCart();
    const stub = env.CART.get(env.CART.idFromName(basketId));
    // Not yet: a change put the alarm 30 days on; running it early keeps the basket.
    expect(CART_LIFETIME_MS).toBe(30 * 24 * 60 * 60 * 1000);
    await runInCart(stub, (state) => state.storage.sql.exec("UPDATE meta SET value = '2020-01-01T00:00:00.000Z' WHERE key = 'updatedAt'"));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const gone = await getJson<Json>(`/api/cart/v1/cart/${basketId}`, { headers: { cookie } });
    expect(gone.body.errorId).toBe('BSK404');
    // Coming back, the shopper gets a new cart that says the old one expired.
    const fresh = await getJson<Json>('/api/cart/v1/cart', { method: 'POST', headers: { ...JSON_POST, cookie }, body: '{}' });
    expect(fresh.status).toBe(201);
    expect(fresh.body.basketId).not.toBe(basketId);
    expect(fresh.body.flash.map((f: Json) => f.type)).toEqual(['CartExpired']);
  });
});

describe('promotions and coupons', () => {
  const coupon = (cookie: string, cartId: string, code: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    getJson<Json>('/api/cart/v1/coupon', { method, headers: { ...JSON_POST, cookie }, body: JSON.stringify({ cartId, code }) });

  async function bootVariant(): Promise<{ id: string; price: number }> {
    return one(
      `SELECT v.id, COALESCE(pr.sale_amount, pr.list_amount) AS price FROM variants v JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE s.product_type = 'boot' AND i.quantity >= 2 ORDER BY v.id LIMIT 1`,
    );
  }

  it('keeps a code that covers nothing in the cart yet, and says so with PRM175', async () => {
    const { cookie, basketId } = await newCart();
    const notBoot = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id JOIN inventory i ON i.variant_id = v.id
       JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE s.product_type <> 'boot' AND s.is_digital = 0 AND s.is_robis_only = 0 AND s.is_presale = 0 AND i.quantity >= 2 ORDER BY v.id LIMIT 1`,
    );
    await add(cookie, basketId, notBoot.id, 1);
    const idle = await coupon(cookie, basketId, 'TRAIL15');
    expect(idle.status).toBe(200);
    expect(idle.body.couponItems).toEqual([{ code: 'TRAIL15', applied: false }]);
    expect(idle.body.flash).toContainEqual({ type: 'PRM175', message: 'This code is saved on your cart but does not apply to what is in it yet.' });
    const boot = await bootVariant();
    const withBoot = await add(cookie, basketId, boot.id, 1);
    expect(withBoot.body.couponItems).toEqual([{ code: 'TRAIL15', applied: true }]);
  });

  it('applies a coupon from D1 to the lines it covers, once, whatever its case, and takes it off again', async () => {
    const { cookie, basketId } = await newCart();
    const boot = await bootVariant();
    await add(cookie, basketId, boot.id, 1);
    const applied = await coupon(cookie, basketId, 'trail15');
    expect(applied.status).toBe(200);
    expect(applied.body.couponItems).toEqual([{ code: 'TRAIL15', applied: true }]);
    expect(applied.body.items[0].productPromotions).toEqual([
      { promotionId: 'US-TRAIL15', couponCode: 'TRAIL15', campaignId: 'US-TRAIL-SEASON', price: -Math.round(boot.price * 0.15) },
    ]);
    // The cart's discount is the coupon's, and free standard shipping when the boot still reaches the threshold.
    expect(applied.body.totals.totalDiscount - applied.body.totals.shippingDiscount).toBe(Math.round(boot.price * 0.15));
    expect((await coupon(cookie, basketId, 'TRAIL15')).body.errorId).toBe('PRM416');
    const removed = await coupon(cookie, basketId, 'TRAIL15', 'DELETE');
    expect(removed.body.couponItems).toEqual([]);
    expect(removed.body.totals.totalDiscount - removed.body.totals.shippingDiscount).toBe(0);
    expect((await coupon(cookie, basketId, 'TRAIL15', 'DELETE')).body.errorId).toBe('PRM130');
  });

  it.each([
    ['NOPE-123', 'PRM130', 404],
    ['SUMMER25', 'PRM155', 410],
    ['WINTER30', 'PRM135', 409],
    ['FLASH5', 'PRM140', 409],
    ['!!', 'PRM160', 400],
  ])('refuses %s with %s at the code field', async (code, errorId, status) => {
    const { cookie, basketId } = await newCart();
    const refused = await coupon(cookie, basketId, code);
    expect(refused.status).toBe(status);
    expect(refused.body.errorId).toBe(errorId);
    expect(refused.body.details?.[0]?.field).toBe('code');
  });

  it('says how far free shipping is, and gives members their own promotion', async () => {
    const { cookie, basketId } = await newCart();
    const boot = await bootVariant();
    const cart = await add(cookie, basketId, boot.id, 1);
    const shipping = cart.body.promoSummary.find((p: Json) => p.promotionId === 'US-FREE-SHIPPING');
    expect(shipping.thresholdStatus).toBe(boot.price >= 7500 ? (boot.price === 7500 ? 'Threshold Reached' : 'Above Threshold') : 'Below Threshold');
    // The registered-only promotion (10 % over $100) is not a guest's.
    expect(cart.body.orderPromotions.map((p: Json) => p.promotionId)).not.toContain('US-WELCOME-REGISTERED');
    const member = await signedIn('ana@cairn.test', DEMO_PASSWORD, '198.51.100.70', { cookie });
    const twoPairs = await add(member.cookie, member.body.basketId, boot.id, 1);
    expect(twoPairs.body.totals.itemSubTotal).toBeGreaterThanOrEqual(10000);
    expect(twoPairs.body.orderPromotions.map((p: Json) => p.promotionId)).toContain('US-WELCOME-REGISTERED');
  });
});

describe('the cart at sign-in', () => {
  it('becomes the shopper’s own basket, then merges a later guest basket into it, the same item adding up', async () => {
    const email = 'leo.loyalty@cairn.test';
    const [boots, socks] = await Promise.all([
      variantWithStock(6),
      one<{ id: string }>(
        "SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US' WHERE i.quantity >= 3 ORDER BY v.id DESC LIMIT 1",
      ),
    ]);
    // First device: a guest basket with two pairs, then sign-in: the basket is now the account's.
    const first = await newCart();
    await add(first.cookie, first.basketId, boots.id, 2);
    const signedFirst = await signedIn(email, DEMO_PASSWORD, '198.51.100.60', { cookie: first.cookie });
    expect(signedFirst.body.basketId).toBe(first.basketId);
    const own = await getJson<Json>(`/api/cart/v1/cart/${first.basketId}`, { headers: { cookie: signedFirst.cookie } });
    expect(own.body.items.filter((i: Json) => !i.bonus).map((i: Json) => i.qty)).toEqual([2]);

    // Second device: another guest basket, then sign-in: its lines merge into the account's basket.
    const second = await newCart();
    await add(second.cookie, second.basketId, boots.id, 1);
    await add(second.cookie, second.basketId, socks.id, 1);
    const signedSecond = await signedIn(email, DEMO_PASSWORD, '198.51.100.61', { cookie: second.cookie });
    expect(signedSecond.body.basketId).toBe(first.basketId);
    const merged = await getJson<Json>(`/api/cart/v1/cart/${first.basketId}`, { headers: { cookie: signedSecond.cookie } });
    expect(Object.fromEntries(merged.body.items.filter((i: Json) => !i.bonus).map((i: Json) => [i.productId, i.qty]))).toEqual({
      [boots.id]: 3,
      [socks.id]: 1,
    });
    expect(merged.body.flash.map((f: Json) => f.type)).toEqual(['ItemsMerged']);
    // Said once.
    const later = await getJson<Json>(`/api/cart/v1/cart/${first.basketId}`, { headers: { cookie: signedSecond.cookie } });
    expect(later.body.flash).toEqual([]);
    // The guest basket is gone, for its old session too.
    expect((await getJson<Json>(`/api/cart/v1/cart/${second.basketId}`, { headers: { cookie: second.cookie } })).body.errorId).toMatch(/AUT498|BSK404/);
    // The first device, still signed in, sees the same basket.
    expect((await getJson<Json>(`/api/cart/v1/cart/${first.basketId}`, { headers: { cookie: signedFirst.cookie } })).body.totalItems).toBe(4);
  });

  it('tells what the merge could not keep: units out of stock (ITEMS_OOS) and a line that kept its own store (ChangedStoreId)', async () => {
    const email = 'ian.ipa@cairn.test';
    // A variant two pickup stores hold, and another the guest adds before its last units sell.
    const stores = (
      await env.DB.prepare(
        `WITH pickable AS (
           SELECT si.store_id, si.variant_id FROM store_inventory si JOIN stores s ON s.id = si.store_id JOIN inventory i ON i.variant_id = si.variant_id
           JOIN variants v ON v.id = si.variant_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
           JOIN products p ON p.id = v.product_id JOIN styles st ON st.id = p.style_id
           WHERE s.site_id = 'US' AND s.services LIKE '%"pickup"%' AND si.quantity >= 2 AND i.quantity >= 5 AND st.max_qty IS NULL AND st.is_robis_only = 0)
         SELECT store_id, variant_id FROM pickable
         WHERE variant_id = (SELECT variant_id FROM pickable GROUP BY variant_id HAVING COUNT(*) >= 2 ORDER BY variant_id LIMIT 1)
         ORDER BY store_id LIMIT 2`,
      ).all<{ store_id: string; variant_id: string }>()
    ).results;
    const [here, there] = stores as [{ store_id: string; variant_id: string }, { store_id: string; variant_id: string }];
    expect(here.variant_id).toBe(there.variant_id);
    const soldOut = await variantWithStock(3, [here.variant_id]);
    const pickUp = (cookie: string, cartId: string, storeId: string) =>
      getJson<Json>('/api/cart/v1/item', {
        method: 'POST',
        headers: { ...JSON_POST, cookie },
        body: JSON.stringify({ cartId, productId: here.variant_id, qty: 1, storeId }),
      });

    const first = await newCart();
    expect((await pickUp(first.cookie, first.basketId, here.store_id)).status).toBe(200);
    const signedFirst = await signedIn(email, DEMO_PASSWORD, '198.51.100.62', { cookie: first.cookie });
    const ownLine = (await getJson<Json>(`/api/cart/v1/cart/${first.basketId}`, { headers: { cookie: signedFirst.cookie } })).body.items[0];

    const second = await newCart();
    expect((await pickUp(second.cookie, second.basketId, there.store_id)).status).toBe(200);
    await add(second.cookie, second.basketId, soldOut.id, 2);
    await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(soldOut.id).run();
    const signedSecond = await signedIn(email, DEMO_PASSWORD, '198.51.100.63', { cookie: second.cookie });
    const merged = await getJson<Json>(`/api/cart/v1/cart/${first.basketId}`, { headers: { cookie: signedSecond.cookie } });
    await env.DB.prepare('UPDATE inventory SET quantity = ?2 WHERE variant_id = ?1').bind(soldOut.id, soldOut.quantity).run();
    expect(merged.body.flash.map((f: Json) => [f.type, f.itemId ?? null])).toEqual([
      ['ItemsMerged', null],
      ['ITEMS_OOS', null],
      ['ChangedStoreId', ownLine.id],
    ]);
    const line = merged.body.items.find((i: Json) => i.id === ownLine.id);
    expect([line.qty, line.shippingOptions.storeInfo?.id]).toEqual([2, here.store_id]);
    expect(merged.body.items.some((i: Json) => i.productId === soldOut.id)).toBe(false);
  });

  it('finds a signed-in shopper’s basket from a device that has none', async () => {
    const email = 'ada.athlete@cairn.test';
    const guest = await newCart();
    const variant = await variantWithStock(2);
    await add(guest.cookie, guest.basketId, variant.id, 1);
    await signedIn(email, DEMO_PASSWORD, '198.51.100.62', { cookie: guest.cookie });
    // A new device: signed in without a guest basket, it asks for a cart and gets its own.
    const fresh = await signedIn(email, DEMO_PASSWORD, '198.51.100.63');
    const cart = await getJson<Json>('/api/cart/v1/cart', { method: 'POST', headers: { ...JSON_POST, cookie: fresh.cookie }, body: '{}' });
    expect(cart.body.basketId).toBe(guest.basketId);
    expect(cart.body.totalItems).toBe(1);
  });
});

async function runInCart(stub: DurableObjectStub, run: (state: DurableObjectState) => void): Promise<void> {
  await runInDurableObject(stub, (_instance, state) => run(state));
}
