// Seed catalog requirements for stores, store stock and the search index.

import { describe, expect, it } from 'vitest';
import { SITES } from '../../src/shared/locale/sites.ts';
import { categoriesById, groupBy, num, productsById, rows, str } from './test-support.ts';

const stores = rows('stores');

const POSTCODE: Record<string, RegExp> = {
  US: /^\d{5}$/,
  CA: /^[A-Z]\d[A-Z] \d[A-Z]\d$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/,
  FR: /^\d{5}$/,
  DE: /^\d{5}$/,
  IT: /^\d{5}$/,
};
const PHONE: Record<string, RegExp> = {
  US: /^\(\d{3}\) \d{3}-\d{4}$/,
  CA: /^\(\d{3}\) \d{3}-\d{4}$/,
  GB: /^0\d{2,4} \d{3,4} \d{3,4}$/,
  FR: /^0\d( \d{2}){4}$/,
  DE: /^0\d{2,4} \d{3,4} \d{3,4}$/,
  IT: /^0\d{1,3} \d{3,4} \d{4}$/,
};
/** Rough bounding boxes: [south, north, west, east]. */
const BOUNDS: Record<string, [number, number, number, number]> = {
  US: [24, 50, -125, -66],
  CA: [42, 60, -140, -52],
  GB: [49, 61, -8, 2],
  FR: [41, 51.5, -5, 10],
  DE: [47, 55.5, 5.5, 15.5],
  IT: [36, 47.5, 6.5, 19],
};

describe('stores', () => {
  const byCountry = groupBy(stores, (s) => s.country_code);

  it('has at least 40 stores spread over every site country, Quebec included', () => {
    expect(stores.length).toBeGreaterThanOrEqual(40);
    const minimum: Record<string, number> = { US: 12, CA: 6, GB: 6, FR: 5, DE: 5, IT: 5 };
    for (const [country, count] of Object.entries(minimum)) expect(byCountry.get(country)?.length ?? 0).toBeGreaterThanOrEqual(count);
    expect(stores.filter((s) => s.province === 'QC').length).toBeGreaterThanOrEqual(2);
  });

  it('uses country-numbered ids and the site serving the country', () => {
    expect(new Set(stores.map((s) => s.id)).size).toBe(stores.length);
    for (const s of stores) {
      expect(str(s, 'id')).toMatch(new RegExp(`^${s.country_code}-\\d{4}$`));
      expect(SITES[s.site_id as 'US'].countries).toContain(s.country_code);
      expect(str(s, 'name')).toMatch(/^Cairn /);
    }
  });

  it('has local postcodes, phone numbers and provinces, and coordinates inside the country', () => {
    for (const s of stores) {
      const country = str(s, 'country_code');
      expect(str(s, 'postal_code')).toMatch(POSTCODE[country] ?? /^$/);
      expect(str(s, 'phone')).toMatch(PHONE[country] ?? /^$/);
      if (country === 'US' || country === 'CA') expect(str(s, 'province')).toMatch(/^[A-Z]{2}$/);
      const [south, north, west, east] = BOUNDS[country] ?? [0, 0, 0, 0];
      const [lat, long] = [num(s, 'latitude'), num(s, 'longitude')];
      expect(lat >= south && lat <= north && long >= west && long <= east).toBe(true);
      expect(Math.round(lat * 1e4) / 1e4).toBe(lat);
      expect(Math.round(long * 1e4) / 1e4).toBe(long);
    }
  });

  it('lists opening hours for every day and a non-empty subset of services', () => {
    for (const s of stores) {
      const hours = JSON.parse(str(s, 'opening_hours')) as Record<string, [string, string] | null>;
      expect(Object.keys(hours)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
      for (const day of Object.values(hours)) {
        if (day === null) continue;
        expect(day[0]).toMatch(/^\d{2}:\d{2}$/);
        expect(day[0] < day[1]).toBe(true);
      }
      const services = JSON.parse(str(s, 'services')) as string[];
      expect(services.length).toBeGreaterThan(0);
      for (const service of services) expect(['pickup', 'returns', 'ship-to-store', 'repairs']).toContain(service);
    }
  });
});

describe('store inventory', () => {
  const stock = rows('store_inventory');
  const variants = new Map(rows('variants').map((v) => [v.id, v]));
  const variantsByProduct = groupBy(rows('variants'), (v) => v.product_id);

  it('refers to existing stores and variants, once per pair, under 25,000 rows', () => {
    expect(stock.length).toBeLessThan(25_000);
    expect(new Set(stock.map((r) => `${r.store_id}/${r.variant_id}`)).size).toBe(stock.length);
    const storeIds = new Set(stores.map((s) => s.id));
    for (const r of stock) expect(storeIds.has(r.store_id) && variants.has(r.variant_id)).toBe(true);
  });

  it('stocks 20-40 styles per store, 1-2 colours each with all their sizes, 0-8 units', () => {
    for (const [, own] of groupBy(stock, (r) => r.store_id)) {
      const productIds = new Set(own.map((r) => str(variants.get(r.variant_id) ?? {}, 'product_id')));
      const colourCount = groupBy(
        [...productIds].map((id) => productsById.get(id) ?? {}),
        (p) => p.style_id,
      );
      expect(colourCount.size >= 20 && colourCount.size <= 40).toBe(true);
      for (const colours of colourCount.values()) expect(colours.length).toBeLessThanOrEqual(2);
      for (const id of productIds) expect(own.filter((r) => variants.get(r.variant_id)?.product_id === id).length).toBe(variantsByProduct.get(id)?.length);
    }
    const quantities = stock.map((r) => num(r, 'quantity'));
    expect(quantities.every((q) => Number.isInteger(q) && q >= 0 && q <= 8)).toBe(true);
    expect(quantities.some((q) => q === 0)).toBe(true);
  });
});

describe('product search', () => {
  const search = rows('product_search');
  const texts = new Map(rows('style_texts').map((t) => [`${t.style_id}/${t.lang}`, t]));
  const names = new Map(rows('category_texts').map((t) => [`${t.category_id}/${t.lang}`, str(t, 'name')]));

  it('has one row per style and language, matching the style texts', () => {
    expect(search).toHaveLength(rows('styles').length * 2);
    for (const row of search) {
      const text = texts.get(`${row.style_id}/${row.lang}`);
      expect(row.name).toBe(text?.name);
      expect(row.description).toBe(text?.description);
    }
  });

  it('indexes the localized category path and every colour name', () => {
    const colours = groupBy(rows('products'), (p) => p.style_id);
    const styleCategory = new Map(rows('styles').map((s) => [s.id, num(s, 'category_id')]));
    for (const row of search) {
      const path: string[] = [];
      for (
        let c = categoriesById.get(styleCategory.get(row.style_id) ?? 0);
        c;
        c = c.parent_id === null ? undefined : categoriesById.get(num(c, 'parent_id'))
      ) {
        path.unshift(names.get(`${c.id}/${row.lang}`) ?? '?');
      }
      expect(row.category).toBe(path.join(' '));
      for (const p of colours.get(row.style_id) ?? []) expect(str(row, 'colours')).toContain(str(p, 'colour_name'));
    }
    expect(search.some((r) => r.lang === 'fr' && r.category === 'Homme Chaussures Bottes')).toBe(true);
  });
});
