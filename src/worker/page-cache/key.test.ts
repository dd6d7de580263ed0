import { describe, expect, it } from 'vitest';
import { baseKey, cacheUrl, type KeyInputs, normalisedUrl, pageKey } from './key.ts';

const inputs: KeyInputs = {
  build: 'b1',
  siteId: 'GB',
  locale: 'en-gb',
  consent: { decided: true, analytics: false, functional: false, targeting: false },
  locationPrompt: null,
};
const url = new URL('https://store.test/en-gb/c/boots-1');

describe('the page cache key', () => {
  it('drops tracking parameters and puts the others in name order, repeated names as given', () => {
    const normal = normalisedUrl('https://store.test/en-gb/c/boots-1?utm_source=mail&size=10&gclid=x&sort=price&size=9&fbclid=y#top');
    expect(normal.href).toBe('https://store.test/en-gb/c/boots-1?size=10&size=9&sort=price');
  });

  it('differs for each input a page shows', () => {
    const keys = [
      baseKey(url, inputs),
      baseKey(url, { ...inputs, build: 'b2' }),
      baseKey(url, { ...inputs, siteId: 'FR' }),
      baseKey(url, { ...inputs, locale: 'fr-fr' }),
      baseKey(url, { ...inputs, consent: { ...inputs.consent, decided: false } }),
      baseKey(url, { ...inputs, locationPrompt: 'US' }),
      baseKey(new URL('https://store.test/en-gb/c/boots-1?size=9'), inputs),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(pageKey(keys[0] as string, 'x:hero=winter')).not.toBe(pageKey(keys[0] as string, 'x:hero=baseline'));
  });

  it('is the same for consent choices the page does not show (analytics is read in the browser)', () => {
    const analytics = { ...inputs.consent, analytics: true, functional: true };
    expect(baseKey(url, { ...inputs, consent: analytics })).toBe(baseKey(url, inputs));
  });

  it('becomes a stable address under the store’s origin', async () => {
    const key = baseKey(url, inputs);
    const first = await cacheUrl('https://store.test', key);
    expect(first).toMatch(/^https:\/\/store\.test\/__page-cache\/[0-9a-f]{64}$/);
    expect(await cacheUrl('https://store.test', key)).toBe(first);
    expect(await cacheUrl('https://store.test', `${key}x`)).not.toBe(first);
  });
});
