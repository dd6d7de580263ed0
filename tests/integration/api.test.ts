import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getJson, leafCategory, ORIGIN, one, request, shoeWithWidths } from './helpers.ts';

type Json = Record<string, any>;

describe('product endpoints', () => {
  it('returns product details with appId and correlationId', async () => {
    const shoe = await shoeWithWidths();
    const { status, body, headers } = await getJson<Json>(`/api/products/v2/products/${shoe.id}/details?locale=en-gb`, {
      headers: { 'x-correlation-id': 'test-correlation-0001' },
    });
    expect(status).toBe(200);
    expect(body.appId).toBe('cairn-storefront');
    expect(body.correlationId).toBe('test-correlation-0001');
    expect(headers.get('x-correlation-id')).toBe('test-correlation-0001');
    expect(body.product).toMatchObject({ id: shoe.id, currency: 'GBP', url: `/en-gb/p/${shoe.slug}-${shoe.id}` });
    expect(body.product.attributes.map((a: Json) => a.type)).toEqual(['color', 'size', 'width']);
    expect(body.product.images).toHaveLength(3);
  });
  it('explains a malformed product id with API400', async () => {
    const { status, body } = await getJson<Json>('/api/products/v2/products/abc/details');
    expect(status).toBe(400);
    expect(body.errorId).toBe('API400');
    expect(body.message).toContain('Product id must be 8 to 11 uppercase letters or digits');
    expect(body.correlationId).toBeTruthy();
  });
  it('answers PLP400 for an unknown product', async () => {
    const { status, body } = await getJson<Json>('/api/products/v2/products/ZZZZZZZZ/details');
    expect(status).toBe(404);
    expect(body.errorId).toBe('PLP400');
  });
  it('returns inventory per variant', async () => {
    const shoe = await shoeWithWidths();
    const { body } = await getJson<Json>(`/api/products/v2/products/${shoe.id}/inventory`);
    expect(body.variants[shoe.sold_out]).toEqual({ quantity: 0, stockStatus: 'OUT_OF_STOCK' });
    expect(body.variants[shoe.variant].stockStatus).not.toBe('OUT_OF_STOCK');
  });
  it('reports a digital product as available with quantity 1', async () => {
    const gift = await one<{ id: string }>('SELECT p.id FROM products p JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 1 LIMIT 1');
    const { body } = await getJson<Json>(`/api/products/v2/products/${gift.id}/inventory`);
    for (const entry of Object.values(body.variants) as Json[]) expect(entry).toEqual({ quantity: 1, stockStatus: 'IN_STOCK' });
  });
  it('returns the sets a product belongs to and a set', async () => {
    const item = await one<{ set_id: string; product_id: string }>('SELECT set_id, product_id FROM product_set_items ORDER BY set_id LIMIT 1');
    const sets = await getJson<Json>(`/api/products/v2/products/${item.product_id}/productSets?locale=fr-fr`);
    expect(sets.body.productSets.map((s: Json) => s.id)).toContain(item.set_id);
    const set = await getJson<Json>(`/api/products/v2/products/${item.set_id}/productSet`);
    expect(set.body.productSet.productIds).toContain(item.product_id);
  });
});

describe('catalog and search', () => {
  it('returns the localized category tree', async () => {
    const { body } = await getJson<Json>('/api/products/v2/catalog?locale=fr-ca');
    expect(body.categories.length).toBeGreaterThanOrEqual(3);
    expect(body.categories[0].url).toMatch(/^\/fr-ca\/c\//);
  });
  it('lists a category with facets and paging', async () => {
    const category = await leafCategory();
    const { body } = await getJson<Json>(`/api/products/v2/catalog?categoryId=${category.id}&count=2&sort=price-asc`);
    expect(body.cards).toHaveLength(2);
    expect(body.cards[0].price.lowCurrent).toBeLessThanOrEqual(body.cards[1].price.lowCurrent);
    expect(body.facets.map((f: Json) => f.id)).toEqual(['size', 'color', 'price', 'badge']);
  });
  it('pages a large department consistently: the first page read up front, later ones planned', async () => {
    const department = await one<{ id: number }>('SELECT id FROM categories WHERE level = 1 ORDER BY position LIMIT 1');
    const first = await getJson<Json>(`/api/products/v2/catalog?categoryId=${department.id}`);
    const second = await getJson<Json>(`/api/products/v2/catalog?categoryId=${department.id}&page=2`);
    expect(first.body.total).toBeGreaterThan(48);
    expect(first.body.cards).toHaveLength(24);
    expect(second.body.cards).toHaveLength(24);
    const ids = [...first.body.cards, ...second.body.cards].map((c: Json) => c.styleId);
    expect(new Set(ids).size).toBe(48);
    const ranks = await env.DB.prepare(`SELECT id, featured_rank FROM styles WHERE id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(ids))
      .all<{ id: string; featured_rank: number }>();
    const rank = new Map(ranks.results.map((r) => [r.id, r.featured_rank]));
    const inOrder = ids.map((id) => rank.get(id) as number);
    expect(inOrder).toEqual([...inOrder].sort((a, b) => a - b));
  });
  it('answers a large department the same from reused facts as from fresh ones', async () => {
    const department = await one<{ id: number }>('SELECT id FROM categories WHERE level = 1 ORDER BY position LIMIT 1 OFFSET 1');
    const path = `/api/products/v2/catalog?categoryId=${department.id}&color=black&sort=price-asc&page=2`;
    // The first answer reads the facts from D1, the second plans from the copy the isolate kept.
    const fresh = await getJson<Json>(path);
    const reused = await getJson<Json>(path);
    expect(fresh.status).toBe(200);
    expect({ ...reused.body, correlationId: '' }).toEqual({ ...fresh.body, correlationId: '' });
    expect(fresh.body.total).toBeGreaterThan(24);
    expect(fresh.body.cards.length).toBeGreaterThan(0);
    const other = await getJson<Json>(`/api/products/v2/catalog?categoryId=${department.id}&color=blue`);
    expect(other.body.total).not.toBe(fresh.body.total);
  });
  it('searches with FTS5 and suggests', async () => {
    const search = await getJson<Json>('/api/products/v2/search/productSearch?q=waterproof%20boot&locale=en-us');
    expect(search.status).toBe(200);
    expect(search.body.total).toBeGreaterThan(0);
    const suggest = await getJson<Json>('/api/products/v2/search/autoSuggest?q=boo');
    expect(suggest.body.products.length).toBeGreaterThan(0);
    expect(suggest.body.categories.some((c: Json) => /boot/i.test(c.name))).toBe(true);
  });
  it('refuses a missing or too long query with the validator message', async () => {
    const missing = await getJson<Json>('/api/products/v2/search/productSearch');
    expect(missing.status).toBe(400);
    expect(missing.body.errorId).toBe('API400');
    const long = await getJson<Json>(`/api/products/v2/search/productSearch?q=${'a'.repeat(101)}`);
    expect(long.body.message).toContain('Value must not be longer than 100 characters');
    const badSort = await getJson<Json>('/api/products/v2/search/productSearch?q=boot&sort=cheapest');
    expect(badSort.body.details[0].field).toBe('sort');
  });
});

describe('stores and availability', () => {
  it('sorts stores by distance from a point', async () => {
    const { body } = await getJson<Json>('/api/utilities/stores?lat=51.5074&lng=-0.1278&limit=3');
    expect(body.stores).toHaveLength(3);
    expect(body.stores[0].countryCode).toBe('GB');
    expect(body.stores[0].distanceKm).toBeLessThanOrEqual(body.stores[1].distanceKm);
  });
  it('refuses half a coordinate', async () => {
    const { status, body } = await getJson<Json>('/api/utilities/stores?lat=51.5');
    expect(status).toBe(400);
    expect(body.message).toContain('lat and lng must be given together');
  });
  it('returns store inventory for a product and a list of stores', async () => {
    const stocked = await one<{ store_id: string; variant_id: string; quantity: number }>(
      'SELECT store_id, variant_id, quantity FROM store_inventory WHERE quantity > 0 LIMIT 1',
    );
    const response = await request(`/api/products/v1/products/${stocked.variant_id}/availability`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ storeIds: [stocked.store_id] }),
    });
    const body = (await response.json()) as Json;
    expect(body.storeInventory).toEqual([{ storeId: stocked.store_id, quantity: stocked.quantity, variants: { [stocked.variant_id]: stocked.quantity } }]);
  });
  it('refuses a cross-site POST, a body that is not JSON and an unknown store', async () => {
    const path = '/api/products/v1/products/ABCDEFGH/availability';
    const crossSite = await request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.test' }, body: '{}' });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as Json).errorId).toBe('API403');
    const text = await request(path, { method: 'POST', headers: { 'content-type': 'text/plain', origin: ORIGIN }, body: 'hi' });
    expect(((await text.json()) as Json).errorId).toBe('API415');
    const unknown = await request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ storeIds: ['ZZ-9999'] }),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Json).errorId).toBe('STR404');
  });
});

describe('utilities', () => {
  it('lists countries with dial codes, localized', async () => {
    const { body } = await getJson<Json>('/api/utilities/countryList?locale=fr-fr');
    expect(body.countries.find((c: Json) => c.code === 'DE')).toMatchObject({ name: 'Allemagne', dialCode: '49' });
  });
  it('returns settings of a country and 404 for one the store does not serve', async () => {
    const ca = await getJson<Json>('/api/utilities/i18n/ca');
    expect(ca.body).toMatchObject({ countryCode: 'CA', currency: 'CAD', locales: ['en-ca', 'fr-ca'] });
    expect(ca.body.addressRules.province.options).toContainEqual({ value: 'QC', label: 'Quebec' });
    expect((await getJson<Json>('/api/utilities/i18n/JP')).status).toBe(404);
  });
  it('tells the server time', async () => {
    const before = Date.now();
    const { body } = await getJson<Json>('/api/fapi/server/time');
    expect(body.timestamp).toBeGreaterThanOrEqual(before - 1000);
  });
  it('answers API404 as JSON for an unknown endpoint', async () => {
    const { status, body } = await getJson<Json>('/api/nothing/here');
    expect(status).toBe(404);
    expect(body).toMatchObject({ errorId: 'API404', appId: 'cairn-storefront' });
  });
  it('turns an unexpected failure into GEN500 without a stack trace', async () => {
    await env.DB.exec('ALTER TABLE product_set_texts RENAME TO product_set_texts_hidden');
    try {
      const item = await one<{ product_id: string }>('SELECT product_id FROM product_set_items LIMIT 1');
      const { status, body } = await getJson<Json>(`/api/products/v2/products/${item.product_id}/productSets`);
      expect(status).toBe(500);
      expect(body.errorId).toBe('GEN500');
      expect(body.message).toBe('Something went wrong on our side. Please try again.');
      expect(JSON.stringify(body)).not.toMatch(/at |Error:|sqlite/i);
    } finally {
      await env.DB.exec('ALTER TABLE product_set_texts_hidden RENAME TO product_set_texts');
    }
  });
});

describe('sizes in stock', () => {
  it('follow inventory changes through the triggers', async () => {
    const variant = await one<{ id: string; product_id: string; size: string }>(
      `SELECT v.id, v.product_id, v.size FROM variants v JOIN inventory i ON i.variant_id = v.id
       WHERE i.quantity > 0 AND v.width IS NULL AND v.length IS NULL ORDER BY v.id LIMIT 1`,
    );
    const sizes = async () =>
      (await one<{ sizes_in_stock: string }>('SELECT sizes_in_stock FROM products WHERE id = ?', variant.product_id)).sizes_in_stock.split(',');
    expect(await sizes()).toContain(variant.size);
    const { quantity } = await one<{ quantity: number }>('SELECT quantity FROM inventory WHERE variant_id = ?', variant.id);
    await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?').bind(variant.id).run();
    try {
      expect(await sizes()).not.toContain(variant.size);
    } finally {
      await env.DB.prepare('UPDATE inventory SET quantity = ? WHERE variant_id = ?').bind(quantity, variant.id).run();
    }
    expect(await sizes()).toContain(variant.size);
  });
});
