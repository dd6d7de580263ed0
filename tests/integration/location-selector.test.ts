// The location selector (the store services issue, §6): every site and language, for the API and for
// shoppers, countries in the reader's language and each language in itself.

import { describe, expect, it } from 'vitest';
import { LOCALES, SITE_IDS } from '../../src/shared/locale/sites.ts';
import { getJson, request } from './helpers.ts';

type Json = Record<string, any>;

describe('the location selector', () => {
  it('lists every site with its languages, for the API and on a page', async () => {
    const answer = await getJson<Json>('/api/fapi/pages/location-selector', { headers: { 'x-locale': 'fr-fr' } });
    expect(answer.status).toBe(200);
    expect(answer.body.sites.map((site: Json) => site.siteId)).toEqual([...SITE_IDS]);
    const canada = answer.body.sites.find((site: Json) => site.siteId === 'CA');
    expect(canada).toMatchObject({ country: 'Canada', currency: 'CAD' });
    expect(canada.locales).toEqual([
      { code: 'en-ca', tag: 'en-CA', language: 'English', url: '/en-ca' },
      { code: 'fr-ca', tag: 'fr-CA', language: 'Français', url: '/fr-ca' },
    ]);
    expect(answer.body.sites.find((site: Json) => site.siteId === 'DE').country).toBe('Allemagne');

    const page = await request('/de-de/location-selector');
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const locale of LOCALES) expect(html).toContain(`href="/${locale.code}/location"`);
    expect(html).toContain('<strong>Deutschland</strong>');
    expect(html).toMatch(/href="\/de-de\/location" hrefLang="de-DE" lang="de-DE" aria-current="true">Deutsch</);
  });

  it('remembers a choice for the next bare address, and the location prompt is not asked again', async () => {
    const chosen = await request('/fr-fr/location');
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe('/fr-fr');
    expect(chosen.headers.get('cache-control')).toBe('private, no-store');
    const cookies = chosen.headers.getSetCookie().map((c) => c.split(';')[0]);
    expect(cookies).toEqual(expect.arrayContaining(['locale=fr-fr', 'cairn_location=switched']));
    const bare = await request('/', { headers: { cookie: cookies.join('; '), 'accept-language': 'en-US' } });
    expect(bare.headers.get('location')).toBe('/fr-fr');
  });
});

describe('localePath: the same page in the chosen locale', () => {
  it('carries the page through the selector and opens it in the chosen locale, with or without its prefix', async () => {
    const html = await (await request('/en-us/location-selector?localePath=%2Fen-us%2Fc%2Fmen%3Fsize%3D9')).text();
    expect(html).toContain('href="/fr-fr/location?localePath=%2Fc%2Fmen%3Fsize%3D9"');
    expect(html).toContain('href="/de-de/location?localePath=%2Fc%2Fmen%3Fsize%3D9"');

    for (const [asked, lands] of <[string, string][]>[
      ['/c/men?size=9', '/fr-fr/c/men?size=9'],
      ['/en-us/p/trail-runner-TR100BLK', '/fr-fr/p/trail-runner-TR100BLK'],
      ['/en-us', '/fr-fr'],
    ]) {
      const chosen = await request(`/fr-fr/location?localePath=${encodeURIComponent(asked)}`);
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get('location')).toBe(lands);
    }
  });

  it('never leads anywhere but a page of the chosen locale', async () => {
    for (const hostile of ['//evil.example/x', 'https://evil.example/', '/../../evil', '/%2e%2e/%2e%2e/evil', '/\\evil.example', 'c/men']) {
      const chosen = await request(`/fr-fr/location?localePath=${encodeURIComponent(hostile)}`);
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get('location'), hostile).toBe('/fr-fr');
    }
    const html = await (await request('/en-us/location-selector?localePath=https%3A%2F%2Fevil.example')).text();
    expect(html).toContain('href="/fr-fr/location"');
    expect(html).not.toContain('evil.example');
  });
});
