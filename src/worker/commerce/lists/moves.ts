// The moves between the cart and the shopper's lists, for the API and the cart page alike: a line saved
// for later or moved to favorites goes on the list first and leaves the cart after (a failure between the
// two leaves it in both places, never in neither); a saved item moved back that is out of stock (ITEM_OOS)
// stays on the list with "this item could not be moved to cart" (INV405). The cart is a port the caller
// hands in (from-request.ts cartPortOf over a request), the session a value.

import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { BasketChange } from '../cart/caller.ts';
import { throwRefusal } from '../cart/service.ts';
import type { SessionChange, SessionDeps } from '../identity/session-lifecycle.ts';
import type { CurrentSession } from '../identity/session-state.ts';
import type { ListKind } from './merge.ts';
import { addToList, ensureListFor, ownListOf, removeFromList, sessionListOf } from './service.ts';

/** What the moves need of the session's own basket. */
export interface CartPort {
  line(basketId: string, itemId: string): Promise<{ variantId: string; productId: string; qty: number; recipeId: string | null }>;
  remove(basketId: string, itemId: string): Promise<BasketChange>;
  add(locale: Locale, basketId: string, item: { productId: string; qty: number }): Promise<BasketChange>;
}

export interface MoveDeps {
  session: SessionDeps;
  cart: CartPort;
}

type Moved = { result: BasketChange; session?: SessionChange | undefined };

async function lineOntoList(
  deps: MoveDeps,
  current: CurrentSession | null,
  kind: ListKind,
  basketId: string,
  itemId: string,
  favorite: boolean,
): Promise<Moved> {
  const line = await deps.cart.line(basketId, itemId);
  // A list keeps a variant, not a design: moving a pair made to order would lose what was designed.
  if (line.recipeId) throw new HttpError('API400', undefined, [{ field: 'itemId', message: 'A pair made to order stays in the cart.' }]);
  const list = await ensureListFor(deps.session, current, kind);
  await addToList(
    deps.session.DB,
    list.result,
    favorite ? { id: line.productId, qty: 1, itemType: 'product' } : { id: line.variantId, qty: line.qty, itemType: 'product' },
  );
  return { result: await deps.cart.remove(basketId, itemId), session: list.session };
}

/** The line's variant onto the saved-for-later list, at its quantity; then off the cart. */
export function saveLineForLaterFor(deps: MoveDeps, current: CurrentSession | null, basketId: string, itemId: string): Promise<Moved> {
  return lineOntoList(deps, current, 'save_for_later', basketId, itemId, false);
}

/** The line's colour onto the favorites (a favorite is a product, its size chosen when bought); then off the cart. */
export function moveLineToFavoritesFor(deps: MoveDeps, current: CurrentSession | null, basketId: string, itemId: string): Promise<Moved> {
  return lineOntoList(deps, current, 'favorites', basketId, itemId, true);
}

/** A saved item into the cart at its saved quantity, then off the list. */
export async function moveSavedToCartFor(
  deps: MoveDeps,
  current: CurrentSession | null,
  locale: Locale,
  basketId: string,
  itemId: string,
  claimedListId?: string | undefined,
): Promise<BasketChange> {
  const db = deps.session.DB;
  const claims = current?.claims;
  const listId = claimedListId ? await ownListOf(db, claims, 'save_for_later', claimedListId) : await sessionListOf(db, claims, 'save_for_later');
  const item = listId
    ? await db.prepare('SELECT qty FROM product_list_items WHERE list_id = ?1 AND item_id = ?2').bind(listId, itemId).first<{ qty: number }>()
    : null;
  if (!listId || !item) throw new HttpError('PLP400', 'This item is not in the saved list.');
  let change: BasketChange;
  try {
    change = await deps.cart.add(locale, basketId, { productId: itemId, qty: item.qty });
    if (!change.result.ok) throwRefusal(change.result);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'INV700') throw new HttpError('INV405');
    throw error;
  }
  await removeFromList(db, listId, itemId);
  return change;
}
