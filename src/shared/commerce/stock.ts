// Stock rules (commerce-core §4): quantity above 0 is in stock; digital or reservation-only products always are.

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
