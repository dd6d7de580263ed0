// A checkout driven through the commerce services, without HTTP, for tests of the rules decided where the
// order is written: a shopper as a route would pass them (a guest's session, or a member's), a basket filled
// through the cart's services, and the order placed as the checkout places it (the review, then the order).

import type { SessionClaims } from '../../src/shared/api/session.ts';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import type { Shopper } from '../../src/worker/commerce/call.ts';
import { setBillingAddress, setShippingAddress } from '../../src/worker/commerce/cart/addresses.ts';
import { addToBasket, applyCoupon, openBasket, walletBasket } from '../../src/worker/commerce/cart/basket.ts';
import { callerOf } from '../../src/worker/commerce/cart/caller.ts';
import { cartStub } from '../../src/worker/commerce/cart/service.ts';
import { prepareOrder, setCardPayment } from '../../src/worker/commerce/checkout/payment.ts';
import { consumerByEmail, registeredClaims } from '../../src/worker/commerce/identity/consumers.ts';
import { placeOrder } from '../../src/worker/commerce/orders/place-order.ts';
import { runFulfilment } from '../../src/worker/commerce/orders/run-fulfilment.ts';
import { cardToken, US_ADDRESS } from './checkout-helpers.ts';
import { ORIGIN } from './helpers.ts';
import { serviceDeps } from './service-deps.ts';

export const deps = serviceDeps('checkout-services');
const US = DEFAULT_LOCALE;

/** A shopper with a session of their own: a guest, or the member `consumerNo` signed in. */
export function shopper(address: string, consumerNo?: string): Shopper & { claims: SessionClaims } {
  const claims: SessionClaims = consumerNo ? { usid: crypto.randomUUID(), type: 'registered', consumerNo } : { usid: crypto.randomUUID(), type: 'guest' };
  return { claims, address, favStoreId: undefined, device: async () => null };
}

/** Guests each at an address of their own under `prefix` (198.19.5.1, .2, ...), as jar.ts's guestsAt makes jars. */
export function guestsAt(prefix: string): () => Shopper & { claims: SessionClaims } {
  let next = 0;
  return () => shopper(`${prefix}${++next}`);
}

/** A demo member signed in at an address of their own, with the claims a sign-in gives them (their segments). */
export async function member(email: string, address: string): Promise<Shopper & { claims: SessionClaims }> {
  const consumer = await consumerByEmail(deps.env.DB, email);
  if (!consumer) throw new Error(`no consumer ${email}`);
  return { ...shopper(address), claims: registeredClaims(consumer, crypto.randomUUID()) };
}

/**
 * A basket of the variant with a delivery and billing address under `email` and a good card: the shopper's
 * main basket, or (`own`) one of its own as the product page's wallet button makes.
 */
export async function readyBasket(who: Shopper, variantId: string, email: string, own = false, qty = 1): Promise<string> {
  let basketId: string;
  if (own) {
    const made = await walletBasket(deps, who, US, undefined, { productId: variantId, qty });
    basketId = (made.result.ok ? made.result.state.basketId : undefined) as string;
  } else {
    const opened = await openBasket(deps, who, US);
    basketId = (opened.result.ok ? opened.result.state.basketId : undefined) as string;
    await addToBasket(deps, who, US, basketId, { productId: variantId, qty });
  }
  await setShippingAddress(deps, who, US, basketId, { ...US_ADDRESS, email });
  await setBillingAddress(deps, who, basketId, { ...US_ADDRESS, email });
  await setCardPayment(deps, who, basketId, { token: await cardToken('4242424242424242'), save: false });
  return basketId;
}

/** The coupon onto the basket; the code it is refused with, or 'applied'. */
export function couponOutcome(who: Shopper, basketId: string, code: string): Promise<string> {
  return applyCoupon(deps, who, basketId, code).then(
    () => 'applied',
    (error: { code?: string }) => error.code ?? String(error),
  );
}

/** The review step, as the checkout shows it before the order. */
export const review = (who: Shopper, basketId: string) => prepareOrder(deps, who, US, basketId, false);

/** The order placed; its number, or the code it is refused with. */
export function orderOutcome(who: Shopper, basketId: string, idempotencyKey?: string): Promise<{ orderNumber?: string; refused?: string }> {
  return placedOrder(who, basketId, idempotencyKey).then(
    (placed) => ({ orderNumber: placed.orderNumber }),
    (error: { code?: string }) => ({ refused: error.code ?? String(error) }),
  );
}

/** The order placed, as the order service answers it. */
export function placedOrder(who: Shopper, basketId: string, idempotencyKey?: string) {
  return placeOrder(deps, who, US, { basketId, requestUrl: `${ORIGIN}/en-us/checkout`, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

/** The basket's lines as its Cart object keeps them. */
export async function linesOf(who: Shopper, basketId: string) {
  const read = await cartStub(deps.env, basketId).read(callerOf(who));
  return read.ok ? read.state.lines : [];
}

/** A consumer's loyalty points now. */
export async function pointsOf(consumerNo: string): Promise<number> {
  const row = await deps.env.DB.prepare('SELECT loyalty_points FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ loyalty_points: number }>();
  return row?.loyalty_points ?? 0;
}

/** The fulfilment sandbox's run `minutes` from now, for this order alone (it ships at 3 + 14, delivers at 80). */
export function fulfilmentAt(minutes: number, orderNumber: string) {
  return runFulfilment(deps.env, new Date(Date.now() + minutes * 60_000), orderNumber);
}
