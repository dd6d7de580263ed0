import { describe, expect, it } from 'vitest';
import { formatMoney, percentOff, summarizePrices } from './money.ts';

describe('formatMoney', () => {
  it('shows a symbol for most currencies', () => {
    expect(formatMoney(16000, 'USD', 'en-US')).toBe('$160');
    expect(formatMoney(16050, 'USD', 'en-US')).toBe('$160.50');
    expect(formatMoney(12800, 'GBP', 'en-GB')).toBe('£128');
  });
  it('shows CAD by code (commerce-core §9)', () => {
    expect(formatMoney(18500, 'CAD', 'en-CA')).toMatch(/^CAD\s?185$/);
    expect(formatMoney(18599, 'CAD', 'fr-CA')).toMatch(/^185,99\sCAD$/);
  });
  it('formats euros per locale', () => {
    expect(formatMoney(14999, 'EUR', 'fr-FR')).toMatch(/^149,99\s€$/);
    expect(formatMoney(14999, 'EUR', 'de-DE')).toMatch(/^149,99\s€$/);
  });
});

describe('percentOff', () => {
  it('rounds to one decimal', () => {
    expect(percentOff(15000, 9999)).toBe(33.3);
    expect(percentOff(100, 100)).toBe(0);
  });
});

describe('summarizePrices', () => {
  const row = (list: number, sale: number | null = null, lowest30: number | null = null) => ({ list, sale, lowest30, saleSince: sale ? '2026-11-01' : null });

  it('summarizes a single full-price colour', () => {
    const price = summarizePrices([row(16000)], 'USD');
    expect(price).toMatchObject({ current: 16000, original: 16000, lowCurrent: 16000, highCurrent: 16000, onSale: false, percentagePriceDiscount: 0 });
  });
  it('reports a sale with its discount and the lowest 30-day price', () => {
    const price = summarizePrices([row(20000, 15000, 18000)], 'EUR');
    expect(price).toMatchObject({ current: 15000, original: 20000, onSale: true, percentagePriceDiscount: 25, historicBestPrice: 18000 });
  });
  it('reports a range across colours', () => {
    const price = summarizePrices([row(16000), row(18000, 12000), row(20000)], 'USD');
    expect(price.lowCurrent).toBe(12000);
    expect(price.highCurrent).toBe(20000);
    expect(price.onSale).toBe(true);
  });
  it('reports the best price of an earlier sale: the 30-day low when it was below the regular price', () => {
    // 30 days before this sale the item was already reduced, to 16000: an earlier sale.
    expect(summarizePrices([row(20000, 15000, 16000)], 'EUR').previousBestSalesPrice).toBe(16000);
    // The same reduction a month ago too.
    expect(summarizePrices([row(20000, 15000, 15000)], 'EUR').previousBestSalesPrice).toBe(15000);
    // At its regular price throughout the 30 days: no earlier sale, though the Omnibus reference price is that.
    const regular = summarizePrices([row(20000, 15000, 20000)], 'EUR');
    expect([regular.historicBestPrice, regular.previousBestSalesPrice]).toEqual([20000, null]);
    // Nothing known of the days before (sites without the notice, items not on sale).
    expect(summarizePrices([row(20000, 15000)], 'USD').previousBestSalesPrice).toBeNull();
    expect(summarizePrices([row(20000)], 'USD').previousBestSalesPrice).toBeNull();
  });
  it('reports the lowest earlier sale across colours', () => {
    expect(summarizePrices([row(20000, 15000, 20000), row(18000, 12000, 14000), row(18000, 13000, 13500)], 'EUR').previousBestSalesPrice).toBe(13500);
  });
  it('refuses an empty list', () => {
    expect(() => summarizePrices([], 'USD')).toThrow();
  });
});
