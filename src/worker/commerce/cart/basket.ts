// The shopper's basket as the API and the cart pages both change it: open (or find) the session's basket,
// add, change, remove, coupons, and the priced Cart entity. One set of rules for both doors, so a plain
// form on the cart page and an island's fetch refuse the same things with the same codes.

import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { CART_COUNT_COOKIE } from '../../../shared/cart-count.ts';
import { expressReaches, GIFT_CARD_MAX_PER_CART } from '../../../shared/commerce-config.ts';
import type { HomeMethod } from '../../../shared/delivery.ts';
import type { ErrorDetail } from '../../../shared/errors.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { provinceOfPostalCode, provincesOf } from '../../../shared/provinces.ts';
import { type Address, AddressSchema, type ApplePayAddressSchema, BillingAddressSchema, PO_BOX, pickupContactsSchema } from '../../../shared/schema/address.ts';
import { SignUpEmail } from '../../../shared/schema/sign-up.ts';
import type { SessionClaims } from '../../../shared/session.ts';
import type { Locale } from '../../../shared/sites.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { STORE_COOKIE } from '../../lib/store-cookies.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { ensureSession, updateSession } from '../../middleware/session.ts';
import { today } from '../catalog/service.ts';
import { openGiftCard } from '../gift-cards/cards.ts';
import { giftCardDeps } from '../gift-cards/service.ts';
import { favouriteStoreId } from '../stores/my-store.ts';
import type { CartAnswer, CartCaller, GiftOption } from './cart-object.ts';
import { chooseVoucher, loyaltyStanding } from './loyalty.ts';
import { refuseUnbuyable } from './on-sale.ts';
import { activePromotions, checkCoupon, customerKeys } from './promotions.ts';
import {
  type CartEntity,
  cartEntity,
  cartStub,
  consumerBasket,
  DEFAULT_MAX_QTY,
  findVariant,
  giftVariantIds,
  recentVariantFacts,
  setConsumerBasket,
  throwRefusal,
  type VariantFacts,
  variantFacts,
} from './service.ts';

const newBasketId = () => crypto.randomUUID().replace(/-/g, '');

/** What a change answered, with the variants it already read (not read again to price the answer). */
export interface BasketChange {
  result: CartAnswer;
  known?: ReadonlyMap<string, VariantFacts>;
}

/** Who is asking: a cart call without a session cannot be about anyone's basket. */
export function callerOf(c: Context<AppEnv>): CartCaller {
  const claims = c.get('session')?.claims;
  if (!claims) throw new HttpError('AUT498', 'This cart belongs to another session.');
  return { usid: claims.usid, consumerNo: claims.type === 'registered' ? claims.consumerNo : undefined };
}

/** The basket id this session knows of, or the registered shopper's own from another device. */
async function knownBasketId(c: Context<AppEnv>, caller: CartCaller): Promise<string | undefined> {
  return c.get('session')?.claims.basketId ?? (caller.consumerNo ? await consumerBasket(c.env.DB, caller.consumerNo) : undefined);
}

/** The session's basket as it is, without making one: null when the shopper has none (or it expired). */
export async function currentBasket(c: Context<AppEnv>): Promise<CartAnswer | null> {
  if (!c.get('session')) return null;
  const caller = callerOf(c);
  const basketId = await knownBasketId(c, caller);
  if (!basketId) return null;
  const answer = await cartStub(c.env, basketId).read(caller);
  return answer.ok ? answer : null;
}

/**
 * The session's basket if it still exists, a new one otherwise (minting a guest session if need be). A
 * shopper whose basket expired is told so by the new one.
 */
export async function openBasket(c: Context<AppEnv>, locale: Locale): Promise<{ result: CartAnswer; created: boolean; notices: CartEntity['flash'] }> {
  const session = await ensureSession(c);
  const caller = callerOf(c);
  const known = await knownBasketId(c, caller);
  let expired = false;
  if (known) {
    const existing = await cartStub(c.env, known).read(caller);
    if (existing.ok) {
      if (session.claims.basketId !== known) await updateSession(c, { ...session.claims, basketId: known });
      return { result: existing, created: false, notices: [] };
    }
    // Gone after 30 days without a change: the new basket says so.
    expired = existing.refusal === 'missing';
  }
  const basketId = newBasketId();
  const owner = {
    usid: caller.usid,
    ...(caller.consumerNo ? { consumerNo: caller.consumerNo } : {}),
    siteId: locale.site.id,
    currency: locale.site.currency,
  };
  const result = await cartStub(c.env, basketId).create(basketId, owner);
  if (caller.consumerNo) await setConsumerBasket(c.env.DB, caller.consumerNo, basketId);
  await updateSession(c, { ...session.claims, basketId });
  return {
    result,
    created: true,
    notices: expired ? [{ type: 'CartExpired', message: 'Your cart expired after 30 days without a visit.' }] : [],
  };
}

/**
 * A basket of its own for one product (commerce-core §7, cartWithItem): a wallet order from the product
 * page, apart from the shopper's main cart, which it leaves alone. `bid` names an earlier wallet basket
 * of this session's to start again with; otherwise a new one is made.
 */
export async function walletBasket(
  c: Context<AppEnv>,
  locale: Locale,
  bid: string | undefined,
  add: { productId?: string | undefined; upc?: string | undefined; qty: number; maxQty?: number | undefined },
): Promise<BasketChange> {
  await ensureSession(c);
  const caller = callerOf(c);
  const mainBasket = c.get('session')?.claims.basketId;
  // The main cart is never a wallet basket: naming it makes a new one instead of emptying the cart.
  const reused = bid && bid !== mainBasket ? await cartStub(c.env, bid).reset(caller) : null;
  const basketId = reused?.ok ? bid : newBasketId();
  if (!reused?.ok) await cartStub(c.env, basketId as string).create(basketId as string, ownerOf(caller, locale));
  return addToBasket(c, locale, basketId as string, add);
}

/**
 * A reservation for a reserve-online product (commerce-core §4, §7 reserveWithItem): a basket of its
 * own holding one unit, collected at a store that has it (INV700 where none is left, ORD516 where the
 * store does not take reservations).
 */
export async function reservationBasket(c: Context<AppEnv>, locale: Locale, input: { productId: string; storeId: string }): Promise<BasketChange> {
  await ensureSession(c);
  const caller = callerOf(c);
  const { variant } = await findVariant(c.env.DB, locale, { variantId: input.productId });
  if (!variant) throw new HttpError('ORD404');
  refuseUnbuyable(variant, { registered: Boolean(caller.consumerNo) }, today());
  if (!variant.isRobisOnly)
    throw new HttpError('API400', 'Only a reserve-online product is reserved; add this one to the cart.', [
      { field: 'productId', message: 'This product is bought online.' },
    ]);
  const store = await c.env.DB.prepare(
    `SELECT s.services, COALESCE(si.quantity, 0) AS quantity FROM stores s
     LEFT JOIN store_inventory si ON si.store_id = s.id AND si.variant_id = ?3 WHERE s.id = ?1 AND s.site_id = ?2`,
  )
    .bind(input.storeId, locale.site.id, variant.variantId)
    .first<{ services: string; quantity: number }>();
  if (!store || !(JSON.parse(store.services) as string[]).includes('pickup')) {
    throw new HttpError('ORD516', undefined, [{ field: 'storeId', message: 'This item cannot be picked up at this store.' }]);
  }
  if (store.quantity < 1)
    throw new HttpError('INV700', 'This store has none left to reserve.', [{ field: 'storeId', message: 'This store has none left to reserve.' }]);
  const basketId = newBasketId();
  const stub = cartStub(c.env, basketId);
  await stub.create(basketId, ownerOf(caller, locale));
  // Reservation-only products are always available with quantity 1 (commerce-core §4).
  const added = await stub.addItem(caller, { variantId: variant.variantId, productId: variant.productId, qty: 1, maxQty: 1, stock: 1 });
  if (!added.ok) return { result: added };
  const lineId = added.state.lines[0]?.id ?? '';
  return { result: await stub.setLineStore(caller, lineId, input.storeId), known: new Map([[variant.variantId, variant]]) };
}

function ownerOf(caller: CartCaller, locale: Locale) {
  return { usid: caller.usid, ...(caller.consumerNo ? { consumerNo: caller.consumerNo } : {}), siteId: locale.site.id, currency: locale.site.currency };
}

/** Adds a variant (by id or UPC) within its maximum and the stock; a variant with no price cannot be added. */
export async function addToBasket(
  c: Context<AppEnv>,
  locale: Locale,
  basketId: string,
  add: {
    productId?: string | undefined;
    upc?: string | undefined;
    qty: number;
    maxQty?: number | undefined;
    giftOption?: GiftOption | undefined;
    /** Collected at this store rather than delivered home. */
    storeId?: string | undefined;
  },
): Promise<BasketChange> {
  const caller = callerOf(c);
  if (!add.productId && !add.upc)
    throw new HttpError('API400', 'productId or upc names the item.', [{ field: 'productId', message: 'This field is required' }]);
  const promotions = await activePromotions(c.env.DB, locale.site.id);
  const { variant, read } = await findVariant(c.env.DB, locale, { variantId: add.productId, upc: add.upc }, giftVariantIds(promotions));
  if (!variant) throw new HttpError('ORD404');
  if (variant.listAmount === null) throw new HttpError('INV702');
  refuseUnbuyable(variant, { registered: Boolean(caller.consumerNo) }, today());
  // Only a digital gift card goes to someone else by email; nothing digital is collected in a store.
  if (add.giftOption && !variant.isDigital)
    throw new HttpError('GFO405', 'Only a digital gift card can be sent as a gift.', [
      { field: 'giftOption', message: 'Only a digital gift card can be sent as a gift.' },
    ]);
  if (add.storeId && variant.isDigital) throw new HttpError('ORD516', 'A digital gift card is sent by email, not collected in a store.');
  if (add.storeId) await checkPickupStore(c, locale.site.id, add.storeId);
  const stub = cartStub(c.env, basketId);
  const gift = add.giftOption ?? null;
  let result = await stub.addItem(caller, {
    variantId: variant.variantId,
    productId: variant.productId,
    gift,
    qty: add.qty,
    // The product's limit; a caller may ask for a lower one, never a higher.
    maxQty: Math.min(add.maxQty ?? DEFAULT_MAX_QTY, variant.maxQty),
    stock: variant.stock,
  });
  if (result.ok && add.storeId) {
    const line = result.state.lines.find((l) => l.variantId === variant.variantId && !l.gift);
    if (line) result = await stub.setLineStore(caller, line.id, add.storeId);
  }
  return { result, known: read };
}

/** A gift-with-purchase line (its id starts gwp-) is the promotion's: the shopper cannot change it (GWP403). */
export function refuseGiftLine(itemId: string): void {
  if (itemId.startsWith('gwp-')) throw new HttpError('GWP403');
}

/** One of the shopper's own lines, with its basket: a free gift's is GWP403, one not in the basket ORD404. */
export async function basketLine(c: Context<AppEnv>, basketId: string, itemId: string) {
  refuseGiftLine(itemId);
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const line = current.state.lines.find((l) => l.id === itemId);
  if (!line) throw new HttpError('ORD404', 'This item is not in the cart.');
  return { caller, stub, line };
}

/** Sets a line's quantity within its maximum and the stock as D1 has it now. */
export async function setLineQuantity(c: Context<AppEnv>, locale: Locale, basketId: string, itemId: string, qty: number): Promise<BasketChange> {
  const { caller, stub, line } = await basketLine(c, basketId, itemId);
  const promotions = await activePromotions(c.env.DB, locale.site.id);
  const read = await variantFacts(c.env.DB, locale, [...new Set([line.variantId, ...giftVariantIds(promotions)])]);
  const variant = read.get(line.variantId);
  if (!variant) throw new HttpError('ORD404');
  const result = await stub.setQuantity(caller, itemId, qty, { maxQty: variant.maxQty, stock: variant.stock });
  return { result, known: read };
}

/**
 * A line changed to another size or amount of its product (the quick-shop dialog opened from the cart):
 * the new variant read from D1 now, of the same colour (ORD404 otherwise), within its stock.
 */
export async function changeLineVariant(c: Context<AppEnv>, locale: Locale, basketId: string, itemId: string, variantId: string): Promise<BasketChange> {
  const { caller, stub, line } = await basketLine(c, basketId, itemId);
  const promotions = await activePromotions(c.env.DB, locale.site.id);
  const { variant, read } = await findVariant(c.env.DB, locale, { variantId }, giftVariantIds(promotions));
  if (!variant || variant.productId !== line.productId) throw new HttpError('ORD404', 'Choose another size of the same item.');
  if (variant.listAmount === null) throw new HttpError('INV702');
  const result = await stub.changeVariant(caller, itemId, {
    variantId: variant.variantId,
    productId: variant.productId,
    qty: line.qty,
    maxQty: variant.maxQty,
    stock: variant.stock,
  });
  return { result, known: read };
}

/**
 * A read that asks for it (isPatchRequired) repairs the basket before answering, as checkout needs it:
 * lines that can no longer be bought (gone, unpriced, sold out) leave the cart, and a quantity above the
 * stock comes down to it. Each repair is said on the answer, at its item.
 */
export async function patchBasket(c: Context<AppEnv>, locale: Locale, basketId: string): Promise<{ change: BasketChange; notices: CartEntity['flash'] }> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  let result = await stub.read(caller);
  if (!result.ok) throwRefusal(result);
  const promotions = await activePromotions(c.env.DB, result.state.owner.siteId);
  const read = await variantFacts(c.env.DB, locale, [...new Set([...result.state.lines.map((line) => line.variantId), ...giftVariantIds(promotions)])]);
  const notices: CartEntity['flash'] = [];
  for (const line of result.state.lines) {
    const fact = read.get(line.variantId);
    if (!fact || fact.listAmount === null || fact.stock <= 0) {
      result = await stub.removeItem(caller, line.id);
      notices.push({ type: 'ITEM_NO_LONGER_AVAILABLE', message: 'This item is no longer available and was removed from your cart.', itemId: line.id });
    } else if (line.qty > Math.min(fact.stock, fact.maxQty)) {
      const most = Math.min(fact.stock, fact.maxQty);
      result = await stub.setQuantity(caller, line.id, most, { maxQty: fact.maxQty, stock: fact.stock });
      notices.push({ type: 'ProductItemMaxQuantity', message: `At most ${most} of this item: the quantity was reduced.`, itemId: line.id });
    }
    if (!result.ok) throwRefusal(result);
  }
  return { change: { result, known: read }, notices };
}

export async function removeLine(c: Context<AppEnv>, basketId: string, itemId: string): Promise<BasketChange> {
  refuseGiftLine(itemId);
  return { result: await cartStub(c.env, basketId).removeItem(callerOf(c), itemId) };
}

/** A coupon checked against the site's promotions (PRM130/135/140/155/160/416 at the code field) first. */
export async function applyCoupon(c: Context<AppEnv>, basketId: string, code: string): Promise<BasketChange> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const email = current.state.email ?? (typeof current.state.billingAddress?.email === 'string' ? current.state.billingAddress.email : null);
  const customer = await customerKeys(c.env.DB, { consumerNo: caller.consumerNo ?? null, email: caller.consumerNo ? null : email });
  const checked = await checkCoupon(c.env.DB, current.state.owner.siteId, code, current.state.coupons, customer);
  return { result: await stub.addCoupon(caller, checked) };
}

export async function removeCoupon(c: Context<AppEnv>, basketId: string, code: string): Promise<BasketChange> {
  return { result: await cartStub(c.env, basketId).removeCoupon(callerOf(c), code.trim().toUpperCase()) };
}

/** What is left of an athlete's allowance this year (minor units); null for a shopper who is not an athlete. */
export async function athleteAllowance(db: D1Database, claims: SessionClaims | undefined): Promise<number | null> {
  if (claims?.type !== 'registered' || !claims.consumerNo || !(claims.tags ?? []).includes('Athlete')) return null;
  const row = await db
    .prepare('SELECT athlete_annual_credit AS credit, athlete_current_spend AS spend FROM consumers WHERE consumer_no = ?1')
    .bind(claims.consumerNo)
    .first<{ credit: number | null; spend: number | null }>();
  return row?.credit === null || row?.credit === undefined ? null : Math.max(0, row.credit - (row.spend ?? 0));
}

/**
 * Whether an employee's discount applies (commerce-core §6): only once they have accepted its terms, and
 * while this year's spend is under their allowance. Read from the account, not the session, so accepting
 * the terms counts at once.
 */
async function employeeDiscount(db: D1Database, consumerNo: string | undefined): Promise<'allowed' | 'terms' | 'cap'> {
  const row = consumerNo
    ? await db
        .prepare(
          'SELECT employee_terms_accepted_at AS accepted, employee_current_spend AS spend, employee_annual_cap AS cap FROM consumers WHERE consumer_no = ?1',
        )
        .bind(consumerNo)
        .first<{ accepted: string | null; spend: number | null; cap: number | null }>()
    : null;
  if (!row?.accepted) return 'terms';
  return row.cap !== null && (row.spend ?? 0) >= row.cap ? 'cap' : 'allowed';
}

/**
 * The Cart entity for an answer, priced with the site's running promotions; a refusal throws its code.
 * Every cart answer also sets the small count cookie the header reads on cached pages.
 */
export async function pricedCart(
  c: Context<AppEnv>,
  locale: Locale,
  change: BasketChange,
  /** A plain read may price with what this isolate read of its variants a moment ago (RECENT_FACTS_MS). */
  freshness: 'fresh' | 'recent' = 'fresh',
): Promise<CartEntity> {
  const { result } = change;
  if (!result.ok) throwRefusal(result);
  const claims = c.get('session')?.claims;
  const employee = claims?.type === 'registered' && claims.consumerType === 'EMPLOYEE' ? await employeeDiscount(c.env.DB, claims.consumerNo) : null;
  const shopper = { registered: claims?.type === 'registered', employee: employee === 'allowed' };
  const promotions = await activePromotions(c.env.DB, result.state.owner.siteId);
  const favStoreId = favouriteStoreId(c);
  const known =
    change.known ??
    (freshness === 'recent' ? recentVariantFacts(locale, [...result.state.lines.map((line) => line.variantId), ...giftVariantIds(promotions)]) : undefined);
  const athlete = await athleteAllowance(c.env.DB, claims);
  const { cart, deliveryCodes } = await cartEntity(c.env.DB, locale, result.state, shopper, promotions, known, favStoreId, athlete);
  if (employee === 'terms' || employee === 'cap') {
    const t = translator(locale.lang, locale.tag);
    cart.flash.push(
      employee === 'terms'
        ? { type: 'EmployeeTermsNotAccepted', message: t('cart.employeeTerms') }
        : { type: 'EmployeeAllowanceUsed', message: t('cart.employeeCap') },
    );
  }
  // The basket remembers each line's delivery, so the next answer can say when one changed on its own.
  const changed = Object.entries(deliveryCodes).some(([lineId, code]) => result.state.deliveries[lineId]?.lastCode !== code);
  if (changed) await cartStub(c.env, result.state.basketId).recordDeliveries(callerOf(c), deliveryCodes);
  // The header counts the shopper's cart, not a product page's wallet basket or a reservation.
  if (!claims?.basketId || claims.basketId === result.state.basketId) setCartCount(c, cart.totalItems);
  return cart;
}

/** The header's count on every tab and page, cached pages included: a number, nothing that names anyone. */
export function setCartCount(c: Context<AppEnv>, count: number): void {
  setCookie(c, CART_COUNT_COOKIE, String(count), { ...STORE_COOKIE, maxAge: 30 * 24 * 60 * 60 });
}

/** A gift card onto the basket as a payment instrument: checked, then at most GIFT_CARD_MAX_PER_CART, once each. */
export async function applyGiftCard(c: Context<AppEnv>, basketId: string, input: { cardNumber: string; pin: string }): Promise<BasketChange> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const card = await openGiftCard(giftCardDeps(c, caller.usid), input, { currency: current.state.owner.currency, today: today(), forPayment: true });
  return { result: await stub.addInstrument(caller, { cardId: card.id, last4: card.last4 }, GIFT_CARD_MAX_PER_CART) };
}

export async function removeGiftCard(c: Context<AppEnv>, basketId: string, instrumentId: string): Promise<BasketChange> {
  return { result: await cartStub(c.env, basketId).removeInstrument(callerOf(c), instrumentId) };
}

/**
 * A gift card line sent to someone, or to the buyer again (null): all three of the recipient's name, email
 * and message, or none (commerce-core §5). Only a digital gift card goes to someone else (GFO405).
 */
export async function setLineGift(c: Context<AppEnv>, locale: Locale, basketId: string, itemId: string, gift: GiftOption | null): Promise<BasketChange> {
  const { caller, stub, line } = await basketLine(c, basketId, itemId);
  const { variant, read } = await findVariant(c.env.DB, locale, { variantId: line.variantId }, []);
  if (!variant?.isDigital) {
    throw new HttpError('GFO405', 'Only a digital gift card can be sent as a gift.', [
      { field: 'giftOption', message: 'Only a digital gift card can be sent as a gift.' },
    ]);
  }
  return { result: await stub.setLineGift(caller, itemId, gift), known: read };
}

/** A member's loyalty voucher on the basket (REW401/130/135/140 otherwise), or null to take it off. */
export async function applyReward(c: Context<AppEnv>, basketId: string, points: number | null): Promise<BasketChange> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  if (points === null) return { result: await stub.setReward(caller, null) };
  // An athlete's rewards wait until their allowance is used up (commerce-core §5).
  const allowance = await athleteAllowance(c.env.DB, c.get('session')?.claims);
  if (allowance) {
    const cart = await pricedCart(c, apiLocale(c, {}), { result: current });
    if ((cart.athletePayment?.remainingAmount ?? 0) - (cart.athletePayment?.applied ?? 0) > 0) {
      throw new HttpError('API409', 'Rewards can pay once your athlete allowance is used up: pay with it first.', [
        { field: 'appliedLoyaltyVoucher', message: 'Use your athlete allowance first.' },
      ]);
    }
  }
  const voucher = chooseVoucher(await loyaltyStanding(c.env.DB, c.get('session')?.claims), points);
  return { result: await stub.setReward(caller, voucher) };
}

/**
 * Where a line is collected: a store of the basket's site that picks up or ships to store (ORD516
 * otherwise), or null for home delivery again. Whether it is today or shipped there follows the store's
 * stock on every answer.
 */
export async function setLineStore(c: Context<AppEnv>, basketId: string, itemId: string, storeId: string | null): Promise<BasketChange> {
  refuseGiftLine(itemId);
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  if (storeId !== null) {
    const current = await stub.read(caller);
    if (!current.ok) throwRefusal(current);
    await checkPickupStore(c, current.state.owner.siteId, storeId);
  }
  return { result: await stub.setLineStore(caller, itemId, storeId) };
}

/** A store of the basket's site that hands out orders (pickup, or ship to store), or ORD516 at storeId. */
async function checkPickupStore(c: Context<AppEnv>, siteId: string, storeId: string): Promise<void> {
  const store = await c.env.DB.prepare('SELECT services FROM stores WHERE id = ?1 AND site_id = ?2').bind(storeId, siteId).first<{ services: string }>();
  const services = store ? (JSON.parse(store.services) as string[]) : [];
  if (!services.includes('pickup') && !services.includes('ship-to-store')) {
    throw new HttpError('ORD516', undefined, [{ field: 'storeId', message: 'This item cannot be picked up at this store.' }]);
  }
}

/** The home shipment's method; a pickup point must be one of the basket's site (SHP404 otherwise). */
export async function setShippingMethod(
  c: Context<AppEnv>,
  basketId: string,
  method: { code: HomeMethod; pointId?: string | undefined },
): Promise<BasketChange> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  if (method.code === 'pudo') {
    const point = method.pointId
      ? await c.env.DB.prepare('SELECT id FROM collection_points WHERE id = ?1 AND site_id = ?2').bind(method.pointId, current.state.owner.siteId).first()
      : null;
    if (!point) throw new HttpError('SHP404', 'Choose a pickup point near you.', [{ field: 'pointId', message: 'Choose a pickup point near you.' }]);
    return { result: await stub.setShipping(caller, { code: 'pudo', pointId: method.pointId as string }) };
  }
  if (method.code === 'express' && !expressReaches(current.state.owner.siteId, String(current.state.shippingAddress?.province ?? '') || undefined)) {
    throw new HttpError('SHP404', 'Express delivery does not reach this address: standard delivery does.', [
      { field: 'code', message: 'Express delivery does not reach this address.' },
    ]);
  }
  return { result: await stub.setShipping(caller, { code: method.code }) };
}

/**
 * A delivery address: valid for its country, a country the site delivers to (CHK380), with a phone
 * (SHP410) and not a PO box (SHP500). Answers the priced cart and whether the address moved its tax (TAX310).
 */
export async function setShippingAddress(
  c: Context<AppEnv>,
  locale: Locale,
  basketId: string,
  input: unknown,
  /** An Apple Pay address takes a longer city (commerce-core §9); every other rule is the same. */
  schema: typeof AddressSchema | typeof ApplePayAddressSchema = AddressSchema,
): Promise<{ cart: CartEntity; taxMoved: boolean; downgraded: boolean }> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  const before = await stub.read(caller);
  if (!before.ok) throwRefusal(before);
  const address = parseAddress(schema, input);
  checkDeliveryAddress(locale, address);
  // A guest's email for the order may come with the delivery address (checkout's first step).
  const email = input && typeof input === 'object' && 'email' in input ? parseOrThrow(v.object({ email: SignUpEmail }), { email: input.email }).email : null;
  if (email) await stub.setEmail(caller, email);
  const taxBefore = (await pricedCart(c, locale, { result: before })).totals.tax;
  let result = await stub.setAddress(caller, 'shippingAddress', address);
  // Express does not reach this address: the shipment goes standard, and the shopper is told (OrderShippingMethodDowngraded).
  const downgraded = before.state.shipping.code === 'express' && !expressReaches(locale.site.id, address.province);
  if (downgraded) result = await stub.setShipping(caller, { code: 'standard' });
  const cart = await pricedCart(c, locale, { result });
  return { cart, taxMoved: cart.totals.tax !== taxBefore, downgraded };
}

/** An address as its rules write it; a field they refuse is an invalid address (CHK320), said at that field. */
export function parseAddress<S extends typeof AddressSchema | typeof BillingAddressSchema | typeof ApplePayAddressSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  try {
    return parseOrThrow(schema, input);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'API400' && error.details?.some((detail) => detail.field)) {
      throw new HttpError('CHK320', error.message, error.details);
    }
    throw error;
  }
}

/**
 * What an address validation would change (commerce-core §5, CHK320 with a suggested correction): a state or
 * province the postal code does not belong to. A delivery address is refused with it (checkDeliveryAddress):
 * the state decides the sales tax, so the shopper cannot keep one their postal code is not in.
 */
export function addressCorrections(address: Address): ErrorDetail[] {
  const expected = provinceOfPostalCode(address.countryCode, address.postalCode);
  if (!expected || expected === address.province) return [];
  const name = provincesOf(address.countryCode)?.[expected] ?? expected;
  return [{ field: 'province', message: `Postal code ${address.postalCode} is in ${name}.`, suggestion: expected }];
}

/** Countries whose sales tax is the state's or province's, told by the postal code (shared/provinces.ts). */
const TAXED_BY_STATE = new Set(['US', 'CA']);

/**
 * The rules of a delivery address beyond its form: the site's countries, a phone, a street, and in the US and
 * Canada the state or province its postal code is in (the tax is that state's).
 */
export function checkDeliveryAddress(locale: Locale, address: Address): void {
  if (!locale.site.countries.includes(address.countryCode)) {
    throw new HttpError('CHK380', undefined, [{ field: 'countryCode', message: 'We do not deliver to this country from this site.' }]);
  }
  if (TAXED_BY_STATE.has(address.countryCode)) {
    const expected = provinceOfPostalCode(address.countryCode, address.postalCode);
    if (!expected || !provincesOf(address.countryCode)?.[expected]) {
      const message = `Postal code ${address.postalCode} is not in a ${address.countryCode === 'CA' ? 'province' : 'state'} we deliver to.`;
      throw new HttpError('CHK320', message, [{ field: 'postalCode', message }]);
    }
    const corrections = addressCorrections(address);
    if (corrections.length > 0) throw new HttpError('CHK320', corrections[0]?.message, corrections);
  }
  if (!address.phone) throw new HttpError('SHP410', undefined, [{ field: 'phone', message: 'A phone number is needed for delivery.' }]);
  if (PO_BOX.test(`${address.addressLine1} ${address.addressLine2}`)) {
    throw new HttpError('SHP500', undefined, [{ field: 'addressLine1', message: 'We cannot deliver to a PO box. Please enter a street address.' }]);
  }
}

/** A billing address with its email (BIL400 when none is given, BILL410 without a phone). */
export async function setBillingAddress(
  c: Context<AppEnv>,
  basketId: string,
  input: unknown,
  schema: typeof BillingAddressSchema | typeof ApplePayAddressSchema = BillingAddressSchema,
): Promise<BasketChange> {
  const caller = callerOf(c);
  if (input === null || typeof input !== 'object' || Object.keys(input).length === 0) throw new HttpError('BIL400');
  const address = parseAddress(schema, input);
  if (!address.phone) throw new HttpError('BILL410', undefined, [{ field: 'phone', message: 'The billing phone number is missing.' }]);
  return { result: await cartStub(c.env, basketId).setAddress(caller, 'billingAddress', address) };
}

/** Who collects a parcel at a pickup point, or the email of a store pickup's notice (where the locale asks); the phone written as its country's. */
export async function setPickupContacts(c: Context<AppEnv>, locale: Locale, basketId: string, input: unknown): Promise<BasketChange> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const country = locale.site.countries[0] ?? '';
  const given = parseOrThrow(pickupContactsSchema(country), input);
  const point = given.collectionPoint;
  return {
    result: await stub.setPickupContacts(caller, {
      ...current.state.pickupContacts,
      ...(point ? { collectionPoint: { ...point, mobilePhone: formatPhone(point.mobilePhone, country) ?? point.mobilePhone } } : {}),
      ...(given.storePickup ? { storePickup: given.storePickup } : {}),
    }),
  };
}

/** An athlete's allowance paying first (ATHLETES_PAYMENT), or not: only for an athlete with some left this year. */
export async function setAthletePayment(c: Context<AppEnv>, basketId: string, on: boolean): Promise<BasketChange> {
  if (on) {
    const allowance = await athleteAllowance(c.env.DB, c.get('session')?.claims);
    if (allowance === null) throw new HttpError('API403', 'The athlete allowance is for athletes signed in to their account.');
    if (allowance === 0)
      throw new HttpError('API409', 'Your athlete allowance for this year is used up.', [{ field: 'payment_method_id', message: 'Used up.' }]);
  }
  return { result: await cartStub(c.env, basketId).setAthletePayment(callerOf(c), on) };
}

export async function clearAddress(c: Context<AppEnv>, basketId: string, kind: 'shippingAddress' | 'billingAddress'): Promise<BasketChange> {
  return { result: await cartStub(c.env, basketId).setAddress(callerOf(c), kind, null) };
}
