// The store locator, the store pages and "my store" (the store services issue, §2): nearest stores to a
// postal code no store has, a city, or coordinates; the store page's JSON-LD; STR404; the favourite store
// in its cookie and on the account, carried to a new device at sign-in, and used by the cart's pickup.

import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { locatePostalCode } from '../../src/worker/commerce/stores/postal-areas.ts';
import { getJson, one, request } from './helpers.ts';
import { cookieHeader, signedIn } from './identity.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

const storesIn = (html: string) => [...html.matchAll(/<h2 class="store-card__name"><a href="\/[a-z-]+\/stores\/([A-Z]{2}-\d{4})"/g)].map((m) => m[1]);

describe('the postal areas', () => {
  it('place a code of each country near its town, and know nothing of a code that is not one', () => {
    const near = (country: string, code: string, lat: number, lng: number) => {
      const found = locatePostalCode(country, code);
      expect(found, `${country} ${code}`).not.toBeNull();
      expect(Math.abs((found?.latitude ?? 0) - lat) + Math.abs((found?.longitude ?? 0) - lng), `${country} ${code}`).toBeLessThan(1.5);
    };
    near('US', '97214', 45.5, -122.6);
    near('US', '80302', 40.0, -105.3);
    near('CA', 'M5V 2T6', 43.6, -79.4);
    near('CA', 'V0N 1B4', 50.1, -122.9);
    near('GB', 'SW1A 1AA', 51.5, -0.14);
    near('GB', 'S1 2HE', 53.4, -1.5);
    near('FR', '74400', 45.9, 6.9);
    near('DE', '82467', 47.5, 11.1);
    near('IT', '39100', 46.5, 11.35);
    expect(locatePostalCode('US', 'hello')).toBeNull();
    expect(locatePostalCode('XX', '12345')).toBeNull();
  });
});

describe('the store locator', () => {
  it('lists the nearest stores to a postal code no store has, a city, or a place, nearest first', async () => {
    const byPostal = await (await request('/en-us/stores?q=97214')).text();
    expect(storesIn(byPostal)[0]).toBe((await one<{ id: string }>("SELECT id FROM stores WHERE city = 'Portland'")).id);
    expect(byPostal).toContain('class="store-map"');
    expect(byPostal).toContain('<link rel="canonical" href="https://store.test/en-us/stores"');
    const byCity = await (await request('/fr-fr/stores?q=Lyon')).text();
    expect(storesIn(byCity)[0]).toBe((await one<{ id: string }>("SELECT id FROM stores WHERE city = 'Lyon'")).id);
    expect(byCity).toContain('Ouvert aujourd’hui');
    // Chamonix's postal code: Chamonix first, then Grenoble and Lyon.
    const chamonix = storesIn(await (await request('/fr-fr/stores?q=74400')).text());
    expect(chamonix.slice(0, 2)).toEqual([
      (await one<{ id: string }>("SELECT id FROM stores WHERE city = 'Chamonix-Mont-Blanc'")).id,
      (await one<{ id: string }>("SELECT id FROM stores WHERE city = 'Grenoble'")).id,
    ]);
    const byPlace = storesIn(await (await request('/en-gb/stores?lat=53.48&lng=-2.24')).text());
    expect(byPlace[0]).toBe((await one<{ id: string }>("SELECT id FROM stores WHERE city = 'Manchester'")).id);
    // Somewhere it cannot place: it says so, and lists every store of the site.
    const unknown = await (await request('/de-de/stores?q=Atlantis')).text();
    expect(storesIn(unknown).length).toBe((await one<{ n: number }>("SELECT COUNT(*) AS n FROM stores WHERE site_id = 'DE'")).n);
    const all = await request('/en-ca/stores');
    const allHtml = await all.text();
    expect(all.status).toBe(200);
    expect(allHtml).not.toContain('noindex');
    expect(storesIn(allHtml).every((id) => id?.startsWith('CA-'))).toBe(true);
    expect(allHtml).toContain('Free repairs check in every store');
  });
});

describe('a store page', () => {
  it('shows the store with its week and JSON-LD Store, and answers 404 for a store of another site or none', async () => {
    const store = await one<{ id: string; name: string; city: string; latitude: number }>(
      "SELECT id, name, city, latitude FROM stores WHERE site_id = 'US' ORDER BY id LIMIT 1",
    );
    const response = await request(`/en-us/stores/${store.id}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain(`<h1>${store.name}</h1>`);
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1] ?? '{}') as Json)
      .find((e) => e['@type'] === 'Store');
    expect(ld).toMatchObject({ name: store.name, address: { addressLocality: store.city, addressCountry: 'US' }, geo: { latitude: store.latitude } });
    expect(ld?.openingHoursSpecification.length).toBeGreaterThan(0);
    expect((await request('/en-us/stores/FR-0001')).status).toBe(404);
    expect((await request('/en-us/stores/US-9999')).status).toBe(404);
    const api = await getJson<Json>('/api/stores/v1/stores/US-9999');
    expect([api.status, api.body.errorId]).toEqual([404, 'STR404']);
    expect((await getJson<Json>(`/api/stores/v1/stores/${store.id}`)).body.store.name).toBe(store.name);
  });

  it('is in the sitemap with the locator', async () => {
    const xml = await (await request('/sitemaps/en-ca.xml')).text();
    expect(xml).toContain('<loc>https://store.test/en-ca/stores</loc>');
    expect(xml).toContain('<loc>https://store.test/en-ca/stores/CA-0001</loc>');
    expect(xml).toContain('hreflang="fr-CA" href="https://store.test/fr-ca/stores/CA-0001"');
  });
});

describe('my store', () => {
  it('keeps a guest’s choice in a cookie the cart picks up at', async () => {
    const guest = new Jar();
    const chosen = await guest.post('/en-us/stores/my-store', { storeId: 'US-0012', back: '/en-us/stores?q=97214' });
    expect(chosen.headers.get('location')).toBe('/en-us/stores?q=97214&saved=1');
    expect(decodeURIComponent(guest.cookies.cairn_store ?? '')).toMatch(/^US-0012\|Cairn /);
    expect((await guest.post('/en-us/stores/my-store', { storeId: 'FR-0001' })).status).toBe(404);
    const saved = await guest.get('/en-us/stores/US-0012?saved=1');
    expect(saved.html).toContain('is now your store');
    // The cart's pickup without a store named: the shopper's own.
    const basketId = (await guest.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const variant = await one<{ variant_id: string }>("SELECT variant_id FROM store_inventory WHERE store_id = 'US-0012' AND quantity > 2 LIMIT 1");
    const added = await guest.api('POST', '/api/cart/v1/item?action=pickup', { cartId: basketId, productId: variant.variant_id, qty: 1 });
    expect(JSON.stringify(added.body)).toContain('US-0012');
  });

  it('is kept on the account and follows the shopper to another device', async () => {
    const eve = await signedInJar('eve.employee@cairn.test', '198.19.50.1');
    await eve.post('/en-us/stores/my-store', { storeId: 'US-0007' });
    expect(await one("SELECT fav_store_id FROM consumers WHERE email = 'eve.employee@cairn.test'")).toEqual({ fav_store_id: 'US-0007' });
    // Another device: signing in brings the store back.
    const session = await signedIn('eve.employee@cairn.test', DEMO_PASSWORD, '198.19.50.2');
    expect(session.status).toBe(200);
    const store = session.cookie.split('; ').find((pair) => pair.startsWith('cairn_store='));
    expect(decodeURIComponent(store ?? '')).toMatch(/^cairn_store=US-0007\|/);
    // A guest's choice becomes the account's when it had none.
    const guest = new Jar();
    await guest.post('/en-us/stores/my-store', { storeId: 'US-0003' });
    const ada = await signedIn('ada.athlete@cairn.test', DEMO_PASSWORD, '198.19.50.3', { cookie: cookieHeader(guest.cookies) });
    expect(ada.status).toBe(200);
    expect(await one("SELECT fav_store_id FROM consumers WHERE email = 'ada.athlete@cairn.test'")).toEqual({ fav_store_id: 'US-0003' });
  });
});
