import { describe, expect, it } from 'vitest';
import { findLocale, type Locale } from '../../shared/locale/sites.ts';
import { indexXml, partEntries, partsOf, urlsetXml } from './sitemap.ts';

const US = findLocale('en-us') as Locale;

describe('urlsetXml', () => {
  it('escapes URLs, names the page in its own locale and the others, and keeps dates to the day', () => {
    const xml = urlsetXml('https://cairn.example', US, [
      { path: '/en-us/c/boots&more-1', lastmod: '2026-11-20T10:00:00.000Z', alternates: ['fr-ca'], images: ['/assets/img/a.svg'] },
    ]);
    expect(xml).toContain('<loc>https://cairn.example/en-us/c/boots&amp;more-1</loc>');
    expect(xml).toContain('<lastmod>2026-11-20</lastmod>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en-US" href="https://cairn.example/en-us/c/boots&amp;more-1"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr-CA" href="https://cairn.example/fr-ca/c/boots&amp;more-1"/>');
    expect(xml).toContain('<image:image><image:loc>https://cairn.example/assets/img/a.svg</image:loc></image:image>');
  });

  it('leaves out a date it cannot read', () => {
    expect(urlsetXml('https://x.test', US, [{ path: '/en-us', lastmod: 'soon', alternates: [], images: [] }])).not.toContain('lastmod');
    expect(indexXml('https://x.test', [{ name: 'en-us', lastmod: null }])).toContain('<loc>https://x.test/sitemaps/en-us.xml</loc>');
  });
});

describe('parts', () => {
  it('splits a locale past one part and serves each part its own slice', () => {
    expect(partsOf('en-us', 10)).toEqual(['en-us']);
    expect(partsOf('en-us', 90_000)).toEqual(['en-us-1', 'en-us-2', 'en-us-3']);
    const entries = Array.from({ length: 90_000 }, (_, i) => ({ path: `/en-us/${i}`, lastmod: null, alternates: [], images: [] }));
    expect(partEntries(entries, 'en-us', 'en-us')).toBeNull();
    expect(partEntries(entries, 'en-us-3', 'en-us')?.length).toBe(10_000);
    expect(partEntries(entries, 'en-us-4', 'en-us')).toBeNull();
  });
});
