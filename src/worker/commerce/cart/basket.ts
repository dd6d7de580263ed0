// The shopper's basket as the API and the cart pages both change it: open (or find) the session's basket, a
// wallet basket or a reservation, add to it, and coupons. One set of rules for both doors, so a plain form on
// the cart page and an island's fetch refuse the same things with the same codes. Each call takes the
// dependencies, the acting shopper and its input; the session change opening a basket needs comes back as a
// value for the route to apply. Line changes are in lines.ts, payment instruments in instruments.ts,
// addresses in addresses.ts and the priced answer in priced-cart.ts.

import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordStep } from '../../observe/funnel.ts';
import type { ServiceDeps, SessionChange, Shopper } from '../call.ts';
import { today } from '../catalog/service.ts';
import { checkItemClaims, type ItemClaims } from '../customs/add-checks.ts';
import { flashSaleOf } from '../flash/flash-sales.ts';
import { refuseKnownSoldOut, withUnitsHeld } from '../flash/holds.ts';
import { type BasketChange, callerOf } from './caller.ts';
import type { CartAnswer, CartCaller, GiftOption } from './cart-state.ts';
import { checkPickupStore } from './lines.ts';
import { refuseUnbuyable } from './on-sale.ts';
import { activePromotions, checkCoupon, customerKeys } from './promotions.ts';
import { type CartEntity, cartStub, consumerBasket, setConsumerBasket, throwRefusal } from './service.ts';
import { DEFAULT_MAX_QTY, findVariant, giftVariantIds } from './variant-facts.ts';

const newBasketId = () => crypto.randomUUID().replace(/-/g, '');

/** The basket id this session knows of, or the registered shopper's own from another device. */
async function knownBasketId(deps: ServiceDeps, shopper: Shopper, caller: CartCaller): Promise<string | undefined> {
  return shopper.claims?.basketId ?? (caller.consumerNo ? await consumerBasket(deps.env.DB, caller.consumerNo) : undefined);
}

/**
 * A failed 3-D Secure check goes back to billing with a new cart (commerce-core §4): a new basket with the
 * old one's items, addresses and delivery, the old one (and its payment, bound to the order that failed)
 * gone. Only the shopper's own cart is renewed; answers the new basket's id, or null.
 */
export async function renewBasket(deps: ServiceDeps, shopper: Shopper, basketId: string): Promise<string | null> {
  const caller = callerOf(shopper);
  if ((await knownBasketId(deps, shopper, caller)) !== basketId) return null;
  const old = await cartStub(deps.env, basketId).read(caller);
  if (!old.ok) return null;
  const renewedId = newBasketId();
  const made = await cartStub(deps.env, renewedId).createFrom(renewedId, old.state);
  if (!made.ok) return null;
  await cartStub(deps.env, basketId).discard();
  if (caller.consumerNo) await setConsumerBasket(deps.env.DB, caller.consumerNo, renewedId);
  return renewedId;
}

/** The session's basket as it is, without making one: null when the shopper has none (or it expired). */
export async function currentBasket(deps: ServiceDeps, shopper: Shopper): Promise<CartAnswer | null> {
  if (!shopper.claims) return null;
  const caller = callerOf(shopper);
  const basketId = await knownBasketId(deps, shopper, caller);
  if (!basketId) return null;
  const answer = await cartStub(deps.env, basketId).read(caller);
  return answer.ok ? answer : null;
}

/**
 * The session's basket if it still exists, a new one otherwise; the shopper has a session already (the route
 * mints a guest's). A shopper whose basket expired is told so by the new one. `sessionChange` is the basket
 * the session must now name.
 */
export async function openBasket(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
): Promise<{ result: CartAnswer; created: boolean; notices: CartEntity['flash']; sessionChange?: SessionChange }> {
  const caller = callerOf(shopper);
  const known = await knownBasketId(deps, shopper, caller);
  let expired = false;
  if (known) {
    const existing = await cartStub(deps.env, known).read(caller);
    if (existing.ok) {
      return { result: existing, created: false, notices: [], ...(shopper.claims?.basketId !== known ? { sessionChange: { basketId: known } } : {}) };
    }
    // Gone after 30 days without a change: the new basket says so.
    expired = existing.refusal === 'missing';
  }
  const basketId = newBasketId();
  const result = await cartStub(deps.env, basketId).create(basketId, ownerOf(caller, locale));
  if (caller.consumerNo) await setConsumerBasket(deps.env.DB, caller.consumerNo, basketId);
  return {
    result,
    created: true,
    notices: expired ? [{ type: 'CartExpired', message: 'Your cart expired after 30 days without a visit.' }] : [],
    sessionChange: { basketId },
  };
}

/**
 * A basket of its own for one product (commerce-core §7, cartWithItem): a wallet order from the product
 * page, apart from the shopper's main cart, which it leaves alone. `bid` names an earlier wallet basket
 * of this session's to start again with; otherwise a new one is made.
 */
export async function walletBasket(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  bid: string | undefined,
  add: { productId?: string | undefined; upc?: string | undefined; qty: number; maxQty?: number | undefined },
): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const mainBasket = shopper.claims?.basketId;
  // The main cart is never a wallet basket: naming it makes a new one instead of emptying the cart.
  const reused = bid && bid !== mainBasket ? await cartStub(deps.env, bid).reset(caller) : null;
  const basketId = reused?.ok ? bid : newBasketId();
  if (!reused?.ok) await cartStub(deps.env, basketId as string).create(basketId as string, ownerOf(caller, locale));
  return addToBasket(deps, shopper, locale, basketId as string, add);
}

/**
 * A reservation for a reserve-online product (commerce-core §4, §7 reserveWithItem): a basket of its
 * own holding one unit, collected at a store that has it (INV700 where none is left, ORD516 where the
 * store does not take reservations).
 */
export async function reservationBasket(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  input: { productId: string; storeId: string },
): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const db = deps.env.DB;
  const { variant } = await findVariant(db, locale, { variantId: input.productId });
  if (!variant) throw new HttpError('ORD404');
  refuseUnbuyable(variant, { registered: Boolean(caller.consumerNo) }, today());
  if (!variant.isRobisOnly)
    throw new HttpError('API400', 'Only a reserve-online product is reserved; add this one to the cart.', [
      { field: 'productId', message: 'This product is bought online.' },
    ]);
  const store = await db
    .prepare(
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
  const stub = cartStub(deps.env, basketId);
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
  deps: ServiceDeps,
  shopper: Shopper,
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
  } & ItemClaims,
): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const db = deps.env.DB;
  if (!add.productId && !add.upc)
    throw new HttpError('API400', 'productId or upc names the item.', [{ field: 'productId', message: 'This field is required' }]);
  // A flash sale this isolate just saw sold out is answered here, before any read: the crowd that comes too late.
  const knownSale = add.productId ? await flashSaleOf(db, add.productId) : null;
  if (knownSale) refuseKnownSoldOut(knownSale);
  const promotions = await activePromotions(db, locale.site.id);
  const { variant, read } = await findVariant(db, locale, { variantId: add.productId, upc: add.upc }, giftVariantIds(promotions));
  if (!variant) throw new HttpError('ORD404');
  // Named both ways, the two must be one variant, as on a change to a line (line-claims.ts).
  if (add.productId && add.upc && add.upc !== variant.upc)
    throw new HttpError('API400', 'This UPC is not the size chosen.', [{ field: 'upc', message: 'This UPC is not the size chosen.' }]);
  if (variant.listAmount === null) throw new HttpError('INV702');
  refuseUnbuyable(variant, { registered: Boolean(caller.consumerNo) }, today());
  // A reserve-online product goes into a reservation basket of its own (reserveWithItem), never the cart.
  if (variant.isRobisOnly) throw new HttpError('INV409', undefined, [{ field: 'productId', message: 'This product is reserved at a store.' }]);
  // Only a digital gift card goes to someone else by email; nothing digital is collected in a store.
  if (add.giftOption && !variant.isDigital)
    throw new HttpError('GFO405', 'Only a digital gift card can be sent as a gift.', [
      { field: 'giftOption', message: 'Only a digital gift card can be sent as a gift.' },
    ]);
  if (add.storeId && variant.isDigital) throw new HttpError('ORD516', 'A digital gift card is sent by email, not collected in a store.');
  const recipe = await checkItemClaims(db, locale, variant, add);
  if (add.storeId) await checkPickupStore(db, locale.site.id, add.storeId);
  const stub = cartStub(deps.env, basketId);
  const gift = add.giftOption ?? null;
  // A flash sale's units are held for the basket first: the line is added only with them.
  const sale = knownSale ?? (await flashSaleOf(db, variant.variantId));
  let result = await withUnitsHeld(deps.env, sale, basketId, add.qty, () =>
    stub.addItem(caller, {
      variantId: variant.variantId,
      productId: variant.productId,
      gift,
      recipeId: recipe?.recipeId ?? null,
      qty: add.qty,
      // The product's limit; a caller may ask for a lower one, never a higher.
      maxQty: Math.min(add.maxQty ?? DEFAULT_MAX_QTY, variant.maxQty),
      stock: variant.stock,
    }),
  );
  if (result.ok && add.storeId) {
    const line = result.state.lines.find((l) => l.variantId === variant.variantId && !l.gift && !l.recipeId);
    if (line) result = await stub.setLineStore(caller, line.id, add.storeId);
  }
  if (result.ok) await recordStep(deps, shopper, { siteId: locale.site.id, locale: locale.code }, 'add_to_cart', { value: add.qty, detail: variant.productId });
  return { result, known: read };
}

/** A coupon checked against the site's promotions (PRM130/135/140/155/160/416 at the code field) first. */
export async function applyCoupon(deps: ServiceDeps, shopper: Shopper, basketId: string, code: string): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const email = current.state.email ?? (typeof current.state.billingAddress?.email === 'string' ? current.state.billingAddress.email : null);
  const customer = await customerKeys(deps.env.DB, { consumerNo: caller.consumerNo ?? null, email: caller.consumerNo ? null : email });
  const checked = await checkCoupon(deps.env.DB, current.state.owner.siteId, code, current.state.coupons, customer);
  return { result: await stub.addCoupon(caller, checked) };
}

export async function removeCoupon(deps: ServiceDeps, shopper: Shopper, basketId: string, code: string): Promise<BasketChange> {
  return { result: await cartStub(deps.env, basketId).removeCoupon(callerOf(shopper), code.trim().toUpperCase()) };
}
