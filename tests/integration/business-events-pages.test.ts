// Pages served as business events (README, Business events): a page the edge cache answers is counted as a
// rendered one is and its HTML stays the same; an experiment's arm is kept and counted only with targeting consent.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index.ts';
import { ORIGIN } from './helpers.ts';

const refused = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:0')}`;
const arms = `cairnArms=${encodeURIComponent(JSON.stringify([['home-hero-2026', 'winter']]))}`;

/** A page with the page cache on, its business events once they are written. */
async function page(path: string, cookie = '') {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }), { ...env, PAGE_CACHE: 'on' }, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html, cache: response.headers.get('cache-status') ?? '' };
}

async function events(site: string): Promise<string[][]> {
  const { results } = await env.DB.prepare("SELECT blobs FROM local_events WHERE site_id = ?1 AND event IN ('page_served', 'variant_step') ORDER BY id")
    .bind(site)
    .all<{ blobs: string }>();
  return results.map((row) => (JSON.parse(row.blobs) as string[]).filter((_, i) => i !== 2));
}

describe('pages served', () => {
  it('counts a page the cache answered as a rendered one, its HTML the same but for the nonce', async () => {
    const first = await page('/en-ca/stores');
    const second = await page('/en-ca/stores');
    expect(first.cache).toMatch(/stored/);
    expect(second.cache).toMatch(/cairn-page; hit/);
    const nonce = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(second.html.replaceAll(nonce(second.html), 'N')).toBe(first.html.replaceAll(nonce(first.html), 'N'));
    expect(await events('CA')).toEqual([
      ['page_served', 'CA', 'store locator'],
      ['page_served', 'CA', 'store locator'],
    ]);
  });

  it('without targeting consent keeps no arm, counts none, and takes back an arm cookie left from before', async () => {
    const answer = await page('/en-gb', `${refused}; ${arms}`);
    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.getSetCookie().filter((c) => c.startsWith('cairnArms='))).toEqual([expect.stringMatching(/^cairnArms=; Max-Age=0/)]);
    expect(await events('GB')).toEqual([['page_served', 'GB', 'home']]);
  });

  it('with a test context (a marketer checking a variant) keeps and counts no arm', async () => {
    const answer = await page('/fr-ca?p13n_testcontext=%7B%22variants%22%3A%7B%22home-hero-2026%22%3A%22winter%22%7D%7D');
    expect(answer.response.headers.getSetCookie().some((c) => c.startsWith('cairnArms='))).toBe(false);
    expect((await events('CA')).filter((blobs) => blobs[0] === 'variant_step')).toEqual([]);
    // The same page without it puts the new visitor in an arm, kept and counted once.
    const plain = await page('/fr-ca');
    expect(plain.response.headers.getSetCookie().filter((c) => c.startsWith('cairnArms='))).toEqual([
      expect.stringMatching(/^cairnArms=%5B%5B%22home-hero-2026%22%2C%22(winter|baseline)%22%5D%5D; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/),
    ]);
    expect((await events('CA')).filter((blobs) => blobs[0] === 'variant_step')).toEqual([
      ['variant_step', 'CA', 'home-hero-2026', expect.any(String), 'exposed'],
    ]);
  });
});
