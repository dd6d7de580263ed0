// Made-to-order boots (commerce-core §3, §7 customs): designs from the studio's API or a curated code, in the
// cart at the boot's price plus the workshop's, in a shipment of their own, and on the order line. The
// attacks: a client that states a lower price, another product's design, a foreign picture or page, a
// store pickup for a pair the workshop sends.

import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMS_SURCHARGE } from '../../src/shared/commerce/customs.ts';
import { payWithCard, placeOrder, US_ADDRESS } from './checkout-helpers.ts';
import { one } from './helpers.ts';
import { guestsAt } from './jar.ts';

type Json = Record<string, any>;
const guest = guestsAt('198.51.100.');
const SURCHARGE = CUSTOMS_SURCHARGE.USD as number;

interface Boot {
  styleId: string;
  productId: string;
  slug: string;
  variantId: string;
  price: number;
}

let boot: Boot;
let plain: { productId: string; variantId: string };

beforeAll(async () => {
  // The curated designs are on the first customisable style: its first two colours.
  const row = await one<Json>(
    `SELECT p.style_id, p.id AS product_id, p.slug, v.id AS variant_id, COALESCE(pr.sale_amount, pr.list_amount) AS price
     FROM custom_recipes r JOIN products p ON p.id = r.product_id JOIN variants v ON v.product_id = p.id
     JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 5 JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
     WHERE r.precreated_code = 'TRAIL-ICON' ORDER BY v.position LIMIT 1`,
  );
  boot = { styleId: row.style_id, productId: row.product_id, slug: row.slug, variantId: row.variant_id, price: row.price };
  const other = await one<Json>(
    `SELECT p.id AS product_id, v.id AS variant_id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 5
     WHERE s.product_type = 'boot' AND s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.target_publish_date IS NULL
       AND s.id NOT IN (SELECT style_id FROM custom_styles) ORDER BY v.id LIMIT 1`,
  );
  plain = { productId: other.product_id, variantId: other.variant_id };
});

async function design(jar = guest(), body: Json = {}) {
  return jar.api('POST', '/api/customs/v1/recipes', { productId: boot.productId, laces: 'red', monogram: 'ana', ...body });
}

async function basket() {
  const jar = guest();
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  return { jar, basketId, add: (body: Json) => jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.variantId, ...body }) };
}

describe('the design studio', () => {
  it('says which boots are made to order, on the product', async () => {
    const made = await guest().api('GET', `/api/products/v2/products/${boot.productId}/details?locale=en-us`);
    expect(made.body.product.customsExternalUrl).toBe(`/en-us/p/${boot.slug}-${boot.productId}/customise`);
    const other = await guest().api('GET', `/api/products/v2/products/${plain.productId}/details?locale=en-us`);
    expect(other.body.product.customsExternalUrl).toBeNull();
  });

  it('makes a design of a customisable colour, laces it stocks and up to three initials', async () => {
    const made = await design();
    expect(made.status).toBe(201);
    expect(made.body.recipe).toMatchObject({ styleId: boot.styleId, productId: boot.productId, laces: 'red', monogram: 'ANA', precreatedCode: null });
    expect(made.body.recipe.recipeId).toMatch(/^RCP[A-Z0-9]{10}$/);
    expect(made.body.recipe.surcharge).toEqual({ amount: SURCHARGE, currency: 'USD' });
    const read = await guest().api('GET', `/api/customs/v1/recipes/${made.body.recipe.recipeId}`);
    expect(read.body.recipe.pdpUrl).toBe(`/en-us/p/${boot.slug}-${boot.productId}/customise?recipe=${made.body.recipe.recipeId}`);
    expect((await guest().api('GET', '/api/customs/v1/recipes/RCPNOSUCHONE1')).status).toBe(404);
  });

  it('refuses a design the workshop cannot make, at its field', async () => {
    const fields = async (body: Json) => ((await design(guest(), body)).body.details ?? []).map((d: Json) => d.field);
    expect(await fields({ productId: plain.productId })).toEqual(['productId']);
    expect(await fields({ laces: 'gold' })).toEqual(['laces']);
    expect(await fields({ monogram: 'ABCD' })).toEqual(['monogram']);
    expect(await fields({ monogram: '<b>' })).toEqual(['monogram']);
  });
});

describe('a design in the cart', () => {
  it('is its own line, at the boot price plus the workshop, in the workshop shipment', async () => {
    const recipeId = (await design()).body.recipe.recipeId as string;
    const { add } = await basket();
    const added = await add({ recipeId, customAmount: boot.price + SURCHARGE });
    expect(added.status).toBe(200);
    await add({ qty: 1 });
    const cart = (await add({ recipeId })).body;
    const custom = cart.items.find((item: Json) => item.isCustoms);
    expect(custom).toMatchObject({
      recipeId,
      precreatedCustomsCode: null,
      qty: 2,
      design: { laces: 'Red', monogram: 'ANA' },
      price: { current: boot.price + SURCHARGE },
      pdpUrl: `/en-us/p/${boot.slug}-${boot.productId}/customise?recipe=${recipeId}`,
      customerNotifications: [{ type: 'customs', message: 'Made to order for you: ships in 3–4 weeks, on its own.' }],
    });
    expect(cart.customerNotifications).toEqual([{ type: 'customs', message: custom.customerNotifications[0].message, itemId: custom.id }]);
    expect(custom.shippingOptions.selected).toBe('customs');
    expect(custom.shippingOptions.available.map((o: Json) => o.code)).toEqual(['customs']);
    const standard = cart.items.find((item: Json) => !item.isCustoms);
    expect(standard).toMatchObject({ recipeId: null, qty: 1, isCustoms: false, price: { current: boot.price } });
    expect(cart.shippingMethods.map((m: Json) => [m.shippingId, m.code, m.lines])).toEqual([
      ['me', 'standard', 1],
      ['customs', 'customs', 1],
    ]);
  });

  it('answers the workshop shipment by its shipping id while the cart holds a design', async () => {
    const { jar, basketId, add } = await basket();
    const path = `/api/cart/v1/cart/${basketId}/shippingMethod/customs`;
    expect((await jar.api('GET', path)).status).toBe(404);
    await add({ precreatedCustomsCode: 'TRAIL-ICON' });
    expect((await jar.api('GET', path)).body).toMatchObject({
      shippingId: 'customs',
      selected: 'customs',
      applicableShippingMethods: [{ code: 'customs', deliveryTime: '21-28' }],
    });
  });

  it('finds a curated design by its code, whatever its case', async () => {
    const { add } = await basket();
    const cart = (await add({ precreatedCustomsCode: ' trail-icon ' })).body;
    expect(cart.items[0]).toMatchObject({ isCustoms: true, precreatedCustomsCode: 'TRAIL-ICON', design: { laces: 'Red', monogram: '' } });
    expect((await add({ precreatedCustomsCode: 'NO-SUCH-DESIGN' })).body.details).toEqual([
      { field: 'precreatedCustomsCode', message: 'There is no design with this code.' },
    ]);
  });

  it('refuses a lower price, another boot, a foreign page or picture, a store pickup and a gift, writing nothing', async () => {
    const recipeId = (await design()).body.recipe.recipeId as string;
    const { jar, basketId, add } = await basket();
    const refusals: [Json, string][] = [
      [{ recipeId, customAmount: boot.price }, 'customAmount'],
      [{ recipeId, productId: plain.variantId }, 'productId'],
      [{ recipeId, pdpUrl: 'https://evil.example/phish' }, 'pdpUrl'],
      [{ recipeId, productImageURL: '//evil.example/boot.png' }, 'productImageURL'],
      [{ recipeId, storeId: 'US-0001' }, 'storeId'],
      [{ recipeId, giftOption: { to: 'Ana', email: 'ana@example.com', message: 'For you' } }, 'giftOption'],
      [{ recipeId: 'RCPNOSUCHONE1' }, 'recipeId'],
      [{ customAmount: boot.price - 1 }, 'customAmount'],
    ];
    for (const [body, field] of refusals) {
      const refused = await add(body);
      expect({ field, status: refused.status, details: refused.body.details?.map((d: Json) => d.field) }).toEqual({ field, status: 400, details: [field] });
    }
    expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items).toEqual([]);
    // What the client says it was shown, when it is the store's, is taken.
    const shown = await add({ recipeId, pdpUrl: `/en-us/p/${boot.slug}-${boot.productId}/customise?recipe=${recipeId}` });
    expect(shown.status).toBe(200);
    const line = shown.body.items[0];
    const moved = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { cartId: basketId, itemId: line.id, qty: 1, storeId: 'US-0001' });
    expect(moved.body.details).toEqual([{ field: 'storeId', message: 'A pair made to order is delivered from our workshop, not collected in a store.' }]);
  });
});

describe('an order with a design', () => {
  it('keeps the design on its line and ships it in the workshop parcel, charging the workshop price', async () => {
    const recipeId = (await design()).body.recipe.recipeId as string;
    const { jar, basketId, add } = await basket();
    expect((await add({ recipeId })).status).toBe(200);
    await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email: 'maker@example.com' }]);
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: 'maker@example.com' });
    await payWithCard(jar, basketId, '4242424242424242');
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(201);
    const orderNumber = placed.body.orderNumber as string;
    const line = await one<Json>('SELECT recipe_id, shipment_id, unit_price FROM order_lines WHERE order_number = ?1', orderNumber);
    expect(line).toEqual({ recipe_id: recipeId, shipment_id: 'customs', unit_price: boot.price + SURCHARGE });
    const order = await jar.api('GET', `/api/cart/v1/order/${orderNumber}?st=${encodeURIComponent(placed.body.st)}`);
    expect(order.body.items[0]).toMatchObject({ recipeId, shipmentId: 'customs' });
    expect(order.body.shipments.map((s: Json) => s.method)).toContain('customs');
  });

  it('needs a delivery address even when the design is all the cart holds', async () => {
    const { jar, basketId, add } = await basket();
    await add({
      precreatedCustomsCode: 'SUMMIT-NAVY',
      productId: (
        await one<Json>(
          'SELECT v.id FROM variants v JOIN custom_recipes r ON r.product_id = v.product_id JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 2 WHERE r.precreated_code = ?1 LIMIT 1',
          'SUMMIT-NAVY',
        )
      ).id,
    });
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: 'maker@example.com' });
    await payWithCard(jar, basketId, '4242424242424242');
    const refused = await placeOrder(jar, basketId);
    expect(refused.body.errorId).toBe('CHK320');
  });
});

describe('the design studio page', () => {
  const studio = () => `/en-us/p/${boot.slug}-${boot.productId}/customise`;

  it('is a page of its own for a boot made to order, and not for another', async () => {
    const { response, html } = await guest().get(studio());
    expect(response.status).toBe(200);
    expect(html).toMatch(/<form class="form"[^>]* action="\/en-us\/p\/[^"]+\/customise" method="post">/);
    expect(html).toMatch(/Made-to-order price(<!-- -->)? <strong>\$\d+<\/strong>/);
    const other = await one<Json>('SELECT slug FROM products WHERE id = ?1', plain.productId);
    expect((await guest().get(`/en-us/p/${other.slug}-${plain.productId}/customise`)).response.status).toBe(404);
  });

  it('keeps the choices on a refusal, and adds the design to the cart without script', async () => {
    const jar = guest();
    await jar.get(studio());
    const refused = await jar.post(studio(), { variantId: boot.variantId, laces: 'red', monogram: 'A1' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Up to three letters, A to Z.');
    expect(html).toMatch(/name="laces" checked="" value="red"/);
    const made = await jar.post(studio(), { variantId: boot.variantId, laces: 'red', monogram: 'ana' });
    expect([made.status, made.headers.get('location')]).toEqual([303, '/en-us/cart']);
    const cart = await jar.follow('/en-us/cart');
    expect(cart.html).toContain('Laces: Red');
    expect(cart.html).toContain('Initials: ANA');
  });

  it('keeps a design in the cart: a list would keep the boot without it', async () => {
    const recipeId = (await design()).body.recipe.recipeId as string;
    const { jar, basketId, add } = await basket();
    const line = (await add({ recipeId })).body.items[0];
    const saved = await jar.api('PUT', '/api/cart/v2/saveForLater', { cartId: basketId, itemId: line.id });
    expect(saved.body.details).toEqual([{ field: 'itemId', message: 'A pair made to order stays in the cart.' }]);
    const items = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items.filter((i: Json) => !i.bonus);
    expect(items.map((i: Json) => i.recipeId)).toEqual([recipeId]);
  });
});
