// Stock rules (commerce-core §4): quantity above 0 is in stock; digital or reservation-only products always are.

import type { Translate } from '../i18n/format.ts';

export type StockStatus = 'IN_STOCK' | 'LOW_STOCK' | 'OUT_OF_STOCK';

export interface StockRules {
  isDigital: boolean;
  isRobisOnly: boolean;
}

/** At or below this many units the product page says "only N left". */
const LOW_STOCK_THRESHOLD = 3;

export function availableQuantity(quantity: number, rules: StockRules): number {
  if (rules.isDigital || rules.isRobisOnly) return 1;
  return Math.max(0, quantity);
}

export function isInStock(quantity: number, rules: StockRules): boolean {
  return availableQuantity(quantity, rules) > 0;
}

export function stockStatus(quantity: number, rules: StockRules): StockStatus {
  const available = availableQuantity(quantity, rules);
  if (available <= 0) return 'OUT_OF_STOCK';
  if (!rules.isDigital && !rules.isRobisOnly && available <= LOW_STOCK_THRESHOLD) return 'LOW_STOCK';
  return 'IN_STOCK';
}

/**
 * A variant's stock in the shopper's words (commerce-core §3, variants' stockStatusLabel): what the product
 * page's picker says under the sizes, and what the product API answers for each variant in the call's locale.
 */
export function stockStatusLabel(t: Translate, variant: { stockStatus: StockStatus; quantity: number }): string {
  if (variant.stockStatus === 'OUT_OF_STOCK') return t('product.outOfStock');
  if (variant.stockStatus === 'LOW_STOCK') return t('product.lowStock', { count: variant.quantity });
  return t('product.inStock');
}
