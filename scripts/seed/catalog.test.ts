// Seed catalog requirements: tables and columns, determinism, sites, categories and styles.

import { describe, expect, it } from 'vitest';
import { SITE_IDS, SITES } from '../../src/shared/locale/sites.ts';
import { PRODUCT_TYPES } from '../../src/worker/commerce/catalog/product-types.ts';
import { buildCatalog } from './catalog.ts';
import { SEED_TABLE_ORDER } from './tables.ts';
import { audienceOf, catalog, categoriesById, groupBy, num, rows, share, str } from './test-support.ts';

/** Column lists of migrations/0001_catalog.sql, in declaration order. */
const COLUMNS: Record<string, string[]> = {
  sites: ['id', 'currency', 'region', 'default_locale'],
  categories: ['id', 'parent_id', 'slug', 'level', 'position'],
  category_texts: ['category_id', 'lang', 'name'],
  styles: [
    'id',
    'category_id',
    'product_type',
    'size_system',
    'badge',
    'rating',
    'review_count',
    'is_presale',
    'target_publish_date',
    'notify_me',
    'is_digital',
    'is_robis_only',
    'benefit_ratings',
    'created_at',
    'featured_rank',
    'max_qty',
    'subscription_type',
  ],
  style_texts: ['style_id', 'lang', 'name', 'eyebrow', 'description', 'details', 'model_measurements'],
  products: ['id', 'style_id', 'slug', 'colour_name', 'colour_family', 'swatch_hex', 'position'],
  variants: ['id', 'product_id', 'upc', 'size', 'width', 'length', 'position'],
  prices: ['item_id', 'site_id', 'list_amount', 'sale_amount', 'lowest_30d_amount', 'sale_since'],
  inventory: ['variant_id', 'quantity'],
  stores: [
    'id',
    'site_id',
    'country_code',
    'name',
    'address_line1',
    'city',
    'province',
    'postal_code',
    'phone',
    'latitude',
    'longitude',
    'opening_hours',
    'services',
  ],
  collection_points: [
    'id',
    'site_id',
    'country_code',
    'kind',
    'name',
    'address_line1',
    'city',
    'province',
    'postal_code',
    'latitude',
    'longitude',
    'opening_hours',
  ],
  store_employees: ['store_id', 'employee_id', 'display_name', 'pin_hash', 'active'],
  store_inventory: ['store_id', 'variant_id', 'quantity'],
  product_search: ['style_id', 'lang', 'name', 'category', 'colours', 'description'],
};

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const styles = rows('styles');

describe('seed shape', () => {
  it('has exactly the tables of the migration, in foreign-key order', () => {
    expect(Object.keys(catalog)).toEqual([...SEED_TABLE_ORDER]);
    expect([...SEED_TABLE_ORDER].sort()).toEqual(Object.keys(COLUMNS).sort());
  });

  it('gives every row exactly the columns of its table', () => {
    for (const [table, columns] of Object.entries(COLUMNS)) {
      const expected = columns.join(',');
      expect(rows(table).filter((row) => Object.keys(row).join(',') !== expected)).toEqual([]);
    }
  });

  it('is deterministic and quick to build', () => {
    const started = performance.now();
    const again = buildCatalog();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(again).toEqual(catalog);
  });
});

describe('sites', () => {
  it('has one row per site with its currency, region and first locale', () => {
    expect(rows('sites')).toEqual(SITE_IDS.map((id) => ({ id, currency: SITES[id].currency, region: SITES[id].region, default_locale: SITES[id].locales[0] })));
  });
});

describe('categories', () => {
  const categories = rows('categories');
  const children = groupBy(categories, (c) => c.parent_id);

  it('is a three-level tree of men, women and kids, plus a childless gift-card root', () => {
    expect(categories.length).toBeGreaterThanOrEqual(24);
    const roots = children.get(null) ?? [];
    expect(roots.map((c) => c.slug)).toEqual(['mens', 'womens', 'kids', 'gift-cards']);
    const giftCards = roots.find((c) => c.slug === 'gift-cards');
    expect(children.get(giftCards?.id ?? -1)).toBeUndefined();
    for (const root of roots.slice(0, 3)) {
      expect((children.get(root.id) ?? []).map((c) => c.slug)).toEqual(['footwear', 'apparel', 'accessories'].map((d) => `${root.slug}-${d}`));
    }
    for (const c of categories) {
      const parent = c.parent_id === null ? undefined : categoriesById.get(num(c, 'parent_id'));
      expect(num(c, 'level')).toBe(parent ? num(parent, 'level') + 1 : 1);
    }
    expect(categories.some((c) => c.slug === 'mens-boots')).toBe(true);
    expect(categories.some((c) => c.slug === 'kids-sneakers')).toBe(true);
  });

  it('inserts parents before children', () => {
    const seen = new Set<unknown>([null]);
    for (const c of categories) {
      expect(seen.has(c.parent_id)).toBe(true);
      seen.add(c.id);
    }
  });

  it('uses unique ids of 4 to 10 digits, split between the short and long URL forms', () => {
    const ids = categories.map((c) => num(c, 'id'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id >= 1000 && id <= 9_999_999_999).toBe(true);
    const short = ids.filter((id) => String(id).length <= 6).length;
    expect(share(short, ids.length)).toBeGreaterThan(0.35);
    expect(share(short, ids.length)).toBeLessThan(0.65);
    const lengths = new Set(ids.map((id) => String(id).length));
    for (const digits of [4, 5, 6, 7, 8, 9, 10]) expect(lengths.has(digits)).toBe(true);
  });

  it('has unique kebab-case slugs and sibling positions 1..n', () => {
    expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
    for (const c of categories) expect(str(c, 'slug')).toMatch(KEBAB);
    for (const siblings of children.values()) expect(siblings.map((c) => c.position)).toEqual(siblings.map((_, i) => i + 1));
  });

  it('names every category in en, fr, de and it', () => {
    const names = groupBy(rows('category_texts'), (t) => t.category_id);
    for (const c of categories) expect((names.get(c.id) ?? []).map((t) => t.lang)).toEqual(['en', 'fr', 'de', 'it']);
    const nameOf = (slug: string) => (names.get(categories.find((c) => c.slug === slug)?.id ?? -1) ?? []).map((t) => t.name);
    expect(nameOf('mens')).toEqual(['Men', 'Homme', 'Herren', 'Uomo']);
    expect(nameOf('womens-boots')).toEqual(['Boots', 'Bottes', 'Stiefel', 'Stivali']);
  });
});

const TYPES_BY_LEAF: Record<string, string[]> = {
  boots: ['boot', 'hiker', 'chukka'],
  hiking: ['hiker'],
  sneakers: ['sneaker', 'runner'],
  shoes: ['loafer', 'chukka'],
  sandals: ['sandal', 'slide'],
  jackets: ['jacket', 'parka', 'vest'],
  hoodies: ['fleece', 'hoodie', 'sweatshirt'],
  't-shirts': ['tee'],
  shirts: ['shirt'],
  pants: ['pants', 'joggers'],
  shorts: ['shorts'],
  bags: ['backpack', 'tote'],
  hats: ['beanie', 'cap'],
  socks: ['socks'],
  belts: ['belt'],
  'gift-cards': ['gift-card'],
};
const FOOTWEAR = ['boot', 'hiker', 'chukka', 'sneaker', 'runner', 'loafer', 'sandal', 'slide'];
const OUTERWEAR = ['jacket', 'parka', 'vest'];
const SIZE_SYSTEM: Record<string, string> = {
  pants: 'bottoms',
  beanie: 'one-size',
  cap: 'one-size',
  backpack: 'one-size',
  tote: 'one-size',
  'gift-card': 'amount',
};

describe('styles', () => {
  it('offers socks, and nothing else, for replenishment (subscriptionType)', () => {
    const byType = groupBy(styles, (s) => `${String(s.product_type)}:${String(s.subscription_type)}`);
    expect(styles.filter((s) => s.product_type === 'socks').length).toBeGreaterThan(0);
    expect([...byType.keys()].filter((key) => key.endsWith(':replenishment'))).toEqual(['socks:replenishment']);
    expect(styles.every((s) => s.subscription_type === (s.product_type === 'socks' ? 'replenishment' : 'none'))).toBe(true);
  });

  it('has at least 400 styles with unique 6-character ids', () => {
    expect(styles.length).toBeGreaterThanOrEqual(400);
    expect(new Set(styles.map((s) => s.id)).size).toBe(styles.length);
    for (const s of styles) expect(str(s, 'id')).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('puts each style in a level-3 category (or gift cards) with a matching type and size system', () => {
    for (const s of styles) {
      const category = categoriesById.get(num(s, 'category_id'));
      const slug = str(category ?? {}, 'slug');
      expect(category?.level === 3 || slug === 'gift-cards').toBe(true);
      const leaf = Object.keys(TYPES_BY_LEAF).find((key) => slug.endsWith(key)) ?? '';
      expect(TYPES_BY_LEAF[leaf]).toContain(s.product_type);
      expect(PRODUCT_TYPES).toContain(s.product_type);
      const type = str(s, 'product_type');
      const expected = FOOTWEAR.includes(type) ? 'shoe' : (SIZE_SYSTEM[type] ?? 'apparel');
      expect(s.size_system).toBe(expected);
    }
    const byAudience = groupBy(styles, audienceOf);
    expect(byAudience.get('kids')?.length ?? 0).toBeLessThan((byAudience.get('mens')?.length ?? 0) / 2);
  });

  it('badges about a third of styles from the allowed set', () => {
    const badged = styles.filter((s) => s.badge !== null);
    expect(share(badged.length, styles.length)).toBeGreaterThan(0.25);
    expect(share(badged.length, styles.length)).toBeLessThan(0.45);
    for (const s of badged) expect(['new', 'bestseller', 'sustainable', 'online-exclusive', 'limited']).toContain(s.badge);
  });

  it('rates styles 3.2 to 5.0 with one decimal, null only when there are no reviews', () => {
    for (const s of styles) {
      const reviews = num(s, 'review_count');
      expect(reviews >= 0 && reviews <= 2400).toBe(true);
      if (reviews === 0) expect(s.rating).toBeNull();
      else expect(num(s, 'rating') >= 3.2 && num(s, 'rating') <= 5 && Math.round(num(s, 'rating') * 10) === num(s, 'rating') * 10).toBe(true);
    }
    expect(styles.filter((s) => s.review_count === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('flags presale, coming-soon, notify-me and reservation-only styles', () => {
    const presale = styles.filter((s) => s.is_presale === 1);
    const comingSoon = styles.filter((s) => s.target_publish_date !== null && str(s, 'target_publish_date') > '2026-11-15');
    expect(presale.length).toBeGreaterThanOrEqual(6);
    expect(presale.length).toBeLessThanOrEqual(10);
    expect(comingSoon.length).toBeGreaterThanOrEqual(6);
    expect(comingSoon.length).toBeLessThanOrEqual(10);
    for (const s of comingSoon) expect(str(s, 'target_publish_date') >= '2027-02-01' && str(s, 'target_publish_date') <= '2027-06-30').toBe(true);
    expect(comingSoon.some((s) => s.is_presale === 1)).toBe(false);
    expect(styles.some((s) => s.target_publish_date !== null && str(s, 'target_publish_date') <= '2026-11-15')).toBe(true);
    expect(share(styles.filter((s) => s.notify_me === 1).length, styles.length)).toBeCloseTo(0.15, 1);
    const robis = styles.filter((s) => s.is_robis_only === 1).length;
    expect(robis >= 3 && robis <= 7).toBe(true);
  });

  it('has exactly one digital gift card style', () => {
    const digital = styles.filter((s) => s.is_digital === 1);
    expect(digital).toHaveLength(1);
    expect(digital[0]).toMatchObject({ product_type: 'gift-card', size_system: 'amount' });
    expect(categoriesById.get(num(digital[0] ?? {}, 'category_id'))?.slug).toBe('gift-cards');
  });

  it('gives benefit ratings to footwear and outerwear only', () => {
    const keys = ['waterproof', 'warmth', 'comfort', 'durability', 'breathability', 'grip', 'weight'];
    for (const s of styles) {
      const type = str(s, 'product_type');
      if (!FOOTWEAR.includes(type) && !OUTERWEAR.includes(type)) {
        expect(s.benefit_ratings).toBeNull();
        continue;
      }
      const benefits = JSON.parse(str(s, 'benefit_ratings')) as { key: string; value: number }[];
      expect(benefits.length).toBeGreaterThanOrEqual(2);
      expect(new Set(benefits.map((b) => b.key)).size).toBe(benefits.length);
      for (const b of benefits) expect(keys.includes(b.key) && Number.isInteger(b.value) && b.value >= 1 && b.value <= 5).toBe(true);
    }
  });

  it('spreads creation dates and ranks styles by a permutation', () => {
    for (const s of styles)
      expect(str(s, 'created_at') >= '2024-01-01' && str(s, 'created_at') <= '2026-11-15' && ISO_DATE.test(str(s, 'created_at'))).toBe(true);
    expect(new Set(styles.map((s) => str(s, 'created_at').slice(0, 4)))).toEqual(new Set(['2024', '2025', '2026']));
    expect(styles.map((s) => num(s, 'featured_rank')).sort((a, b) => a - b)).toEqual(styles.map((_, i) => i + 1));
  });
});
