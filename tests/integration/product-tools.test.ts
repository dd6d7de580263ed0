// Product tools (the store services issue, §4): size charts and foot sizes, compare, recommendations, and the
// pages and product page parts that show them.

import { describe, expect, it } from 'vitest';
import { getJson, one, request } from './helpers.ts';
import { Jar } from './jar.ts';

type Json = Record<string, any>;

function firstColours(type: string, n: number) {
  return one<{ ids: string }>(
    `SELECT json_group_array(id) AS ids FROM (SELECT p.id FROM products p JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
     WHERE s.product_type = ?1 AND s.is_digital = 0 AND p.position = (SELECT MIN(position) FROM products WHERE style_id = s.id) ORDER BY p.id LIMIT ?2)`,
    type,
    n,
  ).then((row) => JSON.parse(row.ids) as string[]);
}

describe('size charts', () => {
  it('answer by product type, with US, UK, EU and centimetres for shoes', async () => {
    const boots = await getJson<Json>('/api/fapi/components/size-chart/boot');
    expect(boots.body.sizeSystem).toBe('shoe');
    expect(boots.body.charts.men.shoe[0]).toEqual({ us: '7', uk: '6', eu: '40', cm: '25.0' });
    expect(boots.body.charts.kids.shoe.map((row: Json) => row.us)).toContain('1Y');
    const jackets = await getJson<Json>('/api/fapi/components/size-chart/jacket');
    expect(jackets.body.charts.women.body[0]).toMatchObject({ size: 'XS' });
    expect((await getJson<Json>('/api/fapi/components/size-chart/spaceship')).status).toBe(400);
    const feet = await getJson<Json>('/api/fapi/components/foot-sizes');
    // Longer feet, larger sizes, in every system.
    for (const audience of ['men', 'women']) {
      const rows = feet.body.sizes[audience] as Json[];
      expect(rows.map((r) => Number(r.cm))).toEqual([...rows.map((r) => Number(r.cm))].sort((a, b) => a - b));
      expect(rows.map((r) => Number(r.eu))).toEqual([...rows.map((r) => Number(r.eu))].sort((a, b) => a - b));
    }
  });

  it('open from the product page without a script, and have a page of their own', async () => {
    const boot = await one<{ id: string; slug: string }>(
      "SELECT p.id, p.slug FROM products p JOIN styles s ON s.id = p.style_id WHERE s.product_type = 'boot' AND s.review_count > 0 ORDER BY p.id LIMIT 1",
    );
    const html = await (await request(`/en-us/p/${boot.slug}-${boot.id}`)).text();
    // HTML attribute names are case-insensitive: React writes popoverTarget.
    expect(html).toMatch(/popovertarget="size-guide"/i);
    expect(html).toMatch(/<div id="size-guide" popover="auto" role="dialog"/);
    expect(html).toContain('Foot length (cm)');
    // Similar styles: other boots.
    expect(html).toContain('You may also like');
    const guide = await (await request('/fr-fr/size-guide')).text();
    expect(guide).toContain('Tailles enfant');
  });
});

describe('compare', () => {
  it('answers up to four products of one type side by side, and refuses mixed types', async () => {
    const boots = await firstColours('boot', 5);
    const answer = await getJson<Json>(`/api/fapi/components/compare?products=${boots.slice(0, 3).join(',')}`);
    expect(answer.status).toBe(200);
    expect(answer.body.products.map((p: Json) => p.productId)).toEqual(boots.slice(0, 3));
    expect(answer.body.products[0]).toMatchObject({ productType: 'boot', price: { currency: 'USD' } });
    expect(answer.body.benefits.length).toBeGreaterThan(0);
    expect((await getJson<Json>(`/api/fapi/components/compare?products=${boots.join(',')}`)).status).toBe(400);
    const [jacket] = await firstColours('jacket', 1);
    const mixed = await getJson<Json>(`/api/fapi/components/compare?products=${boots[0]},${jacket}`);
    expect([mixed.status, mixed.body.details[0].field]).toEqual([400, 'products']);
  });

  it('is reached from a listing’s compare boxes, and says what is wrong in plain words', async () => {
    const listing = await (await request('/en-us/c/mens-boots-27713')).text();
    expect(listing).toContain('<form id="compare-form"');
    expect(listing).toMatch(/<input type="checkbox" form="compare-form" name="products" value="[A-Z0-9]{8}"/);
    const boots = await firstColours('boot', 2);
    const page = await (await request(`/en-us/compare?products=${boots[0]}&products=${boots[1]}`)).text();
    expect(page.match(/<th scope="col">/g)?.length).toBe(2);
    expect(page).toContain('Materials and details');
    expect(await (await request(`/en-us/compare?products=${boots[0]}`)).text()).toContain('Choose at least two products to compare.');
  });
});

describe('widgetRecommendations', () => {
  it('answers similar styles of the type, nearest in price, the same on every call', async () => {
    const [boot] = await firstColours('boot', 1);
    const path = `/api/products/v1/widgetRecommendations?productId=${boot}&type=similar&count=4`;
    const first = await getJson<Json>(path);
    expect(first.body.products).toHaveLength(4);
    const types = await one<{ n: number }>(
      'SELECT COUNT(DISTINCT s.product_type) AS n FROM products p JOIN styles s ON s.id = p.style_id WHERE p.id IN (SELECT value FROM json_each(?1))',
      JSON.stringify(first.body.products.map((p: Json) => p.productId)),
    );
    expect(types.n).toBe(1);
    expect((await getJson<Json>(path)).body.products).toEqual(first.body.products);
    expect(first.body.products.every((p: Json) => p.productId.slice(0, 6) !== boot?.slice(0, 6))).toBe(true);
  });

  it('answers what was bought with it, then what goes with its type', async () => {
    const jar = new Jar();
    const [boot] = await firstColours('boot', 1);
    const together = await jar.api('GET', `/api/products/v1/widgetRecommendations?productId=${boot}&type=bought-together&count=3`);
    expect(together.body.products.length).toBeGreaterThan(0);
    expect((await getJson<Json>('/api/products/v1/widgetRecommendations?productId=ZZZZZZZZ')).body.errorId).toBe('PLP400');
  });
});

describe('the cart’s recommendations', () => {
  it('show what goes with the first item, never what the cart holds', async () => {
    const jar = new Jar();
    const boot = await one<{ id: string; product_id: string }>(
      `SELECT v.id, v.product_id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id JOIN inventory i ON i.variant_id = v.id
       WHERE s.product_type = 'boot' AND s.is_presale = 0 AND s.target_publish_date IS NULL AND i.quantity > 3 ORDER BY v.id LIMIT 1`,
    );
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.id, qty: 1 });
    const { html } = await jar.get('/en-us/cart');
    expect(html).toContain('Often bought together');
    const section = html.slice(html.indexOf('Often bought together'));
    expect(section).not.toContain(`-${boot.product_id}"`);
  });
});
