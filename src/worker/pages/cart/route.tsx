// /{locale}/cart and its plain-form posts: add (the product page's form without JavaScript), change a
// quantity, remove a line, apply and remove a coupon. The page is the shopper's own: private, never
// stored. A change that works goes back to the cart (post, redirect, get); one that is refused answers the
// cart again with the refusal where it belongs and the catalogue's status.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { messageKeyOfCode } from '../../../shared/account/account-forms.ts';
import { CART_COUNT_COOKIE } from '../../../shared/commerce/cart-count.ts';
import { SAVE_FOR_LATER_PAGE_SIZE } from '../../../shared/commerce/commerce-config.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { ERROR_CATALOGUE } from '../../../shared/errors.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { GiftOptionSchema } from '../../../shared/schema/cart.ts';
import { setShippingMethod } from '../../commerce/cart/addresses.ts';
import { addToBasket, applyCoupon, currentBasket, removeCoupon } from '../../commerce/cart/basket.ts';
import type { BasketChange } from '../../commerce/cart/caller.ts';
import { applyGiftCard, applyReward, removeGiftCard } from '../../commerce/cart/instruments.ts';
import { removeLine, setLineGift, setLineQuantity, setLineStore } from '../../commerce/cart/lines.ts';
import { type LoyaltyVoucher, loyaltyStanding, vouchersFor } from '../../commerce/cart/loyalty.ts';
import { applyRewardInstrument, type MemberReward, memberRewards, type RewardKind } from '../../commerce/cart/reward-instruments.ts';
import { throwRefusal, unitsIn } from '../../commerce/cart/service.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { today } from '../../commerce/catalog/service.ts';
import { recommendations } from '../../commerce/catalog/tools.ts';
import { applyCookies, depsOf, openSessionBasket, pricedCartOf, setCartCount, shopperOf } from '../../commerce/from-request.ts';
import { maskedNumber } from '../../commerce/gift-cards/cards.ts';
import { giftCardBalance } from '../../commerce/gift-cards/service.ts';
import { listsAllowed, moveLineToFavorites, moveSavedToCart, saveLineForLater, sessionList } from '../../commerce/lists/from-request.ts';
import { listPage, removeFromList } from '../../commerce/lists/service.ts';
import { paymentProviderFor } from '../../commerce/payments/choose.ts';
import { searchCollectionPoints, searchStores } from '../../commerce/stores/search.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ensureSession } from '../../middleware/session.ts';
import { readForm } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { CartPage, type CartPageState } from './CartPage.tsx';

type Refusal = Omit<CartPageState, 'cart' | 'saved' | 'loyalty' | 'recommended'>;

const CART_RECOMMENDATIONS = 4;

async function page(c: Context<AppEnv>, refusal: Refusal = {}, status = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const basket = await currentBasket(depsOf(c), shopperOf(c));
  const [cart, saved, loyalty, express] = await Promise.all([
    basket ? pricedCartOf(c, locale, { result: basket }) : null,
    listsAllowed(c) ? sessionList(c, 'save_for_later').then((listId) => listPage(c.env.DB, locale, listId, 0, SAVE_FOR_LATER_PAGE_SIZE)) : null,
    memberLoyalty(c, locale),
    expressAvailable(c),
  ]);
  // What goes with the first item, leaving out what the cart already holds; the page goes on without it.
  const first = cart?.items[0];
  const recommended = first
    ? await Promise.all([
        recommendations(c.env.DB, locale, first.productId, 'bought-together', CART_RECOMMENDATIONS + cart.items.length),
        catalogIndex(c.env.DB, c.get('logger')),
      ])
        .then(([products, index]) => ({
          products: products.filter((p) => !cart.items.some((item) => item.productId.startsWith(p.productId))).slice(0, CART_RECOMMENDATIONS),
          index,
        }))
        .catch((error: unknown) => {
          c.get('logger').warn('cart recommendations failed', { error: String(error) });
          return undefined;
        })
    : undefined;
  // A count left from a basket that has since gone (expired, signed out elsewhere) is put right.
  if (!cart && getCookie(c, CART_COUNT_COOKIE)) setCartCount(c, 0);
  const response = await renderPage(c, {
    status: status as 200,
    meta: {
      title: `${t('cart.title')} | ${t('brand.name')}`,
      description: t('cart.emptyHint'),
      pageType: 'cart',
      styles: ['cart'],
      canonical: paths.cart(locale.code),
      // The cart is an entry point like any other (a crawler sees the empty cart); the answer to a refused post is not.
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body: <CartPage state={{ cart, saved, loyalty, express, recommended, ...refusal }} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

/** Express checkout (commerce-core §4) is offered to a registered shopper with a default address and a saved card. */
async function expressAvailable(c: Context<AppEnv>): Promise<boolean> {
  const claims = c.get('session')?.claims;
  if (claims?.type !== 'registered' || !claims.consumerNo) return false;
  const row = await c.env.DB.prepare(
    "SELECT EXISTS (SELECT 1 FROM consumer_addresses WHERE consumer_no = ?1 AND approach_type = 'S') AND EXISTS (SELECT 1 FROM payment_cards WHERE consumer_no = ?1 AND provider = ?2) AS ready",
  )
    .bind(claims.consumerNo, paymentProviderFor(c.env).name)
    .first<{ ready: number }>();
  return row?.ready === 1;
}

/** A refused change: its catalogue status, and its message in the page's language. */
function refusal(c: Context<AppEnv>, error: unknown): { status: number; message: string } {
  if (!(error instanceof HttpError)) throw error;
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  return { status: ERROR_CATALOGUE[error.code].status, message: t(messageKeyOfCode(error.code) as MessageKey) };
}

/** Runs a change on the session's basket; back to the cart when it works, the cart with `place(message)` when refused. */
async function change(c: Context<AppEnv>, run: (basketId: string) => Promise<BasketChange>, place: (message: string) => Refusal): Promise<Response> {
  try {
    const basket = await currentBasket(depsOf(c), shopperOf(c));
    // The basket is gone (expired, or the session changed): the page says so rather than changing another.
    if (!basket?.ok) throw new HttpError('BSK404');
    const { result, cookies } = await run(basket.state.basketId);
    applyCookies(c, cookies ?? []);
    if (!result.ok) throwRefusal(result);
    setCartCount(c, unitsIn(result.state));
  } catch (error) {
    const { status, message } = refusal(c, error);
    return page(c, place(message), status);
  }
  return c.redirect(paths.cart(c.get('locale').code), 303);
}

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
    const points = await searchCollectionPoints(c.env.DB, c.get('locale'), { ...place, radiusKm: 50, limit: 6 });
    return page(c, { pointSearch: { query: pointQuery, points } });
  }
  const query = (url.searchParams.get('storeSearch') ?? '').trim().slice(0, 80);
  const lineId = url.searchParams.get('line') ?? '';
  if (!query || !/^[\w-]{1,64}$/.test(lineId)) return page(c);
  const basket = await currentBasket(depsOf(c), shopperOf(c));
  const line = basket?.ok ? basket.state.lines.find((l) => l.id === lineId) : undefined;
  if (!line) return page(c);
  const place = /\d/.test(query) ? { postalCode: query } : { city: query };
  const found = await searchStores(c.env.DB, c.get('locale'), { ...place, radiusKm: 100, limit: 5 }, { id: line.variantId, qty: line.qty });
  return page(c, { storeSearch: { lineId, query, stores: found.stores } });
}

/** The product page's add-to-cart form without JavaScript: into the session's basket (made if need be), then the cart. */
export async function cartAdd(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const productId = v.safeParse(VariantId, fields.productId ?? '');
  const qty = v.safeParse(Qty, fields.qty || '1');
  const t = translator(locale.lang, locale.tag);
  if (!productId.success) return page(c, { notice: t('cart.chooseSize') }, 400);
  if (!qty.success) return page(c, { notice: t('cart.quantityInvalid') }, 400);
  // A digital gift card's recipient: all three fields, or none for the buyer's own card.
  const giftFields = { to: fields.giftTo ?? '', email: fields.giftEmail ?? '', message: fields.giftMessage ?? '' };
  const wantsGift = Object.values(giftFields).some((value) => value.trim() !== '');
  const gift = wantsGift ? v.safeParse(GiftOptionSchema, giftFields) : undefined;
  if (gift && !gift.success) {
    const emailWrong = giftFields.to.trim() && giftFields.message.trim() && giftFields.email.trim();
    return page(c, { notice: t(emailWrong ? 'gift.emailInvalid' : 'gift.incomplete') }, 400);
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
    const { status, message } = refusal(c, error);
    return page(c, { notice: message }, status);
  }
  return c.redirect(paths.cart(locale.code), 303);
}

export async function cartItemQuantity(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ItemId, c.req.param('itemId'));
  const { fields } = await readForm(c);
  const qty = v.safeParse(Qty, fields.qty ?? '');
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  if (!itemId.success) return page(c, { notice: t('error.itemNotAvailable') }, 404);
  if (!qty.success) return page(c, { itemErrors: { [itemId.output]: t('cart.quantityInvalid') } }, 400);
  return change(
    c,
    (basketId) => setLineQuantity(depsOf(c), shopperOf(c), locale, basketId, itemId.output, qty.output),
    (message) => ({ itemErrors: { [itemId.output]: message } }),
  );
}

export async function cartItemRemove(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ItemId, c.req.param('itemId'));
  const locale = c.get('locale');
  if (!itemId.success) return page(c, { notice: translator(locale.lang, locale.tag)('error.itemNotAvailable') }, 404);
  // "Unable to remove item from cart. Please try again later" (commerce-core §8) when the basket refuses.
  return change(
    c,
    (basketId) => removeLine(depsOf(c), shopperOf(c), basketId, itemId.output),
    () => ({ notice: translator(locale.lang, locale.tag)('cart.removeFailed') }),
  );
}

export async function cartCouponApply(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const code = (fields.code ?? '').trim();
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  if (!code) return page(c, { coupon: { code, error: t('validation.required') } }, 400);
  if (code.length > 32) return page(c, { coupon: { code: code.slice(0, 32), error: t('error.couponInvalid') } }, 400);
  return change(
    c,
    (basketId) => applyCoupon(depsOf(c), shopperOf(c), basketId, code),
    (message) => ({ coupon: { code, error: message } }),
  );
}

export async function cartCouponRemove(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  return change(
    c,
    (basketId) => removeCoupon(depsOf(c), shopperOf(c), basketId, fields.code ?? ''),
    (message) => ({ coupon: { code: fields.code ?? '', error: message } }),
  );
}

/** A cart line to the saved-for-later list, or to the favorites: refused at the line. */
function lineToList(move: typeof saveLineForLater) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const itemId = v.safeParse(ItemId, c.req.param('itemId'));
    const locale = c.get('locale');
    if (!itemId.success) return page(c, { notice: translator(locale.lang, locale.tag)('error.itemNotAvailable') }, 404);
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
  if (!itemId.success) return page(c, { notice: translator(locale.lang, locale.tag)('error.itemNotAvailable') }, 404);
  try {
    const opened = await openSessionBasket(c, locale);
    if (!opened.result.ok) throwRefusal(opened.result);
    const { result } = await moveSavedToCart(c, locale, opened.result.state.basketId, itemId.output);
    if (!result.ok) throwRefusal(result);
    setCartCount(c, unitsIn(result.state));
  } catch (error) {
    const { status, message } = refusal(c, error);
    return page(c, { itemErrors: { [itemId.output]: message } }, status);
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
    const { status, message } = refusal(c, error);
    return page(c, { notice: message }, status);
  }
  return c.redirect(paths.cart(locale.code), 303);
}

/** Where a gift card refusal belongs: the field the service named, else the number. */
function giftCardRefusal(c: Context<AppEnv>, error: unknown): { status: number; state: Refusal } {
  const { status, message } = refusal(c, error);
  const named = error instanceof HttpError ? error.details?.[0]?.field : undefined;
  return { status, state: { giftCard: { field: named === 'pin' ? 'pin' : 'cardNumber', error: message } } };
}

export async function cartGiftCardApply(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const input = { cardNumber: fields.cardNumber ?? '', pin: (fields.pin ?? '').trim() };
  try {
    const basket = await currentBasket(depsOf(c), shopperOf(c));
    if (!basket?.ok) throw new HttpError('BSK404');
    const { result } = await applyGiftCard(depsOf(c), shopperOf(c), basket.state.basketId, input);
    if (!result.ok) throwRefusal(result);
  } catch (error) {
    const refused = giftCardRefusal(c, error);
    return page(c, refused.state, refused.status);
  }
  return c.redirect(paths.cart(c.get('locale').code), 303);
}

export async function cartGiftCardBalance(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const locale = c.get('locale');
  try {
    await ensureSession(c);
    const card = await giftCardBalance(depsOf(c), shopperOf(c), locale, { cardNumber: fields.cardNumber ?? '', pin: (fields.pin ?? '').trim() });
    const t = translator(locale.lang, locale.tag);
    return page(c, {
      giftCard: { balance: t('cart.giftCardHas', { card: maskedNumber(card.last4), balance: formatMoney(card.balance, card.currency, locale.tag) }) },
    });
  } catch (error) {
    const refused = giftCardRefusal(c, error);
    return page(c, refused.state, refused.status);
  }
}

export async function cartGiftCardRemove(c: Context<AppEnv>): Promise<Response> {
  const instrumentId = c.req.param('instrumentId') ?? '';
  return change(
    c,
    (basketId) => removeGiftCard(depsOf(c), shopperOf(c), basketId, instrumentId),
    (message) => ({ notice: message }),
  );
}

/** A signed-in member's points and vouchers, for the cart's rewards; null for guests and non-members. */
async function memberLoyalty(c: Context<AppEnv>, locale: Locale): Promise<{ points: number; vouchers: LoyaltyVoucher[]; rewards: MemberReward[] } | null> {
  const claims = c.get('session')?.claims;
  if (claims?.type !== 'registered') return null;
  try {
    const standing = await loyaltyStanding(c.env.DB, claims);
    // An unconfirmed member sees no rewards to use: the refusal (REW135) would be all they got.
    const rewards = standing.confirmed && claims.consumerNo ? await memberRewards(c.env.DB, claims.consumerNo, locale.site.currency, today()) : [];
    return { points: standing.points, vouchers: vouchersFor(standing, locale.site.currency, locale.tag), rewards };
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/** A voucher onto the cart (points), or off it (empty). */
export async function cartReward(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const points = fields.points ? Number(fields.points) : null;
  return change(
    c,
    (basketId) => applyReward(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, points !== null && Number.isInteger(points) ? points : null),
    (message) => ({ rewardError: message }),
  );
}

/** A reward code or card onto the cart: one of the member's listed ones, or typed (a card's number is all digits). */
export async function cartRewardInstrument(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const listed = /^(REWARD_CODE|REWARD_CARD):([\w-]{1,64})$/.exec(fields.reward ?? '');
  const typed = (fields.code ?? '').trim();
  const kind = listed ? (listed[1] as RewardKind) : /^[\d\s-]+$/.test(typed) ? 'REWARD_CARD' : 'REWARD_CODE';
  return change(
    c,
    (basketId) => applyRewardInstrument(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, listed ? { kind, rewardId: listed[2] } : { kind, code: typed }),
    (message) => ({ rewardInstrumentError: message }),
  );
}

/** Where a line is collected: a store (pickup or ship to store), or home delivery again (empty). */
export async function cartItemStore(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ItemId, c.req.param('itemId'));
  const { fields } = await readForm(c);
  const storeId = fields.storeId ? fields.storeId : null;
  const locale = c.get('locale');
  if (!itemId.success || (storeId !== null && !/^[A-Z]{2}-\d{4}$/.test(storeId))) {
    return page(c, { notice: translator(locale.lang, locale.tag)('error.pickupUnavailable') }, 400);
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
  if (!itemId.success) return page(c, { notice: t('cart.itemUnavailable') }, 400);
  const giftFields = { to: fields.giftTo ?? '', email: fields.giftEmail ?? '', message: fields.giftMessage ?? '' };
  const gift = fields.remove ? null : v.safeParse(GiftOptionSchema, giftFields);
  if (gift && !gift.success) {
    const emailWrong = giftFields.to.trim() && giftFields.message.trim() && giftFields.email.trim();
    return page(c, { itemErrors: { [itemId.output]: t(emailWrong ? 'gift.emailInvalid' : 'gift.incomplete') } }, 400);
  }
  return change(
    c,
    (basketId) => setLineGift(depsOf(c), shopperOf(c), locale, basketId, itemId.output, gift ? gift.output : null),
    (message) => ({ itemErrors: { [itemId.output]: message } }),
  );
}

/** The home shipment's method: standard, express, or a pickup point (pudo, with the point chosen). */
export async function cartShipping(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const code = fields.code === 'express' || fields.code === 'pudo' ? fields.code : 'standard';
  const pointId = code === 'pudo' ? fields.pointId : undefined;
  return change(
    c,
    (basketId) => setShippingMethod(depsOf(c), shopperOf(c), basketId, { code, pointId }),
    (message) => ({ notice: message }),
  );
}
