// Placing an order (commerce-core §4 Place order; the checkout issue §3): re-price the basket, check the
// bot check, reserve stock and spend gift cards and points in one D1 batch, authorize the rest with the
// processor, then either confirm (paid, basket emptied, email sent) or give everything back. One order
// per basket at a time (the Cart object's lock) and per Idempotency-Key: a double submit, a second tab or
// a retry after a timeout joins the same order and the processor sees one payment.

import type { Locale } from '../../../shared/locale/sites.ts';
import { requireHuman } from '../../bot/bot-verifier.ts';
import { HttpError } from '../../lib/http-error.ts';
import { digestOf } from '../../lib/secret-tokens.ts';
import { recordStep } from '../../observe/funnel.ts';
import type { CookieChange, ServiceDeps, Shopper } from '../call.ts';
import { setBillingAddress } from '../cart/addresses.ts';
import { callerOf } from '../cart/caller.ts';
import type { CartState } from '../cart/cart-state.ts';
import { pricedCart } from '../cart/priced-cart.ts';
import { checkCoupon, customerKeys, forgetPromotions } from '../cart/promotions.ts';
import { cartStub, throwRefusal } from '../cart/service.ts';
import { pinOrderUnits, releaseBasketUnits } from '../flash/order-holds.ts';
import { isConnected } from '../identity/associates.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { orderAccessToken } from './access.ts';
import { chargeSource } from './charge-source.ts';
import { buyerOf, checkReady, newOrderOf } from './new-order.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';
import { newOrderNumber, type ReservationRefusal, reserveOrder } from './order-rows.ts';
import { joinOrder, type OrderCall, type PlacedOrder } from './placement-answer.ts';
import { quoteOf, quoteRefusal, tendersOf } from './quote.ts';
import { releaseOrder } from './release.ts';
import { authorizeAndFinish, confirm } from './settle.ts';
import { purgeRestockedPages, purgeSoldOutPages } from './stock-pages.ts';
/** An order still "placing" after this long has lost its worker: the next request takes it over. */
export const STALLED_AFTER_MS = 30_000;
/** Placing starts again (a new order number after a collision, a takeover) at most this often, then gives up. */
const MAX_ATTEMPTS = 3;

export interface PlaceOrderInput {
  basketId: string;
  billingAddress?: Record<string, unknown> | undefined;
  paymentMethod?: { code: string; additionalData?: Record<string, unknown> | undefined } | undefined;
  recaptchaResponse?: string | undefined;
  inStoreSalesInfo?: { storeId: string; storeEmployeeId: string } | undefined;
  idempotencyKey?: string | undefined;
  storeContext?: 'applePayPdp' | 'paypalPdp' | undefined;
  checkoutStatus?: 'EXPRESS' | undefined;
  deviceId?: string | undefined;
  /**
   * The wallet itself vouched for a person: the shopper approved the payment at PayPal or Klarna, or
   * authenticated it on their Apple Pay device. A redirect back from a wallet cannot carry a bot check's token.
   */
  walletApproved?: boolean | undefined;
  /** The address the call came to: the processor's 3-D Secure page comes back to this origin. */
  requestUrl: string;
}

/**
 * A code the review counted no longer takes anything off: when it is used up, over or not yet on (another
 * order took its last redemption), it comes off the basket and the order is refused with the code's reason.
 */
async function refuseLostCoupons(deps: ServiceDeps, shopper: Shopper, basketId: string, siteId: string, codes: readonly string[]): Promise<void> {
  for (const code of codes) {
    const reason = await checkCoupon(deps.env.DB, siteId, code, []).then(
      () => null,
      (error: unknown) => (error instanceof HttpError ? error : Promise.reject(error)),
    );
    if (!reason) continue;
    forgetPromotions(siteId);
    await cartStub(deps.env, basketId).removeCoupon(callerOf(shopper), code);
    throw new HttpError(reason.code);
  }
}

/**
 * The order an Idempotency-Key already made for this session, or undefined for a new key. A key another
 * session used is refused at once (IDEM409): it is never that session's order, and never a retry loop.
 */
export async function orderOfKey(db: D1Database, key: string, usid: string): Promise<string | undefined> {
  const known = await db
    .prepare('SELECT order_number, usid FROM order_requests WHERE idempotency_key = ?1')
    .bind(key)
    .first<{ order_number: string; usid: string }>();
  if (known && known.usid !== usid) throw new HttpError('IDEM409');
  return known?.order_number;
}

/** Places the basket's order for the acting shopper; the answer carries the cookies it sets (the header's count). */
export async function placeOrder(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  input: PlaceOrderInput,
): Promise<PlacedOrder & { cookies: CookieChange[] }> {
  const call: OrderCall = { deps, shopper, cookies: [] };
  await recordStep(deps, shopper, { siteId: locale.site.id, locale: locale.code }, 'place');
  const placed = await attemptOrder(call, locale, input, 1);
  if (placed.status !== 'failed') await purgeSoldOutPages(deps.env, placed.orderNumber, deps.logger);
  return { ...placed, cookies: call.cookies };
}

async function attemptOrder(call: OrderCall, locale: Locale, input: PlaceOrderInput, attempt: number): Promise<PlacedOrder> {
  const { deps, shopper } = call;
  // Every way back in here (a number taken meanwhile, a stalled order taken over) is counted: placing gives up rather than loop.
  if (attempt > MAX_ATTEMPTS) throw new HttpError('API409', 'Your order could not be started. Please try again in a moment.');
  if (!input.walletApproved && attempt === 1) await requireHuman(deps.env, input.recaptchaResponse, 'placeOrder', shopper.address);
  const caller = callerOf(shopper);
  if (input.idempotencyKey) {
    const known = await orderOfKey(deps.env.DB, input.idempotencyKey, caller.usid);
    if (known) return joinOrder(deps.env, known);
  }
  const stub = cartStub(deps.env, input.basketId);
  const begun = await stub.beginOrder(caller, newOrderNumber());
  if (!begun.ok) throwRefusal(begun);
  const { state, placing } = begun;
  if (!begun.fresh) {
    const existing = await readOrder(deps.env.DB, placing.orderNumber);
    const stalled = Date.now() - Date.parse(placing.startedAt) > STALLED_AFTER_MS;
    if (existing && !(stalled && existing.status === 'placing')) return joinOrder(deps.env, placing.orderNumber);
    if (existing) {
      // Its worker is gone: ask the processor what became of the payment (same key, same answer) and finish it.
      return resumeStalled(call, locale, input, state, placing.orderNumber, attempt);
    }
    // Never written (the worker stopped before its batch): start again under this number.
  }
  try {
    return await place(call, locale, input, state, placing.orderNumber, attempt);
  } catch (error) {
    // Nothing was reserved or it has been given back: the basket may be used again.
    const order = await deps.env.DB.prepare('SELECT status FROM orders WHERE order_number = ?1').bind(placing.orderNumber).first<{ status: string }>();
    if (!order || order.status === 'failed') {
      await stub.finishOrder(caller, placing.orderNumber, 'failed');
      // Refused once its flash sale units were pinned (no stock in D1, a lost coupon...): they go back to the sale.
      if (call.flashPinned) await releaseBasketUnits(deps.env, input.basketId, state.lines, placing.orderNumber);
    }
    throw error;
  }
}

async function place(call: OrderCall, locale: Locale, input: PlaceOrderInput, state: CartState, orderNumber: string, attempt: number): Promise<PlacedOrder> {
  const { deps } = call;
  const caller = callerOf(call.shopper);
  const stub = cartStub(deps.env, input.basketId);
  let current = state;
  if (input.billingAddress) {
    const { result } = await setBillingAddress(deps, call.shopper, input.basketId, input.billingAddress);
    if (!result.ok) throwRefusal(result);
    current = { ...result.state, placing: current.placing };
  }
  const priced = await pricedCart(deps, call.shopper, locale, { result: { ok: true, state: current } });
  call.cookies.push(...priced.cookies);
  const cart = priced.cart;
  const billing = current.billingAddress;
  const shopper = await buyerOf(deps.env.DB, call.shopper, current, typeof billing?.email === 'string' ? billing.email : undefined);
  checkReady(cart, current, shopper, billing);
  const provider = paymentProviderFor(deps.env, deps);
  const toCharge = cart.totals.remainingToPay;
  const charge =
    toCharge > 0
      ? await chargeSource(deps.env.DB, call.shopper.claims, provider, current, input.paymentMethod, {
          basketId: input.basketId,
          amount: toCharge,
          currency: cart.currency,
        })
      : null;
  // What the review step showed is what the order pays: anything that moved since is refused, the basket re-priced.
  const tenders = tendersOf(cart, current);
  const pays = quoteOf(cart, tenders);
  const lost = (current.quote?.coupons ?? []).filter((code) => !pays.coupons.includes(code));
  if (lost.length > 0) await refuseLostCoupons(deps, call.shopper, input.basketId, current.owner.siteId, lost);
  const moved = quoteRefusal(current.quote, pays);
  if (moved) throw new HttpError(moved);
  const associate = call.shopper.claims?.buyInStore;
  if (
    input.inStoreSalesInfo &&
    (!isConnected(associate) || associate.storeId !== input.inStoreSalesInfo.storeId || associate.storeEmployeeId !== input.inStoreSalesInfo.storeEmployeeId)
  ) {
    throw new HttpError('API403', 'Only the store associate connected on this device can sell in store.');
  }
  const inStoreSalesInfo = isConnected(associate) ? { storeId: associate.storeId, storeEmployeeId: associate.storeEmployeeId } : null;
  const st = await orderAccessToken(deps.env.SESSION_SECRET, orderNumber);
  const couponCodes = cart.couponItems.filter((coupon) => coupon.applied).map((coupon) => coupon.code);
  const order = newOrderOf({
    orderNumber,
    locale,
    input,
    state: current,
    cart,
    usid: caller.usid,
    buyer: shopper,
    stHash: await digestOf(st),
    inStoreSalesInfo,
    tenders,
    couponCodes,
    customerKeys: couponCodes.length > 0 ? await customerKeys(deps.env.DB, { consumerNo: shopper.consumerNo, email: shopper.email }) : [],
    paymentSessionId: charge?.sessionId ?? null,
    employeeDiscount: priced.employeeDiscount,
  });
  // A flash sale's units must still be this basket's (or be free to take again): sold out, D1 is never written.
  await pinOrderUnits(deps.env, input.basketId, orderNumber, order.lines);
  call.flashPinned = true;
  const reserved = await reserveOrder(deps.env.DB, order);
  if (!reserved.ok) {
    await stub.finishOrder(caller, orderNumber, 'failed');
    // The key was taken meanwhile (answered as its order) or, rarely, the number: start again, a bounded number of times.
    if (reserved.refusal === 'duplicate') return attemptOrder(call, locale, input, attempt + 1);
    await refuseReservation(reserved.refusal, () => forgetCoupons(stub, caller, order.siteId, couponCodes));
  }
  if (!charge) return confirm(call, orderNumber, null);
  await deps.env.DB.prepare("INSERT INTO order_payments (order_number, payment_no, method, amount, status, card) VALUES (?1, 100, ?2, ?3, 'pending', ?4)")
    .bind(orderNumber, charge.code, toCharge, charge.card ? JSON.stringify(charge.card) : null)
    .run();
  return authorizeAndFinish(call, provider, {
    orderNumber,
    basketId: input.basketId,
    source: charge.source,
    amount: toCharge,
    currency: cart.currency,
    deviceId: input.deviceId,
    // Stripe comes back from its 3-D Secure page here; the review step finishes the order.
    returnUrl: new URL(`/${locale.code}/checkout?step=summary`, input.requestUrl).toString(),
  });
}

/** The error a refused reservation answers with; the basket loses the coupons a limit refused. */
async function refuseReservation(refusal: Exclude<ReservationRefusal, 'duplicate'>, dropCoupons: () => Promise<void>): Promise<never> {
  if (refusal === 'coupon-limit' || refusal === 'coupon-redeemed') {
    await dropCoupons();
    throw new HttpError(refusal === 'coupon-limit' ? 'PRM140' : 'PRM150');
  }
  if (refusal === 'payment-session') throw new HttpError('PAY403');
  if (refusal === 'gift-card') throw new HttpError('GFC740', 'A gift card on this order no longer has the balance it had. Please check your gift cards.');
  if (refusal === 'points') throw new HttpError('REW140');
  // Another order spent the allowance meanwhile: what the review showed no longer holds, as CHK409 says.
  if (refusal === 'athlete') throw new HttpError('CHK409', 'Your athlete allowance no longer covers what your order showed. Please review your order again.');
  if (refusal === 'employee') throw new HttpError('CHK409', 'Your employee discount allowance for this year is used up. Please review your order again.');
  throw new HttpError('INV700', 'Some items are no longer available in the quantity you chose.', [
    { field: 'items', message: 'ProductLineItemInventoryMissing' },
  ]);
}

/** The code is off the basket, so its next review shows the price without it. */
async function forgetCoupons(stub: ReturnType<typeof cartStub>, caller: ReturnType<typeof callerOf>, siteId: string, codes: readonly string[]): Promise<void> {
  forgetPromotions(siteId);
  for (const code of codes) await stub.removeCoupon(caller, code);
}

/** A takeover after a stall: the processor is asked again with the same key, so it answers, never charges twice. */
async function resumeStalled(
  call: OrderCall,
  locale: Locale,
  input: PlaceOrderInput,
  state: CartState,
  orderNumber: string,
  attempt: number,
): Promise<PlacedOrder> {
  const { deps } = call;
  const payment = await deps.env.DB.prepare('SELECT amount, method FROM order_payments WHERE order_number = ?1 AND payment_no = 100')
    .bind(orderNumber)
    .first<{ amount: number }>();
  if (!payment) {
    // It stopped before asking for money: nothing to ask the processor; give the stock back and start over.
    await releaseOrder(deps.env.DB, orderNumber, 'stalled');
    await purgeRestockedPages(deps.env, orderNumber, deps.logger);
    await cartStub(deps.env, input.basketId).finishOrder(callerOf(call.shopper), orderNumber, 'failed');
    return attemptOrder(call, locale, input, attempt + 1);
  }
  const provider = paymentProviderFor(deps.env, deps);
  const order = (await readOrder(deps.env.DB, orderNumber)) as OrderEntity;
  const charge = await chargeSource(deps.env.DB, call.shopper.claims, provider, state, input.paymentMethod, {
    basketId: input.basketId,
    amount: payment.amount,
    currency: order.currency,
    resuming: orderNumber,
  });
  return authorizeAndFinish(call, provider, {
    orderNumber,
    basketId: input.basketId,
    source: charge.source,
    amount: payment.amount,
    currency: order.currency,
    deviceId: input.deviceId,
    // Stripe comes back from its 3-D Secure page here; the review step finishes the order.
    returnUrl: new URL(`/${locale.code}/checkout?step=summary`, input.requestUrl).toString(),
  });
}
