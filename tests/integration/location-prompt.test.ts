// The location confirmation (the store services issue, §6): a visitor from a country with its own site, on
// another site's page, is asked once; the answer is remembered and, to go, leads to the same page there.

import { describe, expect, it } from 'vitest';
import { ORIGIN, request } from './helpers.ts';
import { cookiesOf } from './identity.ts';

const visit = (path: string, country: string, init: RequestInit = {}) => request(path, { ...init, cf: { country } } as RequestInit);

describe('the location confirmation', () => {
  it('asks a visitor from France on the US site, and nobody already on their country’s site', async () => {
    const html = await (await visit('/en-us/c/mens-boots-27713?page=2', 'FR')).text();
    expect(html).toContain('<dialog open="" class="location-prompt"');
    expect(html).toContain('Shopping from France?');
    expect(html).toMatch(/<button type="submit" value="fr-fr"[^>]*name="choice"/);
    expect(html).toContain('name="path" value="/en-us/c/mens-boots-27713?page=2"');
    expect(await (await visit('/fr-fr/c/mens-boots-27713', 'FR')).text()).not.toContain('location-prompt');
    // A country without a site of its own is not asked.
    expect(await (await visit('/en-us', 'JP')).text()).not.toContain('location-prompt');
    // Canada in French: the French Canadian site.
    expect(await (await visit('/fr-fr', 'CA')).text()).toMatch(/<button type="submit" value="fr-ca"[^>]*name="choice"/);
  });

  it('remembers the answer, and takes the shopper to the same page on their site', async () => {
    const form = (choice: string) =>
      visit('/en-us/location', 'FR', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: new URLSearchParams({ choice, path: '/en-us/c/mens-boots-27713' }).toString(),
      });
    const go = await form('fr-fr');
    expect([go.status, go.headers.get('location')]).toEqual([303, '/fr-fr/c/mens-boots-27713']);
    const cookie = cookiesOf(go).cairn_location;
    expect(cookie).toBe('switched');
    const stay = await form('stay');
    expect(stay.headers.get('location')).toBe('/en-us/c/mens-boots-27713');
    const answered = await (await visit('/en-us', 'FR', { headers: { cookie: 'cairn_location=stay' } })).text();
    expect(answered).not.toContain('location-prompt');
    // Somewhere else is not a place to go back to.
    const elsewhere = await visit('/en-us/location', 'FR', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ choice: 'stay', path: 'https://evil.example/' }).toString(),
    });
    expect(elsewhere.headers.get('location')).toBe('/en-us');
  });
});
