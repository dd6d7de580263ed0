// The moves between the cart and the shopper's lists, for the API and the cart page alike: a line saved
// for later or moved to favorites goes on the list first and leaves the cart after (a failure between the
// two leaves it in both places, never in neither); a saved item moved back that is out of stock (ITEM_OOS)
// stays on the list with "this item could not be moved to cart" (INV405).

import type { Context } from 'hono';
import type { Locale } from '../../../shared/sites.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { addToBasket } from '../cart/basket.ts';
import type { BasketChange } from '../cart/caller.ts';
import { basketLine, removeLine } from '../cart/lines.ts';
import { throwRefusal } from '../cart/service.ts';
import { depsOf, shopperOf } from '../from-request.ts';
import { addToList, ensureList, ownList, removeFromList, sessionList } from './service.ts';

/** The cart line, read from the session's own basket. */
async function lineOf(c: Context<AppEnv>, basketId: string, itemId: string) {
  return (await basketLine(depsOf(c), shopperOf(c), basketId, itemId)).line;
}

/** The line's variant onto the saved-for-later list, at its quantity; then off the cart. */
export async function saveLineForLater(c: Context<AppEnv>, basketId: string, itemId: string): Promise<BasketChange> {
  const line = await lineOf(c, basketId, itemId);
  await addToList(c.env.DB, await ensureList(c, 'save_for_later'), { id: line.variantId, qty: line.qty, itemType: 'product' });
  return removeLine(depsOf(c), shopperOf(c), basketId, itemId);
}

/** The line's colour onto the favorites (a favorite is a product, its size chosen when bought); then off the cart. */
export async function moveLineToFavorites(c: Context<AppEnv>, basketId: string, itemId: string): Promise<BasketChange> {
  const line = await lineOf(c, basketId, itemId);
  await addToList(c.env.DB, await ensureList(c, 'favorites'), { id: line.productId, qty: 1, itemType: 'product' });
  return removeLine(depsOf(c), shopperOf(c), basketId, itemId);
}

/** A saved item into the cart at its saved quantity, then off the list. */
export async function moveSavedToCart(
  c: Context<AppEnv>,
  locale: Locale,
  basketId: string,
  itemId: string,
  claimedListId?: string | undefined,
): Promise<BasketChange> {
  const listId = claimedListId ? await ownList(c, 'save_for_later', claimedListId) : await sessionList(c, 'save_for_later');
  const item = listId
    ? await c.env.DB.prepare('SELECT qty FROM product_list_items WHERE list_id = ?1 AND item_id = ?2').bind(listId, itemId).first<{ qty: number }>()
    : null;
  if (!listId || !item) throw new HttpError('PLP400', 'This item is not in the saved list.');
  let change: BasketChange;
  try {
    change = await addToBasket(depsOf(c), shopperOf(c), locale, basketId, { productId: itemId, qty: item.qty });
    if (!change.result.ok) throwRefusal(change.result);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'INV700') throw new HttpError('INV405');
    throw error;
  }
  await removeFromList(c.env.DB, listId, itemId);
  return change;
}
