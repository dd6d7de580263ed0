// /{locale}/cart and its plain-form posts for the lines: add (the product page's form without JavaScript),
// change a quantity or remove a line, move it to a list or back, choose where it is collected, give it as a
// gift, and the home shipment's method. A change that works goes back to the cart (post, redirect, get);
// one that is refused answers the cart again with the refusal where it belongs and the catalogue's status.

import type { Context } from 'hono';
import * as v from 'valibot';
import { translator } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { GiftOptionSchema } from '../../../shared/schema/cart.ts';
import { addToBasket, currentBasket } from '../../commerce/cart/basket.ts';
import { removeLine, setLineGift, setLineQuantity, setLineStore } from '../../commerce/cart/lines.ts';
import { throwRefusal, unitsIn } from '../../commerce/cart/service.ts';
import { setShippingMethod } from '../../commerce/cart/shipping-method.ts';
import { openSessionBasket, setCartCount, shopperOf } from '../../commerce/from-request.ts';
import { moveLineToFavorites, moveSavedToCart, saveLineForLater, sessionList } from '../../commerce/lists/from-request.ts';
import { removeFromList } from '../../commerce/lists/service.ts';
import { geocoderFor } from '../../commerce/stores/geocoder.ts';
import { searchCollectionPoints, searchStores } from '../../commerce/stores/search.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { cartView, change } from './cart-view.tsx';

const Qty = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1));
const ItemId = v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/));
const VariantId = v.pipe(v.string(), v.trim(), v.regex(/^[A-Z0-9]{9,11}$/));

/**
 * The cart; with ?storeSearch=&line=, the stores near that place with the line's stock in each; with
 * ?pointSearch=, the pickup points near that place for the home shipment.
 */
export async function cartPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const pointQuery = (url.searchParams.get('pointSearch') ?? '').trim().slice(0, 80);
  if (pointQuery) {
    const place = /\d/.test(pointQuery) ? { postalCode: pointQuery } : { city: pointQuery };
    const points = await searchCollectionPoints(c.env.DB, c.get('locale'), { ...place, radiusKm: 50, limit: 6 }, geocoderFor(c.env, c.get('logger')));
    return cartView(c, { pointSearch: { query: pointQuery, points } });
  }
  const query = (url.searchParams.get('storeSearch') ?? '').trim().slice(0, 80);
  const lineId = url.searchParams.get('line') ?? '';
  if (!query || !/^[\w-]{1,64}$/.test(lineId)) return cartView(c);
  const basket = await currentBasket(depsOf(c), shopperOf(c));
  const line = basket?.ok ? basket.state.lines.find((l) => l.id === lineId) : undefined;
  if (!line) return cartView(c);
  const place = /\d/.test(query) ? { postalCode: query } : { city: query };
  const found = await searchStores(
    c.env.DB,
    c.get('locale'),
    { ...place, radiusKm: 100, limit: 5 },
    { id: line.variantId, qty: line.qty },
    geocoderFor(c.env, c.get('logger')),
  );
  return cartView(c, { storeSearch: { lineId, query, stores: found.stores } });
}

/** The product page's add-to-cart form without JavaScript: into the session's basket (made if need be), then the cart. */
export async function cartAdd(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const productId = v.safeParse(VariantId, fields.productId ?? '');
  const qty = v.safeParse(Qty, fields.qty || '1');
  const t = translator(locale.lang, locale.tag);
  if (!productId.success) return cartView(c, { notice: t('cart.chooseSize') }, 400);
  if (!qty.success) return cartView(c, { notice: t('cart.quantityInvalid') }, 400);
  // A digital gift card's recipient: all three fields, or none for the buyer's own card.
  const giftFields = { to: fields.giftTo ?? '', email: fields.giftEmail ?? '', message: fields.giftMessage ?? '' };
  const wantsGift = Object.values(giftFields).some((value) => value.trim() !== '');
  const gift = wantsGift ? v.safeParse(GiftOptionSchema, giftFields) : undefined;
  if (gift && !gift.success) {
    const emailWrong = giftFields.to.trim() && giftFields.message.trim() && giftFields.email.trim();
    return cartView(c, { notice: t(emailWrong ? 'gift.emailInvalid' : 'gift.incomplete') }, 400);
  }
  try {
    const opened = await openSessionBasket(c, locale);
    if (!opened.result.ok) throwRefusal(opened.result);
    const { result } = await addToBasket(depsOf(c), shopperOf(c), locale, opened.result.state.basketId, {
      productId: productId.output,
      qty: qty.output,
      giftOption: gift?.success ? gift.output : undefined,
    });
    if (!result.ok) throwRefusal(result);
    setCartCount(c, unitsIn(result.state));
  } catch (error) {
    const { status, notice } = formRefusal(c, error);
    return cartView(c, { notice }, status);
  }
  return c.redirect(paths.cart(locale.code), 303);
}

export async function cartItemQuantity(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ItemId, c.req.param('itemId'));
  const { fields } = await readForm(c);
  const qty = v.safeParse(Qty, fields.qty ?? '');
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  if (!itemId.success) return cartView(c, { notice: t('error.itemNotAvailable') }, 404);
  if (!qty.success) return cartView(c, { itemErrors: { [itemId.output]: t('cart.quantityInvalid') } }, 400);
  return change(
    c,
    (basketId) => setLineQuantity(depsOf(c), shopperOf(c), locale, basketId, itemId.output, qty.output),
    (message) => ({ itemErrors: { [itemId.output]: message } }),
  );
}

export async function cartItemRemove(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ItemId, c.req.param('itemId'));
  const locale = c.get('locale');
  if (!itemId.success) return cartView(c, { notice: translator(locale.lang, locale.tag)('error.itemNotAvailable') }, 404);
  // "Unable to remove item from cart. Please try again later" (commerce-core §8) when the basket refuses.
  return change(
    c,
    (basketId) => removeLine(depsOf(c), shopperOf(c), basketId, itemId.output),
    () => ({ notice: translator(locale.lang, locale.tag)('cart.removeFailed') }),
  );
}

/** A cart line to the saved-for-later list, or to the favorites: refused at the line. */
function lineToList(move: typeof saveLineForLater) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const itemId = v.safeParse(ItemId, c.req.param('itemId'));
    const locale = c.get('locale');
    if (!itemId.success) return cartView(c, { notice: translator(locale.lang, locale.tag)('error.itemNotAvailable') }, 404);
    return change(
      c,
      (basketId) => move(c, basketId, itemId.output),
      (message) => ({ itemErrors: { [itemId.output]: message } }),
    );
  };
}

export const cartItemSave = lineToList(saveLineForLater);
export const cartItemFavorite = lineToList(moveLineToFavorites);

const SavedId = v.pipe(v.string(), v.regex(/^[A-Z0-9]{8,11}$/));

/** A saved item back into the cart: ITEM_OOS keeps it on the list, said at the item. */
export async function cartSavedMove(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(SavedId, c.req.param('itemId'));
  const locale = c.get('locale');
  if (!itemId.success) return cartView(c, { notice: translator(locale.lang, locale.tag)('error.itemNotAvailable') }, 404);
  try {
    const opened = await openSessionBasket(c, locale);
    if (!opened.result.ok) throwRefusal(opened.result);
    const { result } = await moveSavedToCart(c, locale, opened.result.state.basketId, itemId.output);
    if (!result.ok) throwRefusal(result);
    setCartCount(c, unitsIn(result.state));
  } catch (error) {
    const { status, notice } = formRefusal(c, error);
    return cartView(c, { itemErrors: { [itemId.output]: notice } }, status);
  }
  return c.redirect(paths.cart(locale.code), 303);
}

export async function cartSavedRemove(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(SavedId, c.req.param('itemId'));
  const locale = c.get('locale');
  try {
    const listId = itemId.success ? await sessionList(c, 'save_for_later') : null;
    if (!listId || !itemId.success) throw new HttpError('PLP400');
    await removeFromList(c.env.DB, listId, itemId.output);
  } catch (error) {
    const { status, notice } = formRefusal(c, error);
    return cartView(c, { notice }, status);
  }
  return c.redirect(paths.cart(locale.code), 303);
}

/** Where a line is collected: a store (pickup or ship to store), or home delivery again (empty). */
export async function cartItemStore(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ItemId, c.req.param('itemId'));
  const { fields } = await readForm(c);
  const storeId = fields.storeId ? fields.storeId : null;
  const locale = c.get('locale');
  if (!itemId.success || (storeId !== null && !/^[A-Z]{2}-\d{4}$/.test(storeId))) {
    return cartView(c, { notice: translator(locale.lang, locale.tag)('error.pickupUnavailable') }, 400);
  }
  return change(
    c,
    (basketId) => setLineStore(depsOf(c), shopperOf(c), basketId, itemId.output, storeId),
    (message) => ({ itemErrors: { [itemId.output]: message } }),
  );
}

/**
 * A gift card line's gift option (the add gift option panel): all three of name, email and message, or none
 * (remove) so the card comes to the buyer. A partial one is refused at the line, never kept half-filled.
 */
export async function cartItemGift(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ItemId, c.req.param('itemId'));
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  if (!itemId.success) return cartView(c, { notice: t('cart.itemUnavailable') }, 400);
  const giftFields = { to: fields.giftTo ?? '', email: fields.giftEmail ?? '', message: fields.giftMessage ?? '' };
  const gift = fields.remove ? null : v.safeParse(GiftOptionSchema, giftFields);
  if (gift && !gift.success) {
    const emailWrong = giftFields.to.trim() && giftFields.message.trim() && giftFields.email.trim();
    return cartView(c, { itemErrors: { [itemId.output]: t(emailWrong ? 'gift.emailInvalid' : 'gift.incomplete') } }, 400);
  }
  return change(
    c,
    (basketId) => setLineGift(depsOf(c), shopperOf(c), locale, basketId, itemId.output, gift ? gift.output : null),
    (message) => ({ itemErrors: { [itemId.output]: message } }),
  );
}

/** The home shipment's method: standard, express, or a pickup point (pudo, with the point chosen), as the shopper chose it. */
export async function cartShipping(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const code = fields.code === 'express' || fields.code === 'pudo' ? fields.code : 'standard';
  const pointId = code === 'pudo' ? fields.pointId : undefined;
  return change(
    c,
    (basketId) => setShippingMethod(depsOf(c), shopperOf(c), c.get('locale'), basketId, { shippingId: 'me', code, pointId, shopperApplied: true }),
    (message) => ({ notice: message }),
  );
}
