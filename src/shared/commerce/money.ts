// Money formatting and price summaries (commerce-core §3 Price, §9 currency display). Amounts are minor units.

import { type NumberFormatter, numberFormat } from '../i18n/format.ts';

export interface PriceRow {
  list: number;
  sale: number | null;
  /** EU: lowest price in the 30 days before the reduction. */
  lowest30: number | null;
  saleSince: string | null;
}

/** The Price entity of commerce-core §3, for one colour or a whole style. */
export interface Price {
  currency: string;
  current: number;
  original: number;
  lowCurrent: number;
  highCurrent: number;
  lowOriginal: number;
  highOriginal: number;
  onSale: boolean;
  percentagePriceDiscount: number;
  historicBestPrice: number | null;
  /**
   * The best price of an earlier sale: the lowest price of the 30 days before this reduction (what
   * historicBestPrice reports) when that was below the regular price, so an earlier reduction; null when the
   * item was at its regular price throughout, or the store keeps no such history for the site.
   */
  previousBestSalesPrice: number | null;
  salesPriceActiveDate: string | null;
}

function formatter(localeTag: string, currency: string): NumberFormatter {
  return numberFormat(
    localeTag,
    { style: 'currency', currency, currencyDisplay: currency === 'CAD' ? 'code' : 'narrowSymbol', trailingZeroDisplay: 'stripIfInteger' },
    `money:${currency}`,
  );
}

/** 16000 USD in en-US -> "$160"; 18599 CAD in fr-CA -> "185,99 CAD". */
export function formatMoney(minor: number, currency: string, localeTag: string): string {
  return formatter(localeTag, currency).format(minor / 100);
}

/** One decimal, as the spec's percent helper (account-content §9). */
export function percentOff(original: number, current: number): number {
  if (original <= 0 || current >= original) return 0;
  return Math.round(((original - current) / original) * 1000) / 10;
}

export function summarizePrices(rows: readonly PriceRow[], currency: string): Price {
  if (rows.length === 0) throw new Error('summarizePrices needs at least one price row');
  const currents = rows.map((r) => r.sale ?? r.list);
  const originals = rows.map((r) => r.list);
  const lowCurrent = Math.min(...currents);
  const highCurrent = Math.max(...currents);
  const cheapest = rows[currents.indexOf(lowCurrent)] as PriceRow;
  const onSale = rows.some((r) => r.sale !== null && r.sale < r.list);
  const lowest30 = rows.map((r) => r.lowest30).filter((v): v is number => v !== null);
  const earlierSales = rows.flatMap((r) => (r.lowest30 !== null && r.lowest30 < r.list ? [r.lowest30] : []));
  return {
    currency,
    current: lowCurrent,
    original: cheapest.list,
    lowCurrent,
    highCurrent,
    lowOriginal: Math.min(...originals),
    highOriginal: Math.max(...originals),
    onSale,
    percentagePriceDiscount: percentOff(cheapest.list, lowCurrent),
    historicBestPrice: lowest30.length ? Math.min(...lowest30) : null,
    previousBestSalesPrice: earlierSales.length ? Math.min(...earlierSales) : null,
    salesPriceActiveDate: cheapest.saleSince,
  };
}
