// Seed catalog requirements for colours, variants, prices and online stock.

import { describe, expect, it } from 'vitest';
import { SITE_IDS, SITES } from '../../src/shared/locale/sites.ts';
import { audienceOf, groupBy, num, productsById, rows, share, str, stylesById } from './test-support.ts';
import { kebab } from './text.ts';

const styles = rows('styles');
const products = rows('products');
const variants = rows('variants');
const productsByStyle = groupBy(products, (p) => p.style_id);
const variantsByProduct = groupBy(variants, (v) => v.product_id);
const enName = new Map(
  rows('style_texts')
    .filter((t) => t.lang === 'en')
    .map((t) => [t.style_id, str(t, 'name')]),
);
const styleOf = (productId: unknown) => stylesById.get(str(productsById.get(productId as string) ?? {}, 'style_id')) ?? {};
const giftCard = styles.find((s) => s.is_digital === 1) ?? {};
const FAMILIES = ['black', 'white', 'grey', 'brown', 'tan', 'beige', 'green', 'blue', 'red', 'pink', 'yellow', 'orange', 'purple', 'multi'];

describe('products (colours)', () => {
  it('has 1 to 5 colours per style, about 3 on average', () => {
    for (const s of styles) {
      const colours = productsByStyle.get(s.id) ?? [];
      expect(colours.length >= 1 && colours.length <= 5).toBe(true);
      expect(colours.map((p) => p.position)).toEqual(colours.map((_, i) => i + 1));
    }
    const average = products.length / styles.length;
    expect(average > 2.5 && average < 3.5).toBe(true);
  });

  it('uses unique 8-character ids that start with the style id', () => {
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    for (const p of products) {
      expect(str(p, 'id')).toMatch(/^[A-Z0-9]{8}$/);
      expect(str(p, 'id').startsWith(str(p, 'style_id'))).toBe(true);
    }
  });

  it('slugs the English style name and colour', () => {
    for (const p of products) {
      expect(str(p, 'slug')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(str(p, 'slug').startsWith(kebab(enName.get(p.style_id) ?? '?'))).toBe(true);
    }
  });

  it('gives each colour name one family and one uppercase swatch', () => {
    const seen = new Map<string, string>();
    for (const p of products) {
      expect(FAMILIES).toContain(p.colour_family);
      expect(str(p, 'swatch_hex')).toMatch(/^#[0-9A-F]{6}$/);
      const key = `${p.colour_family} ${p.swatch_hex}`;
      expect(seen.get(str(p, 'colour_name')) ?? key).toBe(key);
      seen.set(str(p, 'colour_name'), key);
    }
  });
});

const MEN = ['7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13'];
const WOMEN = ['5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11'];
const KIDS = ['10C', '11C', '12C', '13C', '1Y', '2Y', '3Y', '4Y', '5Y', '6Y', '7Y'];
const APPAREL = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

describe('variants', () => {
  it('uses unique 9-11 character ids starting with the product id, every length present', () => {
    expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
    for (const v of variants) {
      expect(str(v, 'id')).toMatch(/^[A-Z0-9]{9,11}$/);
      expect(str(v, 'id').startsWith(str(v, 'product_id'))).toBe(true);
    }
    expect(new Set(variants.map((v) => str(v, 'id').length))).toEqual(new Set([9, 10, 11]));
  });

  it('has unique 12-digit UPCs with valid check digits', () => {
    expect(new Set(variants.map((v) => v.upc)).size).toBe(variants.length);
    for (const v of variants) {
      const digits = str(v, 'upc');
      expect(digits).toMatch(/^\d{12}$/);
      const sum = [...digits.slice(0, 11)].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
      expect((10 - (sum % 10)) % 10).toBe(Number(digits[11]));
    }
  });

  it('belongs to existing products, and every product has variants in position order', () => {
    for (const v of variants) expect(productsById.has(str(v, 'product_id'))).toBe(true);
    for (const p of products) {
      const own = variantsByProduct.get(p.id) ?? [];
      expect(own.length).toBeGreaterThan(0);
      expect(own.map((v) => v.position)).toEqual(own.map((_, i) => i + 1));
    }
  });

  it('follows each size system', () => {
    for (const p of products) {
      const style = styleOf(p.id);
      const own = variantsByProduct.get(p.id) ?? [];
      const sizes = [...new Set(own.map((v) => str(v, 'size')))];
      switch (style.size_system) {
        case 'shoe': {
          const audience = audienceOf(style);
          expect(sizes).toEqual(audience === 'kids' ? KIDS : audience === 'womens' ? WOMEN : MEN);
          if (own.some((v) => v.width === 'W')) expect(own.map((v) => v.width)).toEqual(sizes.flatMap(() => ['M', 'W']));
          else expect(own.every((v) => v.width === null)).toBe(true);
          break;
        }
        case 'apparel':
          for (const size of sizes) expect(APPAREL).toContain(size);
          expect(own.every((v) => v.width === null && v.length === null)).toBe(true);
          break;
        case 'bottoms':
          expect(own).toHaveLength(21);
          for (const v of own) {
            const waist = Number(v.size);
            expect(waist % 2 === 0 && waist >= 28 && waist <= 40 && ['30', '32', '34'].includes(str(v, 'length'))).toBe(true);
          }
          break;
        case 'one-size':
          expect(sizes).toEqual(['ONE SIZE']);
          break;
        case 'amount':
          expect(sizes).toEqual(['25', '50', '100', '150', '250']);
          break;
        default:
          throw new Error(`Unexpected size system ${style.size_system}`);
      }
    }
  });

  it('offers medium and wide on about a third of adult footwear styles', () => {
    const adultShoes = styles.filter((s) => s.size_system === 'shoe' && audienceOf(s) !== 'kids');
    const wide = adultShoes.filter((s) => (productsByStyle.get(s.id) ?? []).some((p) => (variantsByProduct.get(p.id) ?? []).some((v) => v.width === 'W')));
    expect(share(wide.length, adultShoes.length)).toBeGreaterThan(0.25);
    expect(share(wide.length, adultShoes.length)).toBeLessThan(0.42);
  });
});

describe('prices', () => {
  const prices = rows('prices');
  const byItem = groupBy(prices, (p) => p.item_id);
  const giftVariants = new Set(variants.filter((v) => styleOf(v.product_id) === giftCard).map((v) => v.id));
  const regular = products.filter((p) => p.style_id !== giftCard.id);

  it('has one row per colour and site, plus per gift card amount and site', () => {
    expect(new Set(prices.map((p) => `${p.item_id}/${p.site_id}`)).size).toBe(prices.length);
    expect(prices.length).toBe((products.length + giftVariants.size) * SITE_IDS.length);
    for (const [item, own] of byItem) {
      expect(productsById.has(item as string) || giftVariants.has(item)).toBe(true);
      expect(own.map((p) => p.site_id)).toEqual(SITE_IDS);
    }
  });

  it('prices in whole units ending in 0 or 5, converted from USD by site', () => {
    const rates: Record<string, number> = { USD: 1, CAD: 1.36, GBP: 0.8, EUR: 0.93 };
    for (const p of regular) {
      const own = byItem.get(p.id) ?? [];
      const usd = num(own[0] ?? {}, 'list_amount');
      for (const row of own) {
        expect(num(row, 'list_amount') % 500).toBe(0);
        const rate = rates[SITES[row.site_id as 'US'].currency] ?? 0;
        if (usd >= 6000) expect(Math.abs(num(row, 'list_amount') / usd - rate)).toBeLessThan(0.06);
      }
    }
  });

  it('keeps adult list prices within each type band', () => {
    const bands: Record<string, [number, number]> = { boot: [140, 240], sneaker: [90, 140], tee: [30, 45], jacket: [150, 350], socks: [15, 22] };
    for (const p of regular) {
      const style = styleOf(p.id);
      const band = bands[str(style, 'product_type')];
      if (!band || audienceOf(style) === 'kids') continue;
      const usd = num(byItem.get(p.id)?.[0] ?? {}, 'list_amount') / 100;
      expect(usd >= band[0] - 5 && usd <= band[1] * 1.2 + 5).toBe(true);
    }
  });

  it('varies list prices across colours on about a tenth of styles', () => {
    const varied = styles.filter((s) => new Set((productsByStyle.get(s.id) ?? []).map((p) => byItem.get(p.id)?.[0]?.list_amount)).size > 1);
    expect(share(varied.length, styles.length)).toBeGreaterThan(0.04);
    expect(share(varied.length, styles.length)).toBeLessThan(0.16);
  });

  it('puts about a fifth of colours on sale, 20-50% off, in every site alike', () => {
    const onSale = regular.filter((p) => (byItem.get(p.id) ?? []).some((r) => r.sale_amount !== null));
    expect(share(onSale.length, regular.length)).toBeGreaterThan(0.15);
    expect(share(onSale.length, regular.length)).toBeLessThan(0.25);
    for (const p of onSale) {
      const own = byItem.get(p.id) ?? [];
      expect(new Set(own.map((r) => r.sale_since)).size).toBe(1);
      for (const row of own) {
        const [list, sale] = [num(row, 'list_amount'), num(row, 'sale_amount')];
        expect(sale % 100 === 0 && sale >= list * 0.5 && sale <= list * 0.8).toBe(true);
        expect(str(row, 'sale_since') >= '2026-10-01' && str(row, 'sale_since') <= '2026-11-15').toBe(true);
        if (SITES[row.site_id as 'FR'].lowestPriceNotice) expect(num(row, 'lowest_30d_amount') >= sale && num(row, 'lowest_30d_amount') <= list).toBe(true);
        else expect(row.lowest_30d_amount).toBeNull();
      }
    }
    const eu = onSale.flatMap((p) => byItem.get(p.id) ?? []).filter((r) => r.site_id === 'FR');
    expect(eu.some((r) => r.lowest_30d_amount === r.list_amount) && eu.some((r) => num(r, 'lowest_30d_amount') < num(r, 'list_amount'))).toBe(true);
    const full = prices.filter((r) => r.sale_amount === null);
    expect(full.every((r) => r.lowest_30d_amount === null && r.sale_since === null)).toBe(true);
  });

  it('prices the gift card at face value, never on sale', () => {
    for (const item of giftVariants) {
      const own = byItem.get(item) ?? [];
      const amount = Number(variants.find((v) => v.id === item)?.size) * 100;
      expect(own.every((r) => r.list_amount === amount && r.sale_amount === null)).toBe(true);
    }
    const product = productsByStyle.get(giftCard.id)?.[0];
    expect((byItem.get(product?.id) ?? []).map((r) => r.list_amount)).toEqual(SITE_IDS.map(() => 2500));
  });
});

describe('inventory', () => {
  const inventory = rows('inventory');
  const quantity = new Map(inventory.map((r) => [r.variant_id, num(r, 'quantity')]));

  it('has one non-negative integer quantity per variant', () => {
    expect(inventory.map((r) => r.variant_id)).toEqual(variants.map((v) => v.id));
    for (const q of quantity.values()) expect(Number.isInteger(q) && q >= 0).toBe(true);
  });

  it('sells out or runs low on a minority of sizes', () => {
    const values = [...quantity.values()];
    expect(share(values.filter((q) => q === 0).length, values.length)).toBeGreaterThan(0.05);
    expect(share(values.filter((q) => q === 0).length, values.length)).toBeLessThan(0.15);
    expect(share(values.filter((q) => q >= 1 && q <= 3).length, values.length)).toBeGreaterThan(0.06);
    expect(Math.max(...values)).toBeLessThanOrEqual(60);
  });

  it('sells out about 15 colours entirely, mostly on notify-me styles', () => {
    const soldOut = products.filter((p) => p.style_id !== giftCard.id && (variantsByProduct.get(p.id) ?? []).every((v) => quantity.get(v.id) === 0));
    expect(soldOut.length >= 12 && soldOut.length <= 18).toBe(true);
    expect(share(soldOut.filter((p) => styleOf(p.id).notify_me === 1).length, soldOut.length)).toBeGreaterThan(0.5);
  });

  it('keeps the digital gift card at zero', () => {
    const own = (productsByStyle.get(giftCard.id) ?? []).flatMap((p) => variantsByProduct.get(p.id) ?? []);
    expect(own.every((v) => quantity.get(v.id) === 0)).toBe(true);
  });
});
