// /robots.txt and the sitemaps, for crawlers: the same for everyone, cacheable for an hour. robots.txt is
// served here rather than as a static file because its Sitemap line must be absolute, on the host asked.

import { Hono } from 'hono';
import { findLocale, LOCALES } from '../../shared/locale/sites.ts';
import type { AppEnv } from '../env.ts';
import { indexXml, localeEntries, partEntries, partsOf, urlsetXml } from './sitemap.ts';

const XML = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };

export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    const origin = new URL(c.req.url).origin;
    return c.text(
      // Search results are not pages to index; the search hub (/searchhub) is.
      [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /admin/',
        'Disallow: /*/search$',
        'Disallow: /*/search?',
        'Allow: /',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
      200,
      {
        'Cache-Control': 'public, max-age=3600',
      },
    );
  })
  .get('/sitemap.xml', async (c) => {
    const origin = new URL(c.req.url).origin;
    const files: { name: string; lastmod: string | null }[] = [];
    for (const locale of LOCALES) {
      const entries = await localeEntries(c.env.DB, locale);
      const lastmod = entries.reduce<string | null>((latest, entry) => (entry.lastmod && (!latest || entry.lastmod > latest) ? entry.lastmod : latest), null);
      for (const name of partsOf(locale.code, entries.length)) files.push({ name, lastmod });
    }
    return c.body(indexXml(origin, files), 200, XML);
  })
  .get('/sitemaps/:file', async (c) => {
    const name = /^([a-z]{2}-[a-z]{2})(-\d+)?\.xml$/.exec(c.req.param('file'));
    const locale = findLocale(name?.[1]);
    if (!name || !locale) return c.notFound();
    const entries = partEntries(await localeEntries(c.env.DB, locale), `${name[1]}${name[2] ?? ''}`, locale.code);
    if (!entries) return c.notFound();
    return c.body(urlsetXml(new URL(c.req.url).origin, locale, entries), 200, XML);
  });
