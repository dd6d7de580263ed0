// Wishlists API (account-content §7) and the cart's saved-for-later moves (commerce-core §7, Cart):
// favorites get, add, remove and share; saved-for-later get; cart to list and back. Guests have lists
// too; an in-store associate's device keeps none. Every answer is the shopper's own: private, not stored.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { FAVORITES_PAGE_SIZE, SAVE_FOR_LATER_PAGE_SIZE } from '../../../shared/commerce/commerce-config.ts';
import { BasketParams } from '../../../shared/schema/cart.ts';
import {
  FavoriteBody,
  FavoriteItemParams,
  FavoriteListParams,
  ListPageQuery,
  MoveToCartBody,
  SavedItemChangeBody,
  SavedItemParams,
  SaveForLaterBody,
  ShareParams,
} from '../../../shared/schema/lists.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicUrl } from '../../lib/public-origin.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { pricedCartOf } from '../from-request.ts';
import { withSessionChange } from '../identity/http-session.ts';
import { cartPortOf, sessionList } from './from-request.ts';
import type { ListKind } from './merge.ts';
import { moveSavedToCartFor, saveLineForLaterFor } from './moves.ts';
import { addToList, changeListVariant, ensureListFor, type ListPage, listPage, ownListOf, removeFromList, sharedListId, shareToken } from './service.ts';

/** The request session's own list of a kind, checked against the id the request names. */
const ownList = (c: Context<AppEnv>, kind: ListKind, listId: string) => ownListOf(c.env.DB, c.get('session')?.claims, kind, listId);

function privately<T extends object>(c: Context<AppEnv>, payload: T) {
  c.header('Cache-Control', 'private, no-store');
  return c.json(envelope(c, payload));
}

const favoritesAnswer = (page: ListPage) => ({ favoriteId: page.listId, total: page.total, start: page.start, count: page.count, items: page.items });
const savedAnswer = (page: ListPage) => ({ saveForLaterId: page.listId, total: page.total, start: page.start, count: page.count, items: page.items });

async function favorites(c: Context<AppEnv>, start = 0, count = FAVORITES_PAGE_SIZE) {
  return favoritesAnswer(await listPage(c.env.DB, apiLocale(c, {}), await sessionList(c, 'favorites'), start, count));
}

async function saved(c: Context<AppEnv>, start = 0, count = SAVE_FOR_LATER_PAGE_SIZE) {
  return savedAnswer(await listPage(c.env.DB, apiLocale(c, {}), await sessionList(c, 'save_for_later'), start, count));
}

/** The public page of a shared list at the store's public origin: the link the owner sends. */
const shareUrl = (c: Context<AppEnv>, token: string) => publicUrl(c.env, `/${apiLocale(c, {}).code}/favorites/shared/${token}`);

export const listRoutes = new Hono<AppEnv>()
  .get('/wishlists/v2/favorites', valid('query', ListPageQuery), async (c) => {
    const { start, count } = c.req.valid('query');
    return privately(c, await favorites(c, start, count));
  })
  .post('/wishlists/v2/favorites', valid('json', FavoriteBody), async (c) => {
    const body = c.req.valid('json');
    const listId = body.favoriteId
      ? await ownList(c, 'favorites', body.favoriteId)
      : withSessionChange(c, await ensureListFor(c.env, c.get('session') ?? null, 'favorites'));
    await addToList(c.env.DB, listId, { id: body.id, qty: body.qty, itemType: body.itemType, pageUrl: body.pageUrl });
    return privately(c, await favorites(c));
  })
  .delete('/wishlists/v2/favorites/:favoriteId/items/:itemId', valid('param', FavoriteItemParams), async (c) => {
    const { favoriteId, itemId } = c.req.valid('param');
    await removeFromList(c.env.DB, await ownList(c, 'favorites', favoriteId), itemId);
    return privately(c, await favorites(c));
  })
  .get('/wishlists/v2/favorites/:favoriteId/share', valid('param', FavoriteListParams), async (c) => {
    const token = await shareToken(c.env.DB, await ownList(c, 'favorites', c.req.valid('param').favoriteId), false);
    if (!token) throw new HttpError('PLP400', 'This list has not been shared.');
    return privately(c, { shareUrl: shareUrl(c, token), token });
  })
  .post('/wishlists/v2/favorites/:favoriteId/share', valid('param', FavoriteListParams), async (c) => {
    const token = (await shareToken(c.env.DB, await ownList(c, 'favorites', c.req.valid('param').favoriteId), true)) as string;
    return privately(c, { shareUrl: shareUrl(c, token), token });
  })
  // Anyone with the link may read a shared list; nothing in it names its owner.
  .get('/wishlists/v2/shared/:token', valid('param', ShareParams), valid('query', ListPageQuery), async (c) => {
    const listId = await sharedListId(c.env.DB, c.req.valid('param').token);
    if (!listId) throw new HttpError('PLP400', 'This shared list was not found.');
    const { start, count } = c.req.valid('query');
    const page = await listPage(c.env.DB, apiLocale(c, {}), listId, start, count ?? FAVORITES_PAGE_SIZE);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(envelope(c, { total: page.total, start: page.start, count: page.count, items: page.items }));
  })
  .get('/wishlists/v2/saveForLater', valid('query', ListPageQuery), async (c) => {
    const { start, count } = c.req.valid('query');
    return privately(c, await saved(c, start, count));
  })
  .put('/cart/v2/saveForLater', valid('json', SaveForLaterBody), async (c) => {
    const { cartId, itemId } = c.req.valid('json');
    const cart = await pricedCartOf(
      c,
      apiLocale(c, {}),
      withSessionChange(c, await saveLineForLaterFor(cartPortOf(c), c.get('session') ?? null, cartId, itemId)),
    );
    return privately(c, { ...cart, saveForLater: await saved(c) });
  })
  .post('/cart/v2/cart/:basketId/saveForLater', valid('param', BasketParams), valid('json', MoveToCartBody), async (c) => {
    const { itemId, saveForLaterId } = c.req.valid('json');
    const locale = apiLocale(c, {});
    const cart = await pricedCartOf(
      c,
      locale,
      await moveSavedToCartFor(cartPortOf(c), c.get('session') ?? null, locale, c.req.valid('param').basketId, itemId, saveForLaterId),
    );
    return privately(c, { ...cart, saveForLater: await saved(c) });
  })
  .patch('/cart/v2/saveForLater/:saveForLaterId/items/:itemId', valid('param', SavedItemParams), valid('json', SavedItemChangeBody), async (c) => {
    const { saveForLaterId, itemId } = c.req.valid('param');
    await changeListVariant(c.env.DB, await ownList(c, 'save_for_later', saveForLaterId), itemId, c.req.valid('json').productId);
    return privately(c, await saved(c));
  })
  .delete('/cart/v2/saveForLater/:saveForLaterId/items/:itemId', valid('param', SavedItemParams), async (c) => {
    const { saveForLaterId, itemId } = c.req.valid('param');
    await removeFromList(c.env.DB, await ownList(c, 'save_for_later', saveForLaterId), itemId);
    return privately(c, await saved(c));
  });
