// The route side of the lists: the cart port and the session read off the request, and the session change a
// move answered recorded on it. Only route files and page route files import this; moves.ts and service.ts
// take plain values.

import type { Context } from 'hono';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { addToBasket } from '../cart/basket.ts';
import type { BasketChange } from '../cart/caller.ts';
import { basketLine, removeLine } from '../cart/lines.ts';
import { shopperOf } from '../from-request.ts';
import { withSessionChange } from '../identity/http-session.ts';
import type { ListKind } from './merge.ts';
import { type MoveDeps, moveLineToFavoritesFor, moveSavedToCartFor, saveLineForLaterFor } from './moves.ts';
import { listsAllowedFor, sessionListOf } from './service.ts';

/** The moves' dependencies over the request: its bindings and the session's own basket. */
export function cartPortOf(c: Context<AppEnv>): MoveDeps {
  return {
    session: c.env,
    cart: {
      line: async (basketId, itemId) => (await basketLine(depsOf(c), shopperOf(c), basketId, itemId)).line,
      remove: (basketId, itemId) => removeLine(depsOf(c), shopperOf(c), basketId, itemId),
      add: (locale, basketId, item) => addToBasket(depsOf(c), shopperOf(c), locale, basketId, item),
    },
  };
}

/** Whether the request's session keeps lists (listsAllowedFor). */
export function listsAllowed(c: Context<AppEnv>): boolean {
  return listsAllowedFor(c.get('session')?.claims);
}

/** The request session's list of a kind (sessionListOf). */
export function sessionList(c: Context<AppEnv>, kind: ListKind): Promise<string | null> {
  return sessionListOf(c.env.DB, c.get('session')?.claims, kind);
}

/** saveLineForLaterFor for the request's shopper, the session change recorded. */
export async function saveLineForLater(c: Context<AppEnv>, basketId: string, itemId: string): Promise<BasketChange> {
  return withSessionChange(c, await saveLineForLaterFor(cartPortOf(c), c.get('session') ?? null, basketId, itemId));
}

/** moveLineToFavoritesFor for the request's shopper, the session change recorded. */
export async function moveLineToFavorites(c: Context<AppEnv>, basketId: string, itemId: string): Promise<BasketChange> {
  return withSessionChange(c, await moveLineToFavoritesFor(cartPortOf(c), c.get('session') ?? null, basketId, itemId));
}

/** moveSavedToCartFor for the request's shopper. */
export function moveSavedToCart(
  c: Context<AppEnv>,
  locale: Locale,
  basketId: string,
  itemId: string,
  claimedListId?: string | undefined,
): Promise<BasketChange> {
  return moveSavedToCartFor(cartPortOf(c), c.get('session') ?? null, locale, basketId, itemId, claimedListId);
}
