// What a made-to-order line adds to the Cart entity (commerce-core §3 cart item: recipeId,
// precreatedCustomsCode, isCustoms, customerNotifications; shipping method entry 'customs'): its design, read
// afresh from D1 with every answer, the workshop's surcharge on its price, and the workshop's own shipment.

import { customsSurcharge } from '../../../shared/commerce/customs.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { CartState } from '../cart/cart-state.ts';
import type { Deliveries } from '../cart/delivery.ts';
import type { CartEntity } from '../cart/service.ts';
import type { VariantFacts } from '../cart/variant-facts.ts';
import { designUrl, type Recipe, recipesById } from './recipes.ts';

/** Each made-to-order line's design, by line id. */
export async function designsOf(db: D1Database, state: CartState): Promise<Map<string, Recipe>> {
  const ids = state.lines.flatMap((line) => (line.recipeId ? [line.recipeId] : []));
  if (ids.length === 0) return new Map();
  const recipes = await recipesById(db, ids);
  return new Map(state.lines.flatMap((line) => (line.recipeId && recipes.has(line.recipeId) ? [[line.id, recipes.get(line.recipeId) as Recipe]] : [])));
}

/** What making the line's pair to order adds to its unit price; 0 for anything else. */
export function surchargeOf(line: CartState['lines'][number], designs: ReadonlyMap<string, Recipe>, currency: string): number {
  return line.recipeId && designs.has(line.id) ? customsSurcharge(currency) : 0;
}

/** The cart item's customs fields for a made-to-order line. */
export function customsFields(locale: Locale, t: Translate, fact: VariantFacts, recipe: Recipe | undefined) {
  if (!recipe) return {};
  return {
    recipeId: recipe.recipeId,
    precreatedCustomsCode: recipe.precreatedCode,
    isCustoms: true,
    design: { laces: t(`customs.laces.${recipe.laces}` as MessageKey), monogram: recipe.monogram },
    // Back to the design studio, opened on this design.
    pdpUrl: designUrl(locale, fact.slug, recipe),
    customerNotifications: [{ type: 'customs', message: t('customs.notice') }],
  };
}

/** The workshop's shipment, beside the home one, while the cart holds a pair made to order. */
export function customsShipment(state: CartState, deliveries: Deliveries): CartEntity['shippingMethods'] {
  if (deliveries.customs.lines === 0) return [];
  const { option } = deliveries.customs;
  return [
    {
      shippingId: 'customs',
      code: 'customs',
      // The workshop's one way of sending: nothing for the shopper to choose, nothing for the store to pick again.
      shopperAppliedSM: false,
      applicableShippingMethods: [{ code: 'customs', label: option.label, price: option.price, deliveryTime: option.deliveryTime }],
      address: state.shippingAddress,
      lines: deliveries.customs.lines,
    },
  ];
}
