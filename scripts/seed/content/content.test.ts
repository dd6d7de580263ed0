// Seeded CMS content: complete per locale, internally consistent, pointing only at real catalog entries and pages.

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/shared/locale/sites.ts';
import { documentSchema } from '../../../src/shared/schema/content.ts';
import { catalog, rows } from '../test-support.ts';
import { buildContentDocuments, buildContentRevisions, type ContentSeed, PREVIEW_HERO_TITLE } from './documents.ts';
import { SEEDED_ESPOTS } from './espots.ts';
import { LEGAL_PATHS } from './legal.ts';
import { contentRows } from './rows.ts';

const documents = buildContentDocuments(catalog);
const revisions = buildContentRevisions(catalog);
const all: ContentSeed[] = [...documents, ...revisions];
const categories = new Map(rows('categories').map((c) => [Number(c.id), String(c.slug)]));
const productIds = new Set(rows('products').map((p) => String(p.id)));

/** Every object in a body, depth first. */
function objects(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) objects(v, out);
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) objects(v, out);
  }
  return out;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

function find(locale: string, kind: string, key: string): ContentSeed {
  const found = documents.find((d) => d.locale === locale && d.kind === kind && d.key === key);
  if (!found) throw new Error(`No ${kind}:${key} for ${locale}`);
  return found;
}
const label = (d: ContentSeed) => `${d.locale} ${d.kind}:${d.key}`;

describe('seeded content documents', () => {
  it('each meets the schema of its kind, as the admin API would check it', () => {
    for (const doc of all) {
      const result = v.safeParse(documentSchema(doc.kind), doc.body);
      expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? [], label(doc)).toEqual([]);
    }
  });
  it('gives every locale its pages, espots, fragments, menu, footer, pop-ups, search, showcase and related stories', () => {
    const expected = [
      'page:home',
      'page:stories',
      'page:events/trail-day',
      'page:loyalty',
      ...LEGAL_PATHS.map((path) => `page:${path}`),
      'page:help',
      'fragment:promo-bar',
      'fragment:benefit-bar',
      ...SEEDED_ESPOTS.map((s) => `espot:${s}`),
      'menu:',
      'footer:',
      'popups:',
      'search:article',
      'showcase:stories',
    ].sort();
    for (const locale of LOCALES) {
      const mine = documents.filter((d) => d.locale === locale.code);
      expect(
        mine
          .filter((d) => d.kind !== 'category' && d.kind !== 'product')
          .map((d) => `${d.kind}:${d.key}`)
          .sort(),
      ).toEqual([...expected, ...(locale.site.id === 'GB' ? ['espot:westend'] : [])].sort());
      // Related stories: one document per category a story is about, and per product a story pictures.
      expect(mine.filter((d) => d.kind === 'category').length).toBe(13);
      expect(mine.filter((d) => d.kind === 'product').length).toBeGreaterThanOrEqual(7);
      expect(new Set(mine.map((d) => d.siteId))).toEqual(new Set([locale.site.id]));
    }
  });

  it('keeps block ids unique within each document', () => {
    for (const doc of all) {
      const ids = objects(doc.body)
        .filter((o) => typeof o.type === 'string' && typeof o.id === 'string')
        .map((o) => o.id);
      expect(new Set(ids).size, label(doc)).toBe(ids.length);
    }
  });

  it('has no external or script URLs anywhere', () => {
    for (const doc of all) for (const s of strings(doc.body)) expect(/http|javascript:/i.test(s), `${label(doc)}: ${s}`).toBe(false);
  });

  it('links only to pages that exist, with real category ids and slugs', () => {
    for (const doc of all) {
      const base = `/${doc.locale}`;
      const urls = [
        ...objects(doc.body).flatMap((o) => (typeof o.url === 'string' ? [o.url] : [])),
        ...strings(doc.body).flatMap((s) => [...s.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '')),
      ];
      for (const url of urls) {
        const category = /^\/[a-z]{2}-[a-z]{2}\/c\/([a-z0-9-]+)-(\d+)(\?badge=sale)?$/.exec(url);
        if (category) {
          expect(url.startsWith(`${base}/`), url).toBe(true);
          expect(categories.get(Number(category[2])), url).toBe(category[1]);
          continue;
        }
        const pages = [
          base,
          `${base}/stories`,
          `${base}/events/trail-day`,
          `${base}/loyalty`,
          `${base}/search`,
          `${base}/help/track-order`,
          `${base}/help/returns/how-to-return`,
          ...LEGAL_PATHS.map((path) => `${base}/${path}`),
          `${base}/help`,
          `${base}/help/contact-us`,
          `${base}/sale-terms`,
          `${base}/privacy`,
        ];
        expect(pages, `${label(doc)} links to ${url}`).toContain(url);
      }
    }
  });

  it('references only catalog products and categories, and tags every fragment and product it embeds', () => {
    for (const doc of all) {
      const found = objects(doc.body);
      const products = found.flatMap((o) => [
        ...(typeof o.productId === 'string' ? [o.productId] : []),
        ...(Array.isArray(o.productIds) ? (o.productIds as string[]) : []),
      ]);
      for (const id of products) expect(productIds.has(id), `${label(doc)}: ${id}`).toBe(true);
      for (const o of found) if (typeof o.categoryId === 'number') expect(categories.has(o.categoryId), `${label(doc)}: ${o.categoryId}`).toBe(true);
      const fragments = found.filter((o) => o.type === 'FragmentRef').map((o) => `fragment:${String(o.fragmentId)}`);
      expect(new Set(doc.tags)).toEqual(new Set([...fragments, ...products.map((id) => `product:${id}`)]));
    }
    expect(find('de-de', 'page', 'home').tags).toEqual(expect.arrayContaining(['fragment:promo-bar', 'fragment:benefit-bar']));
  });

  it('builds the home page as specified', () => {
    const home = find('it-it', 'page', 'home').body as any;
    expect(home.metadata.canonical).toBe('/it-it');
    const blocks = home.content.sections.flatMap((s: any) => s.items);
    expect(blocks.map((b: any) => b.type)).toEqual([
      'FragmentRef',
      'Experience',
      'Segmentation',
      'Collection',
      'Banner',
      'Banner',
      'ProductRecommendations',
      'ProductRecommendations',
      'UgcWidget',
      'Collection',
      'FragmentRef',
    ]);
    expect(blocks[1].variants[0]).toMatchObject({ variantId: 'winter', label: 'B', weight: 50 });
    expect(blocks[2].segments.map((s: any) => s.id)).toEqual(['loggedout', 'loyalty-loggedin', 'loggedin']);
    expect(blocks[3].items).toHaveLength(6);
    expect(blocks[7].productIds).toHaveLength(6);
    expect(blocks[8]).toMatchObject({ containerId: 'home-ugc', title: 'Fuori con Cairn' });
    expect(blocks[9].items).toHaveLength(4);
  });

  it('gives every locale the Cairn Rewards page the home page links to, translated', () => {
    const hero = (locale: string) => (find(locale, 'page', 'loyalty').body as any).content.sections[0].items[0];
    for (const locale of LOCALES) {
      const base = `/${locale.code}`;
      const rewards = find(locale.code, 'page', 'loyalty').body as any;
      expect(rewards.metadata).toMatchObject({ canonical: `${base}/loyalty`, ogImage: { kind: 'banner', name: 'hero' } });
      expect(rewards.metadata.htmlTitle).toContain('Cairn Rewards');
      const blocks = rewards.content.sections.flatMap((s: any) => s.items);
      expect(blocks.map((b: any) => b.type)).toEqual(['Banner', 'Collection', 'Accordion']);
      expect(blocks[0]).toMatchObject({ variant: 'hero', titleH1: true, eyebrowText: 'Cairn Rewards' });
      expect(blocks[1]).toMatchObject({ variant: 'icon-and-text' });
      expect(blocks[1].items).toHaveLength(4);
      expect(blocks[1].items[3].targets).toEqual([expect.objectContaining({ url: `${base}/events/trail-day` })]);
      expect(blocks[2].items).toHaveLength(4);
      for (const item of blocks[2].items) expect(item.title && item.richText).toBeTruthy();
      // Both member banners on the home page lead here.
      const home = JSON.stringify(find(locale.code, 'page', 'home').body);
      expect(home.match(new RegExp(`"${base}/loyalty"`, 'g'))).toHaveLength(3);
    }
    expect(new Set(['en-us', 'fr-fr', 'de-de', 'it-it'].map((l) => hero(l).title)).size).toBe(4);
    expect(hero('fr-ca').title).toBe(hero('fr-fr').title);
    const faq = (locale: string) => JSON.stringify((find(locale, 'page', 'loyalty').body as any).content.sections[2]);
    expect(faq('en-us')).toContain('toward your order');
    expect(faq('en-gb')).toContain('towards your order');
  });

  it('translates copy and quotes prices in the site currency', () => {
    const heroTitle = (locale: string) => (find(locale, 'page', 'home').body as any).content.sections[1].items[0].baselines[0].title;
    expect(new Set(['en-us', 'fr-fr', 'de-de', 'it-it'].map(heroTitle)).size).toBe(4);
    expect(heroTitle('fr-ca')).toBe(heroTitle('fr-fr'));
    const promo = (locale: string) => JSON.stringify(find(locale, 'fragment', 'promo-bar').body);
    const currency: Record<string, RegExp> = { US: /\$75/, CA: /75/, GB: /£60/, FR: /60\s€/, DE: /60\s€/, IT: /60\s€/ };
    for (const locale of LOCALES) expect(promo(locale.code)).toMatch(currency[locale.site.id] as RegExp);
    expect(promo('en-ca')).toContain('CAD');
    const menu = (locale: string) => (find(locale, 'menu', '').body as any).items.map((n: any) => n.title);
    expect(menu('de-de')).toEqual(['Herren', 'Damen', 'Kinder', 'Geschenkkarten', 'Sale']);
    expect(menu('fr-ca')).toEqual(['Homme', 'Femme', 'Enfant', 'Cartes cadeaux', 'Soldes']);
  });

  it('is deterministic', () => {
    expect(buildContentDocuments(catalog)).toEqual(documents);
    expect(contentRows(catalog)).toEqual(contentRows(catalog));
  });
});

describe('content rows', () => {
  const { content_documents, content_versions } = contentRows(catalog);

  it('has one document row per document and a published first version for each', () => {
    expect(content_documents).toHaveLength(documents.length);
    const ids = new Set(content_documents.map((d) => d.id));
    expect(ids.size).toBe(documents.length);
    expect(ids.has('US:en-us:page:home') && ids.has('CA:fr-ca:menu:')).toBe(true);
    const firsts = content_versions.filter((v) => v.version === 1);
    expect(firsts.map((v) => v.document_id).sort()).toEqual([...ids].sort());
    expect(firsts.every((v) => v.status === 'published' && v.publish_from === '2026-11-01T00:00:00.000Z' && v.created_by === 'seed')).toBe(true);
    expect(new Set(content_versions.map((v) => `${v.document_id}#${v.version}`)).size).toBe(content_versions.length);
  });

  it('stores bodies and tags as JSON that parses back', () => {
    for (const v of content_versions) {
      expect(typeof JSON.parse(String(v.body))).toBe('object');
      expect(Array.isArray(JSON.parse(String(v.tags)))).toBe(true);
    }
  });

  it('adds the US home preview draft and the scheduled new-year promo bar', () => {
    const seconds = content_versions.filter((v) => v.version === 2);
    expect(seconds.map((v) => [v.document_id, v.status, v.publish_from])).toEqual([
      ['US:en-us:page:home', 'draft', null],
      ['US:en-us:fragment:promo-bar', 'published', '2027-01-01T00:00:00.000Z'],
    ]);
    expect(String(seconds[0]?.body)).toContain(PREVIEW_HERO_TITLE);
    expect(String(seconds[1]?.body)).not.toEqual(JSON.stringify(find('en-us', 'fragment', 'promo-bar').body));
  });
});
