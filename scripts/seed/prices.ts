// Prices per site in minor units: USD bands by type, converted per currency, and one sale set for every site.

import { SITE_IDS, SITES, type SiteId } from '../../src/shared/locale/sites.ts';
import { addDays, daysBetween } from './dates.ts';
import { isComingSoon, type Product, SEED_TODAY, type Style } from './model.ts';
import { createRandom, type Random } from './random.ts';
import { GIFT_CARD_AMOUNTS } from './sizes.ts';
import type { SeedRow } from './tables.ts';
import { KIDS_PRICE_FACTOR } from './type-info.ts';

/** Rough retail conversion from USD; a brand sets shelf prices, it does not track the exchange rate. */
const RATE_FROM_USD: Readonly<Record<string, number>> = { USD: 1, CAD: 1.36, GBP: 0.8, EUR: 0.93 };

const DISCOUNTS = [0.2, 0.25, 0.3, 0.3, 0.4, 0.5] as const;
const SALE_FROM = '2026-10-01';

interface Sale {
  discount: number;
  since: string;
  /** Where the 30-day lowest price sits between sale (0) and list (1); 1 means it was never lower. */
  lowestAt: number;
}

/** Whole units ending in 0 or 5, never below 5. */
export function roundToFive(units: number): number {
  return Math.max(5, Math.round(units / 5) * 5);
}

function listUnits(usd: number, site: SiteId): number {
  const rate = RATE_FROM_USD[SITES[site].currency];
  if (rate === undefined) throw new Error(`No rate for ${SITES[site].currency}`);
  return site === 'US' ? usd : roundToFive(usd * rate);
}

/** 20 to 50 % off, rounded to whole units, and still inside that band after rounding. */
function saleUnits(list: number, discount: number): number {
  return Math.min(Math.floor(list * 0.8), Math.max(Math.ceil(list * 0.5), Math.round(list * (1 - discount))));
}

/** USD list price per colour; about a tenth of styles charge more for some colours. */
function usdPrices(style: Style, random: Random): Map<Product, number> {
  const [low, high] = style.info.priceUsd;
  const base = roundToFive(random.int(low, high) * (style.audience === 'kids' ? KIDS_PRICE_FACTOR : 1));
  const varies = style.products.length > 1 && random.chance(0.1);
  const last = style.products[style.products.length - 1];
  return new Map(
    style.products.map((product) => {
      const premium = varies && (product === last || (product.position > 1 && random.chance(0.5)));
      return [product, premium ? base + roundToFive(base * random.pick([0.1, 0.15, 0.2])) : base];
    }),
  );
}

function pickSales(styles: readonly Style[], random: Random): Map<Product, Sale> {
  const eligible = styles.filter((s) => !s.isDigital && !s.isPresale && !isComingSoon(s)).flatMap((s) => s.products);
  const chosen = random.shuffle(eligible).slice(0, Math.round(eligible.length * 0.2));
  return new Map(
    chosen.map((product) => [
      product,
      {
        discount: random.pick(DISCOUNTS),
        since: addDays(SALE_FROM, random.int(0, daysBetween(SALE_FROM, SEED_TODAY))),
        lowestAt: random.chance(0.65) ? 1 : random.pick([0, 0.5]),
      },
    ]),
  );
}

function priceRow(itemId: string, site: SiteId, list: number, sale: Sale | undefined): SeedRow {
  if (!sale) return { item_id: itemId, site_id: site, list_amount: list * 100, sale_amount: null, lowest_30d_amount: null, sale_since: null };
  const onSale = saleUnits(list, sale.discount);
  const lowest = SITES[site].lowestPriceNotice ? Math.round(onSale + (list - onSale) * sale.lowestAt) * 100 : null;
  return { item_id: itemId, site_id: site, list_amount: list * 100, sale_amount: onSale * 100, lowest_30d_amount: lowest, sale_since: sale.since };
}

function giftCardRows(style: Style): SeedRow[] {
  // Face value is the same number in every currency; the product row shows the lowest amount.
  return style.products.flatMap((product) => [
    ...SITE_IDS.map((site) => priceRow(product.id, site, GIFT_CARD_AMOUNTS[0], undefined)),
    ...product.variants.flatMap((variant) => SITE_IDS.map((site) => priceRow(variant.id, site, Number(variant.size), undefined))),
  ]);
}

export function buildPrices(styles: readonly Style[]): SeedRow[] {
  const sales = pickSales(styles, createRandom('sales'));
  return styles.flatMap((style) => {
    if (style.isDigital) return giftCardRows(style);
    const usd = usdPrices(style, createRandom(`prices:${style.id}`));
    return style.products.flatMap((product) => SITE_IDS.map((site) => priceRow(product.id, site, listUnits(usd.get(product) ?? 0, site), sales.get(product))));
  });
}
