// What an add to the cart may say about the item beside its variant (commerce-core §7, POST /cart/v1/item):
// a design to make it to (recipeId or precreatedCustomsCode), and what the shopper was shown, its price
// (customAmount), picture (productImageURL) and page (pdpUrl). The store decides each of them: a price or an
// address the client sends is compared with the store's, and an add that disagrees is refused at that field,
// so no client can pay less or make the cart link elsewhere.

import { customsSurcharge } from '../../../shared/commerce/customs.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { VariantFacts } from '../cart/variant-facts.ts';
import { productImageUrl } from '../catalog/images.ts';
import { designUrl, namedRecipe, type Recipe } from './recipes.ts';

export interface ItemClaims {
  recipeId?: string | undefined;
  precreatedCustomsCode?: string | undefined;
  customAmount?: number | undefined;
  productImageURL?: string | undefined;
  pdpUrl?: string | undefined;
  giftOption?: unknown;
  storeId?: string | undefined;
}

const refuse = (field: string, message: string) => new HttpError('API400', message, [{ field, message }]);

/** A same-origin path as the client sent it, or null (an absolute address is read for its path and query). */
function pathOf(address: string): string | null {
  try {
    const url = new URL(address, 'https://store.invalid');
    return address.startsWith('//') ? null : `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** The design the add names, checked against the variant; null when it names none. */
export async function checkItemClaims(db: D1Database, locale: Locale, variant: VariantFacts, add: ItemClaims): Promise<Recipe | null> {
  const named = add.recipeId !== undefined || add.precreatedCustomsCode !== undefined;
  const recipe = named ? await namedRecipe(db, add) : null;
  if (recipe) {
    if (variant.productId !== recipe.productId) throw refuse('productId', "Choose a size of the design's boot.");
    if (add.giftOption) throw refuse('giftOption', 'A pair made to order cannot be sent as a gift card.');
    if (add.storeId) throw refuse('storeId', 'A pair made to order is delivered from our workshop, not collected in a store.');
  }
  const unit = (variant.saleAmount ?? variant.listAmount ?? 0) + (recipe ? customsSurcharge(locale.site.currency) : 0);
  if (add.customAmount !== undefined && add.customAmount !== unit) throw refuse('customAmount', 'The price has changed: check it and add the item again.');
  const page = recipe ? designUrl(locale, variant.slug, recipe) : paths.product(locale.code, variant.slug, variant.productId);
  if (add.pdpUrl !== undefined && pathOf(add.pdpUrl) !== page) throw refuse('pdpUrl', "This is not the item's page.");
  const picture = productImageUrl(assets.imageBase, variant.productType, variant.swatchHex, 'side');
  if (add.productImageURL !== undefined && pathOf(add.productImageURL) !== picture) throw refuse('productImageURL', "This is not the item's picture.");
  return recipe;
}
