// The cart page without JavaScript (the cart issue, §7): the product page's add form, quantities, remove,
// coupons with the refusal at the input, the empty state, the header count cookie, and a basket that only
// its own session can change.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CART_COUNT_COOKIE } from '../../src/shared/commerce/cart-count.ts';
import { one, request } from './helpers.ts';
import { Jar } from './jar.ts';

async function variantWithStock(min: number): Promise<{ id: string; quantity: number; price: number; name: string }> {
  return one(
    `SELECT v.id, i.quantity, COALESCE(pr.sale_amount, pr.list_amount) AS price, t.name FROM variants v
     JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     JOIN products p ON p.id = v.product_id JOIN style_texts t ON t.style_id = p.style_id AND t.lang = 'en'
     WHERE i.quantity >= ?1 ORDER BY i.quantity, v.id LIMIT 1`,
    min,
  );
}

const lineIds = (html: string) => [...html.matchAll(/action="\/en-us\/cart\/items\/([\w-]+)"/g)].map((m) => m[1] as string);
const quantities = (html: string) => [...html.matchAll(/<input id="qty-[\w-]+"[^>]*value="(\d+)"/g)].map((m) => Number(m[1]));

describe('the cart page', () => {
  it('shows the cart’s content slot (espot) empty or full, and the 404 page its own', async () => {
    const jar = new Jar();
    const empty = await jar.get('/en-us/cart');
    expect(empty.html).toContain('espot espot--cart');
    expect(empty.html).toContain('Need a hand?');
    const missing = await jar.get('/en-us/no-such-page-here');
    expect(missing.response.status).toBe(404);
    expect(missing.html).toContain('espot espot--error');
    expect(missing.html.match(/<h1[^>]*>[^<]*<\/h1>/g)).toEqual(['<h1 class="cb-title">We can&#x27;t find that page</h1>']);
    expect(missing.html).toMatch(/href="\/en-us\/c\/mens-\d+"/);
  });

  it('shows an empty cart that leads back into the store, privately', async () => {
    const jar = new Jar();
    const { response, html } = await jar.get('/en-us/cart');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('Your cart is empty');
    expect(html).toMatch(/<a class="button button--primary" href="\/en-us">Continue shopping<\/a>/);
    expect(html).not.toContain('<meta name="robots" content="noindex');
  });

  it('adds from the product form, changes the quantity, and removes, each back on the cart', async () => {
    const jar = new Jar();
    const variant = await variantWithStock(5);
    const added = await jar.post('/en-us/cart/add', { productId: variant.id, qty: '2' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/en-us/cart');
    expect(jar.cookies[CART_COUNT_COOKIE]).toBe('2');
    let { html } = await jar.get('/en-us/cart');
    expect(html).toContain(variant.name);
    expect(quantities(html)).toEqual([2]);
    const [lineId] = lineIds(html);
    const changed = await jar.post(`/en-us/cart/items/${lineId}`, { qty: '3' });
    expect(changed.status).toBe(303);
    ({ html } = await jar.get('/en-us/cart'));
    expect(quantities(html)).toEqual([3]);
    expect(jar.cookies[CART_COUNT_COOKIE]).toBe('3');
    // More than the stock: refused at the line's input, the quantity unchanged.
    const tooMany = await jar.post(`/en-us/cart/items/${lineId}`, { qty: String(variant.quantity + 1) });
    expect(tooMany.status).toBe(409);
    const refused = await tooMany.text();
    expect(refused).toMatch(new RegExp(`id="qty-${lineId}-error">You have added the most of this item`));
    expect(refused).toMatch(/aria-invalid="true"/);
    expect(quantities(refused)).toEqual([3]);
    // Not a quantity: the same place, the basket untouched.
    const zero = await jar.post(`/en-us/cart/items/${lineId}`, { qty: '0' });
    expect(zero.status).toBe(400);
    expect(await zero.text()).toContain('Enter a quantity of 1 or more.');
    const removed = await jar.post(`/en-us/cart/items/${lineId}/remove`, {});
    expect(removed.status).toBe(303);
    ({ html } = await jar.get('/en-us/cart'));
    expect(html).toContain('Your cart is empty');
    expect(jar.cookies[CART_COUNT_COOKIE]).toBe('0');
  });

  it('asks for a size when the add form names none, and refuses a sold-out variant at the top', async () => {
    const jar = new Jar();
    const noSize = await jar.post('/en-us/cart/add', { qty: '1' });
    expect(noSize.status).toBe(400);
    expect(await noSize.text()).toContain('Please choose a size before adding to your cart.');
    const soldOut = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE i.quantity = 0 LIMIT 1`,
    );
    const refused = await jar.post('/en-us/cart/add', { productId: soldOut.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This item is out of stock.');
  });

  it('applies a coupon, says why one is refused at its input, and removes it', async () => {
    const jar = new Jar();
    const boot = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE s.product_type = 'boot' AND i.quantity > 2 ORDER BY v.id LIMIT 1`,
    );
    await jar.post('/en-us/cart/add', { productId: boot.id });
    const invalid = await jar.post('/en-us/cart/coupon', { code: 'NOT-A-CODE' });
    expect(invalid.status).toBe(404);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toMatch(/id="cart-coupon-error">This code is not valid\./);
    expect(invalidHtml).toMatch(/value="NOT-A-CODE"/);
    const expired = await jar.post('/en-us/cart/coupon', { code: 'summer25' });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This code has expired.');
    const applied = await jar.post('/en-us/cart/coupon', { code: 'trail15' });
    expect(applied.status).toBe(303);
    const { html } = await jar.get('/en-us/cart');
    expect(html).toMatch(/<strong>TRAIL15<\/strong> (<!-- -->)?applied/);
    expect(html).toMatch(/class="cart-line__sale"/);
    const again = await jar.post('/en-us/cart/coupon', { code: 'TRAIL15' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This code is already applied.');
    await jar.post('/en-us/cart/coupon/remove', { code: 'TRAIL15' });
    expect((await jar.get('/en-us/cart')).html).not.toContain('<strong>TRAIL15</strong>');
  });

  it('shows the approaching free-shipping callout in dollars', async () => {
    const jar = new Jar();
    const cheap = await one<{ id: string; price: number }>(
      `SELECT v.id, COALESCE(pr.sale_amount, pr.list_amount) AS price FROM variants v JOIN inventory i ON i.variant_id = v.id
       JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE i.quantity > 0 AND COALESCE(pr.sale_amount, pr.list_amount) < 5000 ORDER BY 2 LIMIT 1`,
    );
    await jar.post('/en-us/cart/add', { productId: cheap.id });
    const { html } = await jar.get('/en-us/cart');
    expect(html).toMatch(/class="cart__callout">Spend \$[\d.,]+ more for free shipping/);
  });

  it('changes nothing of a basket the session does not own', async () => {
    const owner = new Jar();
    const variant = await variantWithStock(3);
    await owner.post('/en-us/cart/add', { productId: variant.id });
    const [lineId] = lineIds((await owner.get('/en-us/cart')).html);
    // Another shopper posting to the same line has no basket of their own to change.
    const stranger = new Jar();
    const attempt = await stranger.post(`/en-us/cart/items/${lineId}/remove`, {});
    expect(attempt.status).toBe(404);
    expect(await attempt.text()).toContain('Unable to remove item from cart. Please try again later');
    expect(lineIds((await owner.get('/en-us/cart')).html)).toEqual([lineId]);
  });

  it('refuses a cross-site form post', async () => {
    const jar = new Jar();
    const response = await request('/en-us/cart/add', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'productId=ABCDEFGHI',
    });
    expect(response.status).toBe(403);
    expect(jar.cookies[CART_COUNT_COOKIE]).toBeUndefined();
  });
});

describe('the cart page and the lists', () => {
  it('saves a line for later, moves it back, and moves another to the favorites', async () => {
    const jar = new Jar();
    const variant = await variantWithStock(4);
    await jar.post('/en-us/cart/add', { productId: variant.id, qty: '2' });
    const [lineId] = lineIds((await jar.get('/en-us/cart')).html);
    const saved = await jar.post(`/en-us/cart/items/${lineId}/save`, {});
    expect(saved.status).toBe(303);
    expect(jar.cookies[CART_COUNT_COOKIE]).toBe('0');
    let { html } = await jar.get('/en-us/cart');
    expect(html).toContain('Your cart is empty');
    expect(html).toContain('Saved for later (1 item)');
    expect(html).toContain(`action="/en-us/cart/saved/${variant.id}/move"`);

    const back = await jar.post(`/en-us/cart/saved/${variant.id}/move`, {});
    expect(back.status).toBe(303);
    expect(jar.cookies[CART_COUNT_COOKIE]).toBe('2');
    ({ html } = await jar.get('/en-us/cart'));
    expect(quantities(html)).toEqual([2]);
    expect(html).not.toContain('Saved for later (');

    const [again] = lineIds(html);
    expect((await jar.post(`/en-us/cart/items/${again}/favorite`, {})).status).toBe(303);
    const favorites = await jar.get('/en-us/favorites');
    expect(favorites.response.headers.get('cache-control')).toBe('private, no-store');
    expect(favorites.html).toContain(variant.name);
  });

  it('says an out-of-stock saved item could not be moved, and keeps it', async () => {
    const jar = new Jar();
    const variant = await variantWithStock(2);
    await jar.post('/en-us/cart/add', { productId: variant.id });
    const [lineId] = lineIds((await jar.get('/en-us/cart')).html);
    await jar.post(`/en-us/cart/items/${lineId}/save`, {});
    await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(variant.id).run();
    try {
      const refused = await jar.post(`/en-us/cart/saved/${variant.id}/move`, {});
      expect(refused.status).toBe(409);
      const html = await refused.text();
      expect(html).toContain(`id="saved-${variant.id}-error">This item could not be moved to cart.`);
      expect(html).toContain('Out of stock for now.');
    } finally {
      await env.DB.prepare('UPDATE inventory SET quantity = ?2 WHERE variant_id = ?1').bind(variant.id, variant.quantity).run();
    }
  });
});

describe('the favorites page', () => {
  it('adds from the product form, lists, shares read-only, and removes', async () => {
    const jar = new Jar();
    const empty = await jar.get('/en-us/favorites');
    expect(empty.html).toContain('You have no favorites yet');
    const colour = await one<{ id: string; name: string }>(
      `SELECT p.id, t.name FROM products p JOIN style_texts t ON t.style_id = p.style_id AND t.lang = 'en'
       JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US' ORDER BY p.id DESC LIMIT 1`,
    );
    const added = await jar.post('/en-us/favorites/add', { productId: colour.id });
    expect(added.status).toBe(303);
    let { html } = await jar.get('/en-us/favorites');
    expect(html).toContain(colour.name);
    expect(html).not.toContain('id="favorites-share-url"');
    await jar.post('/en-us/favorites/share', {});
    ({ html } = await jar.get('/en-us/favorites'));
    const shareUrl = /id="favorites-share-url"[^>]*value="([^"]+)"/.exec(html)?.[1] as string;
    expect(shareUrl).toMatch(/^https:\/\/store\.test\/en-us\/favorites\/shared\/[\w-]{24}$/);

    // The shared page: anyone, no session, no way to change it, briefly cacheable.
    const shared = await request(new URL(shareUrl).pathname);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('cache-control')).toBe('public, max-age=60');
    const sharedHtml = await shared.text();
    expect(sharedHtml).toContain('A shared list of favorites');
    expect(sharedHtml).toContain(colour.name);
    expect(sharedHtml).not.toContain('/favorites/items/');
    expect((await request('/en-us/favorites/shared/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    expect((await jar.post(`/en-us/favorites/items/${colour.id}/remove`, {})).status).toBe(303);
    expect((await jar.get('/en-us/favorites')).html).toContain('You have no favorites yet');
    const gone = await jar.post(`/en-us/favorites/items/${colour.id}/remove`, {});
    expect(gone.status).toBe(404);
  });
});

describe('gift cards on the cart page', () => {
  it('checks a balance, applies a card with what is left to pay, refuses at the field, and removes', async () => {
    const jar = new Jar();
    jar.address = '198.51.100.200';
    const variant = await variantWithStock(3);
    await jar.post('/en-us/cart/add', { productId: variant.id });
    const balance = await jar.post('/en-us/cart/gift-card/balance', { cardNumber: '6006 4912 0000 0002', pin: '2345' });
    expect(balance.status).toBe(200);
    const balanceHtml = await balance.text();
    expect(balanceHtml).toContain('Gift card •••• 0002 has $25 left.');
    expect(balanceHtml).not.toContain('6006 4912 0000 0002');

    const wrongPin = await jar.post('/en-us/cart/gift-card', { cardNumber: '6006491200000002', pin: '9999' });
    expect(wrongPin.status).toBe(400);
    expect(await wrongPin.text()).toContain('id="cart-gift-card-error">The gift card number or PIN is not valid.');
    const expired = await jar.post('/en-us/cart/gift-card', { cardNumber: '6006491200000004', pin: '4567' });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('id="cart-gift-card-error">This gift card has expired.');

    expect((await jar.post('/en-us/cart/gift-card', { cardNumber: '6006491200000002', pin: '2345' })).status).toBe(303);
    const { html } = await jar.get('/en-us/cart');
    expect(html).toMatch(/Gift card •••• 0002(<!-- -->)?: (<!-- -->)?\$25/);
    expect(html).toContain('Left to pay');
    const instrument = /action="\/en-us\/cart\/gift-card\/([\w-]+)\/remove"/.exec(html)?.[1] as string;
    expect((await jar.post(`/en-us/cart/gift-card/${instrument}/remove`, {})).status).toBe(303);
    expect((await jar.get('/en-us/cart')).html).not.toContain('Left to pay');
  });
});

describe('delivery on the cart page', () => {
  it('finds stores near a postal code for a line, picks it up there, and delivers it again', async () => {
    const jar = new Jar();
    const stock = await one<{ store_id: string; variant_id: string; postal_code: string; name: string }>(
      `SELECT si.store_id, si.variant_id, s.postal_code, s.name FROM store_inventory si JOIN stores s ON s.id = si.store_id
       JOIN inventory i ON i.variant_id = si.variant_id JOIN variants v ON v.id = si.variant_id
       JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE s.site_id = 'US' AND s.services LIKE '%"pickup"%' AND si.quantity >= 2 AND i.quantity >= 2 ORDER BY si.store_id LIMIT 1`,
    );
    await jar.post('/en-us/cart/add', { productId: stock.variant_id });
    const [lineId] = lineIds((await jar.get('/en-us/cart')).html);
    const { html } = await jar.get(`/en-us/cart?line=${lineId}&storeSearch=${stock.postal_code}`);
    expect(html).toContain(`<p class="store-list__name">${stock.name}</p>`);
    expect(html).toContain('In stock: pick up today');
    const chosen = await jar.post(`/en-us/cart/items/${lineId}/store`, { storeId: stock.store_id });
    expect(chosen.status).toBe(303);
    const picked = (await jar.get('/en-us/cart')).html;
    expect(picked).toMatch(/<strong>Pick up in store today<\/strong>/);
    expect(picked).toContain('Deliver to me instead');
    expect((await jar.post(`/en-us/cart/items/${lineId}/store`, { storeId: '' })).status).toBe(303);
    expect((await jar.get('/en-us/cart')).html).toMatch(/<strong>Home delivery<\/strong>/);
  });

  it('switches the home delivery to express and shows its price', async () => {
    const jar = new Jar();
    const variant = await variantWithStock(2);
    await jar.post('/en-us/cart/add', { productId: variant.id });
    expect((await jar.post('/en-us/cart/shipping', { code: 'express' })).status).toBe(303);
    const { html } = await jar.get('/en-us/cart');
    expect(html).toMatch(/name="code" checked="" value="express"/);
  });
});

describe('delivery changes on the cart page', () => {
  it('says at the line when a pickup changed on its own because the store ran out', async () => {
    const jar = new Jar();
    const stock = await one<{ store_id: string; variant_id: string; quantity: number }>(
      `SELECT si.store_id, si.variant_id, si.quantity FROM store_inventory si JOIN stores s ON s.id = si.store_id
       JOIN inventory i ON i.variant_id = si.variant_id JOIN variants v ON v.id = si.variant_id
       JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE s.site_id = 'US' AND s.services LIKE '%"pickup"%' AND s.services LIKE '%"ship-to-store"%' AND si.quantity >= 2 AND i.quantity >= 2
       ORDER BY si.store_id DESC LIMIT 1`,
    );
    await jar.post('/en-us/cart/add', { productId: stock.variant_id });
    const [lineId] = lineIds((await jar.get('/en-us/cart')).html);
    await jar.post(`/en-us/cart/items/${lineId}/store`, { storeId: stock.store_id });
    await jar.get('/en-us/cart');
    await env.DB.prepare('UPDATE store_inventory SET quantity = 0 WHERE store_id = ?1 AND variant_id = ?2').bind(stock.store_id, stock.variant_id).run();
    try {
      const { html } = await jar.get('/en-us/cart');
      expect(html).toContain('Your store no longer has this item today: it will be shipped to the store for you.');
      expect(html).toMatch(/<strong>Ship to store<\/strong>/);
    } finally {
      await env.DB.prepare('UPDATE store_inventory SET quantity = ?3 WHERE store_id = ?1 AND variant_id = ?2')
        .bind(stock.store_id, stock.variant_id, stock.quantity)
        .run();
    }
  });
});
