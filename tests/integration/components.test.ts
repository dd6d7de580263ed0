// The remaining internal components and pages, and the search hub (the store services issue, §4).

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { countSearch } from '../../src/worker/commerce/catalog/search-terms.ts';
import { getJson, one, request } from './helpers.ts';

type Json = Record<string, any>;

describe('internal components', () => {
  it('answer the collections, the footer, the utility links and the search hub in the reader’s language', async () => {
    const collections = await getJson<Json>('/api/fapi/components/collections?locale=fr-fr');
    expect(collections.body.collections.length).toBeGreaterThan(0);
    expect(collections.body.collections[0].url).toMatch(/^\/fr-fr\/c\//);
    const footer = await getJson<Json>('/api/fapi/components/footer?locale=en-gb');
    expect(Array.isArray(footer.body.footer.items)).toBe(true);
    const utility = await getJson<Json>('/api/fapi/components/utility?locale=fr-fr');
    expect(utility.body.links.find((l: Json) => l.id === 'contact')).toEqual({ id: 'contact', label: 'Nous contacter', url: '/fr-fr/help/contact-us' });
    const hub = await getJson<Json>('/api/fapi/components/search-hub?locale=en-us');
    expect(hub.body.popularSearches[0]).toEqual({ term: 'waterproof boots', url: '/en-us/search?q=waterproof%20boots' });
    expect(hub.body.categories.length).toBe(collections.body.collections.length);
  });

  it('answer a published page by its key, and API404 for none', async () => {
    const page = await getJson<Json>('/api/fapi/pages/sale-terms?locale=en-us');
    expect(page.status).toBe(200);
    expect(page.body.document.metadata).toBeTruthy();
    expect((await getJson<Json>('/api/fapi/pages/help?locale=de-de')).status).toBe(200);
    expect((await getJson<Json>('/api/fapi/pages/no-such-page')).body.errorId).toBe('API404');
  });
});

describe('the search hub', () => {
  it('lists popular searches, which searches that find products keep up to date', async () => {
    const html = await (await request('/en-us/searchhub')).text();
    expect(html).toContain('Popular searches');
    expect(html).toContain('href="/en-us/search?q=waterproof%20boots"');
    const before = await one<{ searches: number } | null>("SELECT searches FROM search_terms WHERE lang = 'en' AND term = 'chukka'");
    await (await request('/en-us/search?q=Chukka')).text();
    await (await request('/en-us/search?q=qwxzqwxz')).text();
    await (await request('/en-us/search?q=someone%40example.com')).text();
    // Counted after the answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await one<{ searches: number }>("SELECT searches FROM search_terms WHERE lang = 'en' AND term = 'chukka'")).searches).toBe(
      (before?.searches ?? 0) + 1,
    );
    expect(await one("SELECT COUNT(*) AS n FROM search_terms WHERE term IN ('qwxzqwxz', 'someone@example.com')")).toEqual({ n: 0 });
  });

  it('writes a busy isolate’s counts together, at most every five seconds, and loses none when a write fails', async () => {
    const searches = async (term: string) =>
      (await one<{ searches: number } | null>("SELECT searches FROM search_terms WHERE lang = 'en' AND term = ?", term))?.searches ?? 0;
    // An hour on, clear of the writes the searches above made.
    const t0 = Date.now() + 3_600_000;
    await countSearch(env.DB, 'en', 'zz trail', t0);
    expect(await searches('zz trail')).toBe(1);
    expect(countSearch(env.DB, 'en', 'zz trail', t0 + 1_000)).toBeNull();
    expect(countSearch(env.DB, 'en', 'zz trail', t0 + 2_000)).toBeNull();
    expect(countSearch(env.DB, 'en', 'zz summit', t0 + 3_000)).toBeNull();
    expect(await searches('zz trail')).toBe(1);
    await countSearch(env.DB, 'en', 'zz trail', t0 + 5_000);
    expect([await searches('zz trail'), await searches('zz summit')]).toEqual([4, 1]);

    const down = { prepare: (sql: string) => env.DB.prepare(sql), batch: () => Promise.reject(new Error('D1 is down')) } as unknown as D1Database;
    await expect(countSearch(down, 'en', 'zz summit', t0 + 10_000) as Promise<void>).rejects.toThrow('D1 is down');
    await countSearch(env.DB, 'en', 'zz summit', t0 + 15_000);
    expect(await searches('zz summit')).toBe(3);
  });
});
