// A search's matches and facts are reused by the isolate for a few seconds (catalog/service.ts): every sort,
// filter and page of the same words answers what it would have answered from the database.

import { describe, expect, it } from 'vitest';
import { forgetIsolateMemory } from '../../src/worker/lib/isolate-memory.ts';
import { request } from './helpers.ts';

/** The product cards a search page lists, in order, and its count. */
async function results(path: string) {
  const html = await (await request(path)).text();
  return { cards: [...html.matchAll(/class="card__link"[^>]*href="([^"]+)"/g)].map((m) => m[1]), count: /listing-header__count[^>]*>([^<]+)</.exec(html)?.[1] };
}

describe('a search asked again', () => {
  const variants = ['', '&sort=price-asc', '&sort=newest', '&page=2', '&color=black'];
  it.each(variants)('answers "boot%s" as a first asking does', async (extra) => {
    forgetIsolateMemory();
    const first = await results(`/en-us/search?q=boot${extra}`);
    expect(first.cards.length).toBeGreaterThan(0);
    // Remembered by another way of asking the same words, then asked this way.
    forgetIsolateMemory();
    await results('/en-us/search?q=BOOT&sort=price-desc');
    expect(await results(`/en-us/search?q=boot${extra}`)).toEqual(first);
  });
});
