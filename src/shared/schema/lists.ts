// Favorites and saved-for-later calls (account-content §7, Wishlists; commerce-core §7, Cart): a page of a
// list, an item added or removed, and the moves between the cart and the saved list.

import * as v from 'valibot';
import { messages } from './messages.ts';

const LIST_ID = v.pipe(v.string(), v.regex(/^[a-f0-9]{32}$/, 'A list id is the one the list call answered.'));
/** A colour (8 characters) or a variant (9 to 11) of the catalogue. */
const PRODUCT_ID = v.pipe(v.string('id names the product.'), v.regex(/^[A-Z0-9]{8,11}$/, 'id is a product or variant id.'));
const CART_ITEM_ID = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, 'An item id is the one the cart answered.'));

const wholeNumber = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be a whole number.`),
    v.transform(Number),
    v.minValue(min, messages.minValue(min)),
    v.maxValue(max, messages.maxValue(max)),
  );

export const ListPageQuery = v.object({
  start: v.optional(wholeNumber('start', 0, 10_000), '0'),
  count: v.optional(wholeNumber('count', 1, 100)),
});

export const FavoriteBody = v.object({
  id: PRODUCT_ID,
  qty: v.optional(
    v.pipe(v.number('qty is a whole number.'), v.integer('qty is a whole number.'), v.minValue(1, messages.minValue(1)), v.maxValue(99, messages.maxValue(99))),
    1,
  ),
  itemType: v.optional(v.picklist(['product', 'giftcard'], 'itemType is product or giftcard.'), 'product'),
  favoriteId: v.optional(LIST_ID),
  pageUrl: v.optional(v.pipe(v.string(), v.startsWith('/', 'pageUrl is a path of this store.'), v.maxLength(300, messages.maxLength(300)))),
});

export const FavoriteItemParams = v.object({ favoriteId: LIST_ID, itemId: PRODUCT_ID });
export const FavoriteListParams = v.object({ favoriteId: LIST_ID });
export const ShareParams = v.object({ token: v.pipe(v.string(), v.regex(/^[\w-]{24}$/, 'This link is not a shared list.')) });

/** From the cart to the saved list: the cart's line. */
export const SaveForLaterBody = v.object({
  cartId: v.pipe(v.string(), v.regex(/^[a-f0-9]{32}$/, 'A basket id is the one the cart call answered.')),
  itemId: CART_ITEM_ID,
});

/** From the saved list to the cart: the saved variant. */
export const MoveToCartBody = v.object({
  saveForLaterId: v.optional(LIST_ID),
  itemId: PRODUCT_ID,
});

export const SavedItemParams = v.object({ saveForLaterId: LIST_ID, itemId: PRODUCT_ID });

/** A saved item changed to another size of its product (the quick-shop dialog's update). */
export const SavedItemChangeBody = v.object({
  productId: v.pipe(v.string('productId is a variant id.'), v.regex(/^[A-Z0-9]{9,11}$/, 'productId is a variant id.')),
});
