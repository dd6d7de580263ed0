// A digital gift card sent to someone (the cart issue, §7; commerce-core §3 giftOption, §8 GFO405), an
// item added for pickup (commerce-core §7, item add with storeId or action=pickup), and the item fields
// the catalogue gives a line (badge, eyebrow, rating).

import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { forgetIsolateMemory } from '../../src/worker/lib/isolate-memory.ts';
import { getJson, one } from './helpers.ts';
import { signedIn } from './identity.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

const ANA = { to: 'Ana', email: 'ana@example.com', message: 'Happy birthday, see you on the trail!' };

async function giftCardVariant(): Promise<{ id: string }> {
  return one(
    `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     WHERE s.is_digital = 1 ORDER BY v.id LIMIT 1`,
  );
}

async function shoeVariant(): Promise<{ id: string; badge: string | null; rating: number | null; reviewCount: number; eyebrow: string | null }> {
  return one(
    `SELECT v.id, s.badge, s.rating, s.review_count AS reviewCount, t.eyebrow FROM variants v JOIN products p ON p.id = v.product_id
     JOIN styles s ON s.id = p.style_id JOIN style_texts t ON t.style_id = s.id AND t.lang = 'en'
     JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
     WHERE s.is_digital = 0 AND s.badge IS NOT NULL AND t.eyebrow IS NOT NULL AND i.quantity >= 5 ORDER BY v.id LIMIT 1`,
  );
}

async function newBasket(jar: Jar): Promise<string> {
  return (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
}

describe('a gift card sent to someone', () => {
  it('keeps the recipient and message on its line, one line per recipient', async () => {
    const jar = new Jar();
    const basketId = await newBasket(jar);
    const card = await giftCardVariant();
    const first = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, giftOption: ANA });
    expect(first.status).toBe(200);
    expect(first.body.items[0]).toMatchObject({ productId: card.id, qty: 1, isDigitalProduct: true, giftOption: ANA });
    // The same card for someone else is a line of its own; the same recipient again adds up.
    const ben = { to: 'Ben', email: 'ben@example.com', message: 'Congratulations!' };
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, giftOption: ben });
    const again = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, giftOption: ANA });
    const lines = again.body.items.filter((i: Json) => !i.bonus);
    expect(lines.map((i: Json) => [i.giftOption?.to, i.qty])).toEqual([
      ['Ana', 2],
      ['Ben', 1],
    ]);
    // Bought for oneself, it is a third line with no gift option.
    const own = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id });
    expect(own.body.items.filter((i: Json) => !i.bonus && i.giftOption === null)).toHaveLength(1);
    expect(own.body.totalItems).toBe(4);
  });

  it('refuses a gift option on anything but a digital gift card (GFO405), and one missing a part (API400)', async () => {
    const jar = new Jar();
    const basketId = await newBasket(jar);
    const shoe = await shoeVariant();
    const refused = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: shoe.id, giftOption: ANA });
    expect(refused.status).toBe(400);
    expect(refused.body.errorId).toBe('GFO405');
    const card = await giftCardVariant();
    const partial = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, giftOption: { ...ANA, message: ' ' } });
    expect(partial.status).toBe(400);
    expect(partial.body.errorId).toBe('API400');
    const badEmail = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, giftOption: { ...ANA, email: 'ana@' } });
    expect(badEmail.status).toBe(400);
    // Nothing was added by the refusals.
    const read = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(read.body.items).toHaveLength(0);
  });

  it('comes through the product page form without JavaScript, and shows on the cart page', async () => {
    const jar = new Jar();
    const card = await giftCardVariant();
    const incomplete = await jar.post('/en-us/cart/add', { productId: card.id, giftTo: 'Ana', giftEmail: '', giftMessage: '' });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain('give their name, a valid email and a message');
    const added = await jar.post('/en-us/cart/add', { productId: card.id, giftTo: ANA.to, giftEmail: ANA.email, giftMessage: ANA.message });
    expect(added.status).toBe(303);
    const { html } = await jar.get('/en-us/cart');
    expect(html).toContain('Gift for Ana (ana@example.com)');
    expect(html).toContain(ANA.message);
  });

  it('keeps every line of a basket made before gift options existed', async () => {
    const id = env.CART.idFromName('an-old-basket');
    const stub = env.CART.get(id);
    await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      sql.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      sql.exec(
        'CREATE TABLE lines (id TEXT PRIMARY KEY, variant_id TEXT NOT NULL UNIQUE, product_id TEXT NOT NULL, qty INTEGER NOT NULL CHECK (qty > 0), added_at TEXT NOT NULL)',
      );
      sql.exec("INSERT INTO meta VALUES ('owner', ?), ('basketId', 'an-old-basket')", JSON.stringify({ usid: 'u-old', siteId: 'US', currency: 'USD' }));
      sql.exec("INSERT INTO lines VALUES ('l1', 'V1', 'P1', 3, '2026-11-01T00:00:00Z')");
    });
    const answer = await stub.read({ usid: 'u-old' });
    expect(answer.ok && answer.state.lines).toEqual([
      { id: 'l1', variantId: 'V1', productId: 'P1', qty: 3, addedAt: '2026-11-01T00:00:00Z', gift: null, recipeId: null },
    ]);
    const added = await stub.addItem({ usid: 'u-old' }, { variantId: 'V1', productId: 'P1', gift: ANA, qty: 1, maxQty: 10, stock: 10 });
    expect(added.ok && added.state.lines.map((l) => [l.variantId, l.gift?.to ?? null, l.qty])).toEqual([
      ['V1', null, 3],
      ['V1', 'Ana', 1],
    ]);
  });
});

describe('a basket made before pairs made to order', () => {
  it('keeps its lines and gifts, and takes a design of a variant it already holds as a line of its own', async () => {
    const stub = env.CART.get(env.CART.idFromName('a-basket-with-gifts'));
    await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      sql.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      sql.exec(
        "CREATE TABLE lines (id TEXT PRIMARY KEY, variant_id TEXT NOT NULL, product_id TEXT NOT NULL, qty INTEGER NOT NULL CHECK (qty > 0), added_at TEXT NOT NULL, gift TEXT NOT NULL DEFAULT '', UNIQUE (variant_id, gift))",
      );
      sql.exec("INSERT INTO meta VALUES ('owner', ?), ('basketId', 'a-basket-with-gifts')", JSON.stringify({ usid: 'u-gifts', siteId: 'US', currency: 'USD' }));
      sql.exec("INSERT INTO lines VALUES ('l1', 'V1', 'P1', 2, '2026-11-01T00:00:00Z', ?)", JSON.stringify(['Ana', 'ana@example.com', 'Happy birthday']));
      sql.exec("INSERT INTO lines VALUES ('l2', 'V1', 'P1', 1, '2026-11-02T00:00:00Z', '')");
    });
    const added = await stub.addItem({ usid: 'u-gifts' }, { variantId: 'V1', productId: 'P1', recipeId: 'RCPTRAILICON1', qty: 1, maxQty: 10, stock: 10 });
    expect(added.ok && added.state.lines.map((l) => [l.id.length > 2 ? 'new' : l.id, l.gift?.to ?? null, l.recipeId, l.qty])).toEqual([
      ['l1', 'Ana', null, 2],
      ['l2', null, null, 1],
      ['new', null, 'RCPTRAILICON1', 1],
    ]);
  });
});

describe('an item added for pickup', () => {
  async function pickupStock(): Promise<{ storeId: string; variantId: string }> {
    return one(
      `SELECT si.store_id AS storeId, si.variant_id AS variantId FROM store_inventory si JOIN stores s ON s.id = si.store_id
       JOIN inventory i ON i.variant_id = si.variant_id JOIN variants v ON v.id = si.variant_id
       JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE s.site_id = 'US' AND s.services LIKE '%"pickup"%' AND si.quantity >= 2 AND i.quantity >= 5 ORDER BY si.store_id, si.variant_id LIMIT 1`,
    );
  }

  it('goes to the named store, or the favourite one with action=pickup', async () => {
    const stock = await pickupStock();
    const jar = new Jar();
    const basketId = await newBasket(jar);
    const named = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: stock.variantId, storeId: stock.storeId });
    expect(named.status).toBe(200);
    expect(named.body.items[0].shippingOptions).toMatchObject({ selected: 'BOPIS_SD', storeInfo: { id: stock.storeId } });
    const other = new Jar();
    const otherBasket = await newBasket(other);
    const favourite = await other.api('POST', `/api/cart/v1/item?action=pickup&favStoreId=${stock.storeId}`, {
      cartId: otherBasket,
      productId: stock.variantId,
    });
    expect(favourite.body.items[0].shippingOptions.selected).toBe('BOPIS_SD');
  });

  it('needs a store that hands out orders, and never for a digital gift card', async () => {
    const stock = await pickupStock();
    const jar = new Jar();
    const basketId = await newBasket(jar);
    const noStore = await jar.api('POST', '/api/cart/v1/item?action=pickup', { cartId: basketId, productId: stock.variantId });
    expect(noStore.status).toBe(400);
    expect(noStore.body.details[0]).toMatchObject({ field: 'storeId' });
    const unknown = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: stock.variantId, storeId: 'US-9999' });
    expect(unknown.body.errorId).toBe('ORD516');
    const card = await giftCardVariant();
    const digital = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, storeId: stock.storeId });
    expect(digital.body.errorId).toBe('ORD516');
    // The refusals came before anything was added.
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items).toHaveLength(0);
  });
});

describe('a line as the catalogue describes it', () => {
  it('carries the badge, eyebrow and rating of its style, and what its delivery costs', async () => {
    const shoe = await shoeVariant();
    const jar = new Jar();
    const basketId = await newBasket(jar);
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: shoe.id });
    expect(added.body.items[0]).toMatchObject({
      badge: shoe.badge,
      eyebrow: shoe.eyebrow,
      rating: { score: shoe.rating, reviewsCount: shoe.reviewCount },
      giftOption: null,
      isCustoms: false,
      cost: added.body.items[0].shippingOptions.shippingMethod.price.amount,
    });
  });
});

describe('the add gift option panel', () => {
  it('gives a gift card line a recipient, changes it, joins the line already going to them, and takes it off', async () => {
    const jar = new Jar();
    const basketId = await newBasket(jar);
    const card = await giftCardVariant();
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, qty: 2 });
    const itemId = added.body.items[0].id as string;
    const set = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 2, giftOption: ANA });
    expect(set.status).toBe(200);
    expect(set.body.items).toEqual([expect.objectContaining({ id: itemId, qty: 2, giftOption: ANA })]);
    const partial = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 2, giftOption: { to: 'Leo', email: '', message: 'Hi' } });
    expect([partial.status, partial.body.errorId]).toEqual([400, 'API400']);
    expect(partial.body.details).toContainEqual(expect.objectContaining({ field: 'giftOption.email' }));
    // Another card for Ana already in the cart: the two become one line.
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: card.id, qty: 1 });
    const own = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items.find((i: Json) => !i.giftOption) as Json;
    const joined = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: own.id, qty: 1, giftOption: ANA });
    expect(joined.body.items).toEqual([expect.objectContaining({ id: itemId, qty: 3, giftOption: ANA })]);
    const removed = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 3, giftOption: null });
    expect(removed.body.items).toEqual([expect.objectContaining({ id: itemId, qty: 3 })]);
    expect(removed.body.items[0].giftOption ?? null).toBeNull();
  });

  it('refuses a gift option on anything but a digital gift card (GFO405)', async () => {
    const jar = new Jar();
    const basketId = await newBasket(jar);
    const shoe = await shoeVariant();
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: shoe.id, qty: 1 });
    const refused = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: added.body.items[0].id, qty: 1, giftOption: ANA });
    expect([refused.status, refused.body.errorId]).toEqual([400, 'GFO405']);
  });

  it('works as a plain form on the cart page, a half-filled one refused at the line', async () => {
    const jar = new Jar();
    const card = await giftCardVariant();
    await jar.post('/en-us/cart/add', { productId: card.id, qty: '1' });
    let { html } = await jar.get('/en-us/cart');
    expect(html).toContain('Send it as a gift');
    const itemId = /action="\/en-us\/cart\/items\/([\w-]+)\/gift"/.exec(html)?.[1] ?? '';
    const half = await jar.post(`/en-us/cart/items/${itemId}/gift`, { giftTo: 'Leo', giftEmail: '', giftMessage: '' });
    expect(half.status).toBe(400);
    expect(await half.text()).toContain('To send it as a gift, give their name, a valid email and a message, or leave all three empty.');
    expect((await jar.post(`/en-us/cart/items/${itemId}/gift`, { giftTo: 'Leo', giftEmail: 'leo@example.com', giftMessage: 'Enjoy the trail' })).status).toBe(
      303,
    );
    ({ html } = await jar.get('/en-us/cart'));
    expect(html).toMatch(/Gift for (<!-- -->)?Leo(<!-- -->)? \((<!-- -->)?leo@example.com/);
    expect(html).toContain('Change the gift message');
    expect((await jar.post(`/en-us/cart/items/${itemId}/gift`, { remove: '1' })).status).toBe(303);
    expect((await jar.get('/en-us/cart')).html).not.toContain('Gift for');
  });
});

describe('a gift card limit across a sign-in', () => {
  // A guest basket's lines merge one by one into the shopper's: each must see the lines merged before it, or two
  // recipients of one card get past the card's limit between them.
  it('holds when a guest basket with a line per recipient merges into the shopper’s basket', async () => {
    const card = await giftCardVariant();
    await env.DB.prepare('UPDATE styles SET max_qty = 3 WHERE id = (SELECT p.style_id FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ?1)')
      .bind(card.id)
      .run();
    forgetIsolateMemory();
    const email = 'will.wranx@cairn.test';
    const own = await signedInJar(email, '198.51.100.90');
    const ownBasket = await newBasket(own);
    expect((await own.api('POST', '/api/cart/v1/item', { cartId: ownBasket, productId: card.id, qty: 2, giftOption: ANA })).status).toBe(200);

    const guest = new Jar();
    guest.address = '198.51.100.91';
    const guestBasket = await newBasket(guest);
    const ben = { ...ANA, to: 'Ben', email: 'ben@example.com' };
    expect((await guest.api('POST', '/api/cart/v1/item', { cartId: guestBasket, productId: card.id, qty: 1, giftOption: ANA })).status).toBe(200);
    expect((await guest.api('POST', '/api/cart/v1/item', { cartId: guestBasket, productId: card.id, qty: 2, giftOption: ben })).status).toBe(200);

    const session = await signedIn(email, DEMO_PASSWORD, guest.address, { cookie: guest.header });
    expect(session.body.basketId).toBe(ownBasket);
    const merged = await getJson<Json>(`/api/cart/v1/cart/${ownBasket}`, { headers: { cookie: session.cookie } });
    const cards = merged.body.items.filter((item: Json) => item.productId === card.id);
    expect(cards.reduce((sum: number, item: Json) => sum + item.qty, 0)).toBe(3);
  });
});
