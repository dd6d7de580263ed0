// Whether a product can be bought now, and by whom (commerce-core §2 and §6): a presale product only by a
// signed-in shopper (INV407), nothing before its launch date (INV406). Adding refuses at once; a line that
// became unbuyable after it was added (a launch moved, a style made presale) is flagged on the priced cart,
// and placing the order refuses it.

import { HttpError } from '../../lib/http-error.ts';
import type { CartEntity } from './service.ts';
import type { VariantFacts } from './variant-facts.ts';

type SaleRefusal = 'INV406' | 'INV407';

/** The priced cart's flag on a line that cannot be bought now, by refusal. */
export const UNBUYABLE_FLASH: Record<SaleRefusal, string> = { INV406: 'ProductNotYetOnSale', INV407: 'ProductPresaleSignInRequired' };

export function saleRefusal(fact: Pick<VariantFacts, 'presale' | 'onSaleFrom'>, shopper: { registered: boolean }, today: string): SaleRefusal | null {
  if (fact.onSaleFrom !== null && fact.onSaleFrom > today) return 'INV406';
  if (fact.presale && !shopper.registered) return 'INV407';
  return null;
}

/** Refuses adding a product that cannot be bought now by this shopper. */
export function refuseUnbuyable(fact: Pick<VariantFacts, 'presale' | 'onSaleFrom'>, shopper: { registered: boolean }, today: string): void {
  const code = saleRefusal(fact, shopper, today);
  if (code) throw new HttpError(code, undefined, [{ field: 'productId', message: new HttpError(code).message }]);
}

/** Refuses placing an order from a cart that holds a line the shopper cannot buy now. */
export function refuseUnbuyableLines(cart: Pick<CartEntity, 'flash'>): void {
  for (const code of ['INV406', 'INV407'] as const) {
    const lines = cart.flash.filter((f) => f.type === UNBUYABLE_FLASH[code]);
    if (lines.length > 0)
      throw new HttpError(
        code,
        undefined,
        lines.map((f) => ({ field: f.itemId ?? 'items', message: f.message })),
      );
  }
}
