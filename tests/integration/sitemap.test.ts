// Sitemaps and robots.txt (the store services issue, §6): an index of one sitemap per locale, each within
// the protocol's limits (50,000 URLs, 50 MB), absolute URLs, valid dates, hreflang alternates and image
// entries; robots.txt names the index.

import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/locale/sites.ts';
import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS } from '../../src/worker/seo/sitemap.ts';
import { ORIGIN, one, request } from './helpers.ts';

const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] as string);

describe('robots.txt', () => {
  it('keeps crawlers out of the API and search and names the sitemap index', async () => {
    const response = await request('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('the sitemaps', () => {
  it('index one sitemap per locale, each within the limits, with absolute URLs, dates, alternates and images', async () => {
    const index = await request('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const indexXml = await index.text();
    expect(indexXml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const files = all(indexXml, 'loc');
    expect(files).toEqual(LOCALES.map((l) => `${ORIGIN}/sitemaps/${l.code}.xml`));
    for (const date of all(indexXml, 'lastmod')) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const product = await one<{ id: string; slug: string }>(
      "SELECT p.id, p.slug FROM products p JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US' JOIN styles s ON s.id = p.style_id WHERE s.target_publish_date IS NULL LIMIT 1",
    );
    for (const file of files) {
      const response = await request(new URL(file).pathname);
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(new TextEncoder().encode(xml).length).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
      const urls = all(xml, 'loc');
      expect(urls.length).toBeGreaterThan(100);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      expect((xml.match(/<url>/g) ?? []).length).toBe((xml.match(/<\/url>/g) ?? []).length);
      for (const url of urls) expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
      for (const date of all(xml, 'lastmod')) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Set(urls).size).toBe(urls.length);
    }
    const us = await (await request('/sitemaps/en-us.xml')).text();
    expect(us).toContain(`<loc>${ORIGIN}/en-us</loc>`);
    expect(us).toContain(`<loc>${ORIGIN}/en-us/stories</loc>`);
    expect(us).toContain(`<loc>${ORIGIN}/en-us/sale-terms</loc>`);
    const productUrl = `${ORIGIN}/en-us/p/${product.slug}-${product.id}`;
    const entry = us.slice(us.indexOf(`<loc>${productUrl}</loc>`), us.indexOf('</url>', us.indexOf(`<loc>${productUrl}</loc>`)));
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en-US" href="${productUrl}"/>`);
    expect(entry).toMatch(/<image:image><image:loc>https?:\/\/[^<]+\.svg<\/image:loc><\/image:image>/);
    expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // Categories exist in every locale: each names all the others.
    const category = /<url>\n<loc>([^<]+\/en-us\/c\/[^<]+)<\/loc>[\s\S]*?<\/url>/.exec(us)?.[0] ?? '';
    expect((category.match(/hreflang=/g) ?? []).length).toBe(LOCALES.length);
    expect((await request('/sitemaps/xx-yy.xml')).status).toBe(404);
    expect((await request('/sitemaps/en-us-9.xml')).status).toBe(404);
  });
});
