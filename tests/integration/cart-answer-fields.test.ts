// What the cart answers of its promotions and lines (commerce-core §3 cart item productPromotions and attributes;
// account-content §3 display items): each display item where it belongs, with how far the cart is from it; the
// campaign of each applied promotion (migration 0052); a line's colour, size and width with the options the
// product offers from the line's own choice, as the quick-shop does. The cart page shows its display items.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { guestsAt, type Jar } from './jar.ts';

type Json = Record<string, any>;
const guest = guestsAt('198.51.105.');

interface Item {
  id: string;
  productId: string;
  price: number;
}

/** A pair of socks well under the free-shipping threshold, and a boot over it (the coupon TRAIL15 is for boots). */
let socks: Item;
let boot: Item;

const item = (where: string, order: string) =>
  env.DB.prepare(
    `SELECT v.id, v.product_id AS productId, COALESCE(pr.sale_amount, pr.list_amount) AS price
     FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 10 JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
     WHERE s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.target_publish_date IS NULL AND s.max_qty IS NULL
       AND s.id NOT IN (SELECT style_id FROM custom_styles) AND ${where}
     ORDER BY ${order} LIMIT 1`,
  ).first<Item>();

beforeAll(async () => {
  socks = (await item("s.product_type = 'socks' AND COALESCE(pr.sale_amount, pr.list_amount) < 5000", 'v.id')) as Item;
  boot = (await item("s.product_type = 'boot' AND COALESCE(pr.sale_amount, pr.list_amount) >= 10000", 'v.id')) as Item;
});

async function cartWith(jar: Jar, variantId: string): Promise<{ basketId: string; cart: Json }> {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variantId });
  expect(added.status).toBe(200);
  return { basketId, cart: added.body };
}

describe('display items', () => {
  it('says what the cart is close to in the cart and the mini-cart, and what applies in the cart and the checkout', async () => {
    const jar = guest();
    const { basketId, cart } = await cartWith(jar, socks.id);
    const shipping = cart.displayItems.find((entry: Json) => entry.id === 'US-FREE-SHIPPING');
    expect(shipping).toEqual({
      id: 'US-FREE-SHIPPING',
      message: `Spend $${((7500 - socks.price) / 100).toFixed(2).replace(/\.00$/, '')} more for free shipping`,
      promotionClass: 'SHIPPING',
      thresholdStatus: 'Below Threshold',
      distanceFromConditionThreshold: 7500 - socks.price,
      contexts: ['cart', 'miniCart'],
    });
    expect(cart.displayItems.find((entry: Json) => entry.id === 'US-GWP-SOCKS')).toMatchObject({ promotionClass: 'ORDER', thresholdStatus: 'Below Threshold' });

    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.id });
    const coupon = await jar.api('PUT', '/api/cart/v1/coupon', { cartId: basketId, code: 'TRAIL15' });
    const items: Json[] = coupon.body.displayItems;
    expect(items.find((entry) => entry.id === 'US-FREE-SHIPPING')).toMatchObject({
      message: 'You have free shipping',
      thresholdStatus: expect.stringMatching(/^(Above Threshold|Threshold Reached)$/),
      distanceFromConditionThreshold: 0,
      contexts: ['cart', 'checkout'],
    });
    expect(items.find((entry) => entry.id === 'US-TRAIL15')).toEqual({
      id: 'US-TRAIL15',
      message: '15% off boots',
      promotionClass: 'PRODUCT',
      thresholdStatus: 'Threshold Reached',
      distanceFromConditionThreshold: 0,
      contexts: ['cart', 'checkout'],
    });
    // What can still be reached comes first.
    const firstReached = items.findIndex((entry) => entry.thresholdStatus !== 'Below Threshold');
    expect(items.slice(firstReached).every((entry) => entry.thresholdStatus !== 'Below Threshold')).toBe(true);

    // The cart page shows the cart's own: the coupon's promotion among what the shopper has.
    const { html } = await jar.get('/en-us/cart');
    expect(html).toContain('<p class="cart__callout cart__callout--reached">15% off boots</p>');
    expect(html).toContain('<p class="cart__callout cart__callout--reached">You have free shipping</p>');
  });
});

describe('productPromotions campaignId', () => {
  it('names the campaign each applied promotion runs in', async () => {
    const jar = guest();
    const { basketId } = await cartWith(jar, boot.id);
    const applied = await jar.api('PUT', '/api/cart/v1/coupon', { cartId: basketId, code: 'TRAIL15' });
    expect(applied.body.items[0].productPromotions).toEqual([
      { promotionId: 'US-TRAIL15', couponCode: 'TRAIL15', campaignId: 'US-TRAIL-SEASON', price: -Math.round(boot.price * 0.15) },
    ]);
    expect(applied.body.shippingPromotions.map((p: Json) => [p.promotionId, p.campaignId])).toEqual([['US-FREE-SHIPPING', 'US-EVERYDAY']]);
  });
});

describe('a line’s attributes', () => {
  it('answers each with the options the product offers from the line’s own choice, as the quick-shop has them', async () => {
    // A shoe with widths: the line's width decides which of its sizes are there to choose.
    const shoe = await env.DB.prepare(
      `SELECT v.id, v.product_id AS productId, v.size, v.width FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 5 JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE s.size_system = 'shoe' AND s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.target_publish_date IS NULL
         AND s.id NOT IN (SELECT style_id FROM custom_styles) AND (SELECT COUNT(DISTINCT width) FROM variants WHERE product_id = p.id) > 1
         AND (SELECT COUNT(*) FROM variants o JOIN inventory oi ON oi.variant_id = o.id WHERE o.product_id = p.id AND o.width = v.width AND o.id <> v.id AND oi.quantity > 0) > 0
       ORDER BY v.id LIMIT 1`,
    ).first<{ id: string; productId: string; size: string; width: string }>();
    if (!shoe) throw new Error('no shoe with widths in the seed');
    const jar = guest();
    const { cart } = await cartWith(jar, shoe.id);
    const attributes: Json[] = cart.items[0].attributes;
    const product = (await jar.api('GET', `/api/products/v2/products/${shoe.productId}/details?locale=en-us`)).body.product;
    expect(attributes.map((a) => a.type)).toEqual(product.attributes.map((a: Json) => a.type));

    const colour = attributes.find((a) => a.type === 'color') as Json;
    expect(colour).toMatchObject({ value: shoe.productId, label: product.colour.name });
    expect(colour.options.map((o: Json) => o.value)).toEqual(product.colours.map((c: Json) => c.productId));
    expect(colour.options[0]).toEqual({
      value: product.colours[0].productId,
      label: product.colours[0].name,
      available: product.colours[0].available,
      price: product.colours[0].price.lowCurrent,
      swatch: product.colours[0].hex,
    });

    const size = attributes.find((a) => a.type === 'size') as Json;
    expect(size).toMatchObject({ value: shoe.size, label: shoe.size });
    const sizes = product.attributes.find((a: Json) => a.type === 'size').options.map((o: Json) => o.value);
    expect(size.options.map((o: Json) => o.value)).toEqual(sizes);
    // A size is there when the line's width has it in stock, at that variant's price.
    const inWidth = (value: string) => product.variants.filter((v: Json) => v.attributes.size === value && v.attributes.width === shoe.width);
    for (const option of size.options) {
      expect(option.available).toBe(inWidth(option.value).some((v: Json) => v.inStock));
      expect(option.price).toBe(inWidth(option.value)[0]?.price.current ?? null);
      expect(option.swatch).toBeNull();
    }
    expect(attributes.find((a) => a.type === 'width')).toMatchObject({ value: shoe.width });

    // Another size of the line's width selling out shows at once.
    const other = await env.DB.prepare(
      `SELECT v.id, v.size, i.quantity FROM variants v JOIN inventory i ON i.variant_id = v.id
       WHERE v.product_id = ?1 AND v.width = ?2 AND v.id <> ?3 AND i.quantity > 0 ORDER BY v.position LIMIT 1`,
    )
      .bind(shoe.productId, shoe.width, shoe.id)
      .first<{ id: string; size: string; quantity: number }>();
    if (!other) throw new Error('no other size in stock');
    await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(other.id).run();
    try {
      const later = await jar.api('GET', `/api/cart/v1/cart/${cart.basketId}?inventorySupplyCheck=true`);
      const sizeNow = later.body.items[0].attributes.find((a: Json) => a.type === 'size');
      expect(sizeNow.options.find((o: Json) => o.value === other.size).available).toBe(false);
    } finally {
      await env.DB.prepare('UPDATE inventory SET quantity = ?2 WHERE variant_id = ?1').bind(other.id, other.quantity).run();
    }
  });
});
