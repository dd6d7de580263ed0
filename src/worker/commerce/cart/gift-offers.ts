// Gifts with purchase on a basket (commerce-core §3, §9: promotion ids containing GWP): the free lines on
// offer, and the offers a basket has reached whose gift cannot be given (GFO404), said rather than claimed.

import type { Translate } from '../../../shared/i18n/format.ts';
import type { CartState } from './cart-state.ts';
import { isGiftPromotion, type PricedCart, type Promotion } from './pricing/engine.ts';
import type { CartEntity } from './service.ts';
import type { VariantFacts } from './variant-facts.ts';

export interface GiftLine {
  line: CartState['lines'][number];
  fact: VariantFacts;
}

/** The gift lines on offer: one per gift-with-purchase promotion whose variant is in stock and priced. */
export function giftCandidates(promotions: readonly Promotion[], facts: ReadonlyMap<string, VariantFacts>): (GiftLine & { promotionId: string })[] {
  return promotions.flatMap((promotion) => {
    const fact = promotion.giftVariantId ? facts.get(promotion.giftVariantId) : undefined;
    if (!isGiftPromotion(promotion.id) || !fact || fact.stock <= 0 || fact.listAmount === null) return [];
    return [
      {
        promotionId: promotion.id,
        line: { id: `gwp-${promotion.id}`, variantId: fact.variantId, productId: fact.productId, qty: 1, addedAt: '', gift: null, recipeId: null },
        fact,
      },
    ];
  });
}

/**
 * Offers the basket has reached whose gift has run out (or lost its price): a GFO404 flash for each, and
 * their reached callout ("Free socks are in your cart") taken out of the summary, which would say otherwise.
 */
export function unavailableGifts(
  promotions: readonly Promotion[],
  offered: readonly { promotionId: string }[],
  priced: PricedCart,
  t: Translate,
): CartEntity['flash'] {
  const flash: CartEntity['flash'] = [];
  for (const promotion of promotions) {
    if (!isGiftPromotion(promotion.id) || offered.some((gift) => gift.promotionId === promotion.id)) continue;
    const index = priced.promoSummary.findIndex((entry) => entry.promotionId === promotion.id);
    const entry = priced.promoSummary[index];
    if (!entry || entry.thresholdStatus === 'Below Threshold') continue;
    priced.promoSummary.splice(index, 1);
    flash.push({ type: 'GFO404', message: t('cart.giftUnavailable', { name: promotion.name }) });
  }
  return flash;
}
