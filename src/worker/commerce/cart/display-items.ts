// The cart's display items (account-content §3 Approaching promotion: "a display item has contexts, id, message,
// promotionClass, thresholdStatus"): each promotion the pricing engine found worth telling the shopper about,
// the one sentence to show, how far the cart is from it, and where it belongs: the cart page, the checkout, the
// mini-cart.

import { calloutParts, type PricedCart, type Promotion, type PromotionLevel, type ThresholdStatus } from './pricing/engine.ts';

export type DisplayContext = 'cart' | 'checkout' | 'miniCart';

export interface DisplayItem {
  id: string;
  message: string;
  promotionClass: PromotionLevel;
  thresholdStatus: ThresholdStatus;
  /** What is left to spend before it applies (minor units); 0 once it does. */
  distanceFromConditionThreshold: number;
  contexts: DisplayContext[];
}

/** What is close is a nudge where more can still be added; what applies is said wherever the total is read. */
const NUDGE: DisplayContext[] = ['cart', 'miniCart'];
const APPLIED: DisplayContext[] = ['cart', 'checkout'];

const below = (item: DisplayItem) => item.thresholdStatus === 'Below Threshold';

/**
 * The display items of a priced cart: its threshold promotions (order, shipping, a gift with purchase) with the
 * part of their callout for where the cart stands, and the product promotions that took something off a line
 * (no threshold: met once they apply), said by their reached callout or else their name. What the shopper can
 * still reach comes first.
 */
export function displayItemsOf(priced: PricedCart, promotions: readonly Promotion[]): DisplayItem[] {
  const distance = new Map(priced.approaching.map((entry) => [entry.promotionId, entry.distanceFromConditionThreshold]));
  const thresholds: DisplayItem[] = priced.promoSummary.map((entry) => ({
    id: entry.promotionId,
    message: entry.calloutMessage,
    promotionClass: entry.level,
    thresholdStatus: entry.thresholdStatus,
    distanceFromConditionThreshold: distance.get(entry.promotionId) ?? 0,
    contexts: entry.thresholdStatus === 'Below Threshold' ? NUDGE : APPLIED,
  }));
  const productIds = new Set(priced.appliedPromotions.filter((applied) => applied.level === 'PRODUCT').map((applied) => applied.promotionId));
  const products: DisplayItem[] = promotions
    .filter((promotion) => productIds.has(promotion.id))
    .map((promotion) => ({
      id: promotion.id,
      message: calloutParts(promotion.callout)?.[2] ?? promotion.name,
      promotionClass: 'PRODUCT',
      thresholdStatus: 'Threshold Reached',
      distanceFromConditionThreshold: 0,
      contexts: APPLIED,
    }));
  return [...thresholds.filter(below), ...thresholds.filter((item) => !below(item)), ...products];
}
