// Sitemaps (the store services issue, §6 discoverability): /sitemap.xml is an index of one sitemap per
// locale (split in parts past the protocol's 50,000 URLs or 50 MB); each lists the locale's home, content
// pages, categories and products (with their images), every URL with its alternates in the other locales
// (hreflang) and a lastmod taken from the data: a product's style, a category's newest style, a content
// page's live version. Stores join once they have pages. URLs are absolute, as the protocol requires.

import { LOCALES, type Locale } from '../../shared/locale/sites.ts';
import { paths } from '../../shared/routes.ts';
import { assets } from '../assets.ts';
import { productImageUrl } from '../commerce/catalog/images.ts';
import { storePaths } from '../lib/store-paths.ts';

/** The protocol's limits per sitemap file (sitemaps.org): URLs, and bytes uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** What one part holds here: under the limits with room for growth of a URL's alternates. */
const PART_URLS = 40_000;

export interface SitemapEntry {
  /** The path in this locale, with its locale prefix ("/en-us/c/boots-123"). */
  path: string;
  /** ISO date or time. */
  lastmod: string | null;
  /** The same page in other locales, by locale code. */
  alternates: string[];
  images: string[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A W3C datetime's date part, which every reader accepts. */
const dateOf = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : null);

/** A path in another locale: the same path, its prefix swapped (slugs are the same in every locale). */
const inLocale = (path: string, from: string, to: string) => `/${to}${path.slice(from.length + 1)}`;

export function urlsetXml(origin: string, locale: Locale, entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
  ];
  for (const entry of entries) {
    lines.push('<url>', `<loc>${escapeXml(origin + entry.path)}</loc>`);
    const lastmod = dateOf(entry.lastmod);
    if (lastmod) lines.push(`<lastmod>${lastmod}</lastmod>`);
    if (entry.alternates.length > 0) {
      for (const code of [locale.code, ...entry.alternates]) {
        const tag = LOCALES.find((l) => l.code === code)?.tag ?? code;
        lines.push(`<xhtml:link rel="alternate" hreflang="${tag}" href="${escapeXml(origin + inLocale(entry.path, locale.code, code))}"/>`);
      }
    }
    for (const image of entry.images)
      lines.push(`<image:image><image:loc>${escapeXml(image.startsWith('http') ? image : origin + image)}</image:loc></image:image>`);
    lines.push('</url>');
  }
  lines.push('</urlset>');
  return `${lines.join('\n')}\n`;
}

export function indexXml(origin: string, files: { name: string; lastmod: string | null }[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const file of files) {
    lines.push('<sitemap>', `<loc>${escapeXml(`${origin}/sitemaps/${file.name}.xml`)}</loc>`);
    const lastmod = dateOf(file.lastmod);
    if (lastmod) lines.push(`<lastmod>${lastmod}</lastmod>`);
    lines.push('</sitemap>');
  }
  lines.push('</sitemapindex>');
  return `${lines.join('\n')}\n`;
}

/** Every page of a locale worth finding, in a stable order. */
export async function localeEntries(db: D1Database, locale: Locale, now = new Date()): Promise<SitemapEntry[]> {
  const siblings = LOCALES.filter((l) => l.code !== locale.code).map((l) => l.code);
  const sameSite = (codes: string[]) => codes.filter((code) => LOCALES.find((l) => l.code === code)?.site.id === locale.site.id);
  const [pages, categories, products, stores] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT d.key, MAX(v.created_at) AS lastmod,
           (SELECT json_group_array(d2.locale) FROM content_documents d2 WHERE d2.kind = 'page' AND d2.key = d.key AND d2.locale <> d.locale
              AND EXISTS (SELECT 1 FROM content_versions v2 WHERE v2.document_id = d2.id AND v2.status = 'published')) AS locales
         FROM content_documents d JOIN content_versions v ON v.document_id = d.id
         WHERE d.site_id = ?1 AND d.locale = ?2 AND d.kind = 'page' AND v.status = 'published'
           AND (v.publish_from IS NULL OR v.publish_from <= ?3) AND (v.publish_until IS NULL OR v.publish_until > ?3)
         GROUP BY d.key ORDER BY d.key`,
      )
      .bind(locale.site.id, locale.code, now.toISOString()),
    db.prepare(
      `SELECT c.id, c.slug, (SELECT MAX(s.created_at) FROM styles s WHERE s.category_id = c.id) AS lastmod
       FROM categories c ORDER BY c.level, c.position, c.id`,
    ),
    db
      .prepare(
        `SELECT p.id, p.slug, s.product_type, p.swatch_hex, s.created_at AS lastmod,
           (SELECT json_group_array(pr2.site_id) FROM prices pr2 WHERE pr2.item_id = p.id) AS sites
         FROM products p JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = ?1
         WHERE (s.target_publish_date IS NULL OR s.target_publish_date <= ?2)
         ORDER BY p.style_id, p.position`,
      )
      .bind(locale.site.id, now.toISOString()),
    db.prepare('SELECT id FROM stores WHERE site_id = ?1 ORDER BY id').bind(locale.site.id),
  ]);
  const entries: SitemapEntry[] = [];
  for (const row of (pages?.results ?? []) as { key: string; lastmod: string; locales: string }[]) {
    // Pages that are not for search engines (the refused-state pages have no document; these are content).
    const path = row.key === 'home' ? paths.home(locale.code) : `/${locale.code}/${row.key}`;
    entries.push({ path, lastmod: row.lastmod, alternates: JSON.parse(row.locales) as string[], images: [] });
  }
  for (const row of (categories?.results ?? []) as { id: number; slug: string; lastmod: string | null }[]) {
    entries.push({ path: paths.category(locale.code, row.slug, row.id), lastmod: row.lastmod, alternates: siblings, images: [] });
  }
  for (const row of (products?.results ?? []) as { id: string; slug: string; product_type: string; swatch_hex: string; lastmod: string; sites: string }[]) {
    const sites = JSON.parse(row.sites) as string[];
    const alternates = siblings.filter((code) => sites.includes(LOCALES.find((l) => l.code === code)?.site.id ?? ''));
    entries.push({
      path: paths.product(locale.code, row.slug, row.id),
      lastmod: row.lastmod,
      alternates: [...new Set([...sameSite(siblings), ...alternates])],
      images: [productImageUrl(assets.imageBase, row.product_type, row.swatch_hex, 'side')],
    });
  }
  // The contact page, the size guide and the search hub, in every locale.
  for (const page of ['help/contact-us', 'size-guide', 'searchhub'])
    entries.push({ path: `/${locale.code}/${page}`, lastmod: null, alternates: siblings, images: [] });
  // The store locator and each store of the site: the same stores in each of the site's languages.
  const storeRows = (stores?.results ?? []) as { id: string }[];
  if (storeRows.length > 0) entries.push({ path: storePaths.stores(locale.code), lastmod: null, alternates: sameSite(siblings), images: [] });
  for (const row of storeRows) entries.push({ path: storePaths.store(locale.code, row.id), lastmod: null, alternates: sameSite(siblings), images: [] });
  return entries;
}

/** A locale's sitemap files: "en-us", or "en-us-1", "en-us-2" past one part. */
export function partsOf(code: string, count: number): string[] {
  const parts = Math.max(1, Math.ceil(count / PART_URLS));
  return parts === 1 ? [code] : Array.from({ length: parts }, (_, i) => `${code}-${i + 1}`);
}

export function partEntries(entries: SitemapEntry[], name: string, code: string): SitemapEntry[] | null {
  if (name === code) return entries.length <= PART_URLS ? entries : null;
  const part = Number(name.slice(code.length + 1));
  if (!Number.isInteger(part) || part < 1) return null;
  const slice = entries.slice((part - 1) * PART_URLS, part * PART_URLS);
  return slice.length > 0 ? slice : null;
}
