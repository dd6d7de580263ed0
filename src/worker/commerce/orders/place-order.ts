// Placing an order (commerce-core §4 Place order; the checkout issue §3): re-price the basket, check the
// bot check, reserve stock and spend gift cards and points in one D1 batch, authorize the rest with the
// processor, then either confirm (paid, basket emptied, email sent) or give everything back. One order
// per basket at a time (the Cart object's lock) and per Idempotency-Key: a double submit, a second tab or
// a retry after a timeout joins the same order and the processor sees one payment.

import type { Context } from 'hono';
import type { Locale } from '../../../shared/sites.ts';
import { requireHuman } from '../../bot/bot-verifier.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { digestOf } from '../../lib/secret-tokens.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { callerOf, pricedCart, setBillingAddress, setCartCount } from '../cart/basket.ts';
import type { BasketPayment, CartState } from '../cart/cart-object.ts';
import { refuseUnbuyableLines } from '../cart/on-sale.ts';
import { checkCoupon, customerKeys, forgetPromotions } from '../cart/promotions.ts';
import { type CartEntity, cartStub, throwRefusal } from '../cart/service.ts';
import { issueGiftCards } from '../gift-cards/bought.ts';
import { isConnected } from '../identity/associates.ts';
import { earnStatements } from '../loyalty/points.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { assertSessionPays } from '../payments/payment-sessions.ts';
import type { CardSummary, DeclineReason, PaymentOutcome, PaymentProvider } from '../payments/provider.ts';
import { orderAccessToken } from './access.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';
import { type NewOrder, newOrderNumber, type OrderLineInput, releaseOrder, reserveOrder } from './order-rows.ts';
import { quoteOf, quoteRefusal, tendersOf } from './quote.ts';
import { moveOrder } from './status.ts';

/** A joiner waits this long for the order it joined to leave "placing" before answering what it sees. */
const JOIN_WAIT_MS = 10_000;
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
}

export interface PlacedOrder {
  orderNumber: string;
  /** The order access token: with the number, it opens the order without an account. */
  st: string;
  status: OrderEntity['status'];
  order: OrderEntity;
}

const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  card_declined: 'Your card was declined. Please use another card or payment method.',
  insufficient_funds: 'Your card was declined: insufficient funds. Please use another card or payment method.',
  expired_card: 'Your card has expired. Please use another card.',
  incorrect_cvc: "Your card's security code is not correct.",
  lost_card: 'Your card was declined. Please use another card or payment method.',
  authentication_failed: 'We could not authenticate your payment with your bank. Please try again or use another payment method.',
  processing_error: 'Your payment could not be processed. Please try again or use another payment method.',
  amount_changed: 'The amount to pay changed after you approved the payment. Please approve the new amount.',
  session_mismatch: 'This payment approval is not for this order. Please choose how to pay again.',
};

export function paymentRefusal(outcome: Exclude<PaymentOutcome, { status: 'authorized' | 'requires_action' }>): HttpError {
  if (outcome.status === 'blocked') return new HttpError('PYT402');
  const reason = outcome.status === 'declined' ? outcome.reason : 'processing_error';
  if (reason === 'amount_changed') return new HttpError('PAY409', DECLINE_MESSAGES[reason]);
  if (reason === 'session_mismatch') return new HttpError('PAY403', DECLINE_MESSAGES[reason]);
  const field = reason === 'incorrect_cvc' ? 'cvc' : reason === 'expired_card' ? 'expiry' : undefined;
  return new HttpError(reason === 'expired_card' ? 'FE309' : 'PAY400', DECLINE_MESSAGES[reason], [{ ...(field ? { field } : {}), message: reason }]);
}

function stockSource(item: CartEntity['items'][number], cart: CartEntity): Pick<OrderLineInput, 'shipmentId' | 'storeId' | 'stockSource'> {
  if (item.isDigitalProduct) return { shipmentId: 'digital', storeId: null, stockSource: 'digital' };
  // A free gift travels with the home delivery, or, when everything is picked up, to the first pickup's store.
  if (item.bonus) {
    const carriers = cart.items.filter((other) => !other.bonus && !other.isDigitalProduct).map((other) => stockSource(other, cart));
    const pickup = carriers.every((c) => c.shipmentId !== 'me') ? carriers[0] : undefined;
    return pickup ? { ...pickup, stockSource: 'warehouse' } : { shipmentId: 'me', storeId: null, stockSource: 'warehouse' };
  }
  const delivery = item.shippingOptions;
  if (delivery?.selected === 'BOPIS_SD' && delivery.storeInfo)
    return { shipmentId: `pickup-${delivery.storeInfo.id}`, storeId: delivery.storeInfo.id, stockSource: 'store' };
  // Shipped to a store: it leaves the warehouse like a parcel, bound for the store.
  if (delivery?.selected === 'BOPIS_STS' && delivery.storeInfo)
    return { shipmentId: `pickup-${delivery.storeInfo.id}`, storeId: delivery.storeInfo.id, stockSource: 'warehouse' };
  return { shipmentId: 'me', storeId: null, stockSource: 'warehouse' };
}

function shipmentsOf(cart: CartEntity): NewOrder['shipments'] {
  const home = cart.shippingMethods[0];
  const shipments: {
    shipmentId: string;
    method: string;
    storeId?: string;
    pointId?: string;
    address?: unknown;
    contact?: { contactName?: string; mobilePhone?: string; email: string };
    lines: number;
  }[] = [];
  const byId = new Map<string, number>();
  for (const item of cart.items) {
    const source = stockSource(item, cart);
    const existing = byId.get(source.shipmentId);
    if (existing !== undefined) {
      const shipment = shipments[existing];
      if (shipment) shipment.lines += 1;
      continue;
    }
    byId.set(source.shipmentId, shipments.length);
    if (source.shipmentId === 'me') {
      const collector = cart.pickupContactsRequired.collectionPoint ? cart.pickupContacts?.collectionPoint : undefined;
      shipments.push({
        shipmentId: 'me',
        method: home?.code ?? 'standard',
        ...(home?.pointId ? { pointId: home.pointId } : {}),
        ...(collector ? { contact: collector } : {}),
        address: cart.shippingAddress,
        lines: 1,
      });
    } else if (source.shipmentId === 'digital') {
      shipments.push({ shipmentId: 'digital', method: 'digital', lines: 1 });
    } else {
      const notice = cart.pickupContactsRequired.storePickup ? cart.pickupContacts?.storePickup : undefined;
      shipments.push({
        shipmentId: source.shipmentId,
        method: item.shippingOptions?.selected === 'BOPIS_SD' ? 'pickup' : 'ship-to-store',
        storeId: source.storeId ?? '',
        ...(notice ? { contact: notice } : {}),
        lines: 1,
      });
    }
  }
  return shipments;
}

interface Shopper {
  usid: string;
  consumerNo: string | null;
  email: string | null;
}

async function shopperOf(c: Context<AppEnv>, state: CartState, billingEmail: string | undefined): Promise<Shopper> {
  const claims = c.get('session')?.claims;
  if (claims?.type === 'registered' && claims.consumerNo) {
    const row = await c.env.DB.prepare('SELECT email FROM consumers WHERE consumer_no = ?1').bind(claims.consumerNo).first<{ email: string }>();
    return { usid: claims.usid, consumerNo: claims.consumerNo, email: row?.email ?? null };
  }
  return { usid: claims?.usid ?? '', consumerNo: null, email: state.email ?? billingEmail ?? null };
}

/** What a basket must have before an order can be placed from it, each refusal with its code. */
function checkReady(cart: CartEntity, state: CartState, shopper: Shopper, billing: Record<string, unknown> | null): void {
  if (cart.items.length === 0) throw new HttpError('ORD430', 'Your cart is empty.');
  refuseUnbuyableLines(cart);
  const short = cart.flash.filter((f) =>
    ['ProductLineItemInventoryMissing', 'ProductLineItemFullInventoryMissing', 'ProductItemNotAvailable', 'NO_PRICE'].includes(f.type),
  );
  if (short.length > 0) {
    throw new HttpError(
      'INV700',
      'Some items are no longer available in the quantity you chose.',
      short.map((f) => ({ field: f.itemId ?? 'items', message: f.type })),
    );
  }
  if (!shopper.email)
    throw new HttpError('ORD400', 'Enter an email address for your order confirmation.', [{ field: 'email', message: 'This field is required' }]);
  const shipsHome = cart.items.some((item) => stockSource(item, cart).shipmentId === 'me');
  if (shipsHome && !state.shippingAddress && cart.shippingMethods[0]?.code !== 'pudo') {
    throw new HttpError('CHK320', 'Enter a delivery address.', [{ field: 'shippingAddress', message: 'InvalidShippingAddress' }]);
  }
  // Where the locale's carriers tell the person collecting a parcel themselves, they must be named.
  if (cart.pickupContactsRequired.collectionPoint && !cart.pickupContacts?.collectionPoint) {
    throw new HttpError('SHP410', 'Tell us who collects the parcel at the pickup point: a name, a mobile phone and an email.', [
      { field: 'collectionPoint.contactName', message: 'This field is required' },
      { field: 'collectionPoint.mobilePhone', message: 'This field is required' },
      { field: 'collectionPoint.email', message: 'This field is required' },
    ]);
  }
  if (cart.pickupContactsRequired.storePickup && !cart.pickupContacts?.storePickup) {
    throw new HttpError('ORD400', 'Enter the email the store tells when your order is ready.', [
      { field: 'storePickup.email', message: 'This field is required' },
    ]);
  }
  if (!billing) throw new HttpError('BIL400');
  if (!billing.phone) throw new HttpError('BILL410', undefined, [{ field: 'phone', message: 'The billing phone number is missing.' }]);
}

interface ChargeSource {
  code: string;
  source: { token: string; cvcToken?: string } | { walletSession: string };
  card: CardSummary | null;
  /** The wallet or Apple Pay session paying, bound to the order in its batch. */
  sessionId: string | null;
}

/**
 * The card or wallet that pays what gift cards and points leave, from the request or the basket. A wallet's
 * or Apple Pay's session must be this basket's, unused, approved, and for exactly the amount now to pay.
 */
async function chargeSource(
  c: Context<AppEnv>,
  provider: PaymentProvider,
  state: CartState,
  method: PlaceOrderInput['paymentMethod'],
  /** What is owed; `resuming` names the stalled order being finished, which its session already pays. */
  owed: { basketId: string; amount: number; currency: string; resuming?: string },
): Promise<ChargeSource> {
  const payment = state.payment;
  const code = method?.code ?? payment?.method;
  const data = method?.additionalData ?? {};
  if (code === 'DW_APPLE_PAY') {
    // Only the store's own Apple Pay call puts the device's payment on the basket; a request cannot name one.
    if (payment?.method === 'DW_APPLE_PAY' && payment.token && payment.card && payment.session) {
      await assertSessionPays(c.env.DB, payment.session, owed);
      return { code, source: { token: payment.token }, card: payment.card, sessionId: payment.session };
    }
    throw new HttpError('PAY400', 'Authorize the payment with Apple Pay on your device first.');
  }
  if (code === 'PAYPAL' || code === 'KLARNA') {
    const walletSession =
      typeof data.walletSession === 'string' ? data.walletSession : payment && 'walletSession' in payment ? payment.walletSession : undefined;
    if (!walletSession) throw new HttpError('PAY400', 'Approve the payment with your wallet first.');
    await assertSessionPays(c.env.DB, walletSession, owed);
    if (!owed.resuming) {
      // Asked before anything is written: a return opened before approval leaves the session as it was.
      const session = await provider.walletSession(walletSession);
      if (session?.status === 'used') throw new HttpError('PAY403');
      if (session?.status !== 'approved') throw new HttpError('PAY400', 'Approve the payment with your wallet first.');
    }
    return { code, source: { walletSession }, card: null, sessionId: walletSession };
  }
  if (code === 'CREDIT_CARD') {
    const savedId =
      typeof data.paymentInstrumentId === 'string' ? data.paymentInstrumentId : payment?.method === 'CREDIT_CARD' ? payment.savedCardId : undefined;
    if (savedId && (payment?.method !== 'CREDIT_CARD' || payment.savedCardId !== savedId)) {
      const consumerNo = c.get('session')?.claims.consumerNo;
      const saved = consumerNo
        ? await c.env.DB.prepare(
            'SELECT token, brand, last4, bin, exp_month, exp_year FROM payment_cards WHERE payment_instrument_id = ?1 AND consumer_no = ?2 AND provider = ?3',
          )
            .bind(savedId, consumerNo, provider.name)
            .first<{ token: string; brand: string; last4: string; bin: string; exp_month: number; exp_year: number }>()
        : null;
      if (!saved) throw new HttpError('PYT404', 'This card is not on your account.');
      const cvcToken = typeof data.cvcToken === 'string' ? data.cvcToken : undefined;
      if (!cvcToken) throw new HttpError('PAY400', "Enter your card's security code.", [{ field: 'cvc', message: 'This field is required' }]);
      return {
        code,
        source: { token: saved.token, cvcToken },
        card: { brand: saved.brand, last4: saved.last4, bin: saved.bin, expMonth: saved.exp_month, expYear: saved.exp_year },
        sessionId: null,
      };
    }
    if (payment?.method === 'CREDIT_CARD') {
      if (payment.savedCardId && !payment.cvcToken && typeof data.cvcToken !== 'string') {
        throw new HttpError('PAY400', "Enter your card's security code.", [{ field: 'cvc', message: 'This field is required' }]);
      }
      const cvcToken = typeof data.cvcToken === 'string' ? data.cvcToken : payment.cvcToken;
      return { code, source: { token: payment.token, ...(cvcToken ? { cvcToken } : {}) }, card: payment.card, sessionId: null };
    }
  }
  throw new HttpError('PYT400', 'Choose how to pay the rest of your order.', [{ field: 'paymentMethod', message: 'PYT400' }]);
}

/**
 * A code the review counted no longer takes anything off: when it is used up, over or not yet on (another
 * order took its last redemption), it comes off the basket and the order is refused with the code's reason.
 */
async function refuseLostCoupons(c: Context<AppEnv>, basketId: string, siteId: string, codes: readonly string[]): Promise<void> {
  for (const code of codes) {
    const reason = await checkCoupon(c.env.DB, siteId, code, []).then(
      () => null,
      (error: unknown) => (error instanceof HttpError ? error : Promise.reject(error)),
    );
    if (!reason) continue;
    forgetPromotions(siteId);
    await cartStub(c.env, basketId).removeCoupon(callerOf(c), code);
    throw new HttpError(reason.code);
  }
}

async function joinOrder(c: Context<AppEnv>, orderNumber: string): Promise<PlacedOrder> {
  const started = Date.now();
  for (;;) {
    const order = await readOrder(c.env.DB, orderNumber);
    if (!order) throw new HttpError('ORD409', 'The order was not found.');
    if (order.status !== 'placing' || Date.now() - started > JOIN_WAIT_MS) return answerFor(c, order);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function answerFor(c: Context<AppEnv>, order: OrderEntity): Promise<PlacedOrder> {
  if (order.status === 'failed') {
    const failure = await c.env.DB.prepare('SELECT payment_failure FROM orders WHERE order_number = ?1')
      .bind(order.orderNumber)
      .first<{ payment_failure: string | null }>();
    const reason = (failure?.payment_failure ?? 'processing_error') as DeclineReason | 'fraud' | 'stock';
    if (reason === 'fraud') throw new HttpError('PYT402');
    if (reason === 'stock') throw new HttpError('INV700', 'Some items are no longer available in the quantity you chose.');
    throw paymentRefusal({ status: 'declined', authorizationId: '', reason: reason in DECLINE_MESSAGES ? (reason as DeclineReason) : 'processing_error' });
  }
  if (order.status === 'awaiting_authentication') {
    const payment = await c.env.DB.prepare("SELECT authorization_id FROM order_payments WHERE order_number = ?1 AND status = 'pending'")
      .bind(order.orderNumber)
      .first<{ authorization_id: string }>();
    const outcome = payment ? await paymentProviderFor(c.env).authorization(payment.authorization_id) : null;
    if (outcome?.status === 'requires_action') order.flash.push(challengeFlash(outcome.challengeUrl));
  }
  return { orderNumber: order.orderNumber, st: await orderAccessToken(c.env.SESSION_SECRET, order.orderNumber), status: order.status, order };
}

const challengeFlash = (url: string) => ({
  type: 'PaymentNotAuthorized',
  message: 'Your bank asks you to confirm this payment.',
  action: { type: 'threeDSChallenge', url },
});

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

export async function placeOrder(c: Context<AppEnv>, locale: Locale, input: PlaceOrderInput, attempt = 1): Promise<PlacedOrder> {
  // Every way back in here (a number taken meanwhile, a stalled order taken over) is counted: placing gives up rather than loop.
  if (attempt > MAX_ATTEMPTS) throw new HttpError('API409', 'Your order could not be started. Please try again in a moment.');
  if (!input.walletApproved && attempt === 1) await requireHuman(c.env, input.recaptchaResponse, 'placeOrder', c.req.header('cf-connecting-ip'));
  const caller = callerOf(c);
  if (input.idempotencyKey) {
    const known = await orderOfKey(c.env.DB, input.idempotencyKey, caller.usid);
    if (known) return joinOrder(c, known);
  }
  const stub = cartStub(c.env, input.basketId);
  const begun = await stub.beginOrder(caller, newOrderNumber());
  if (!begun.ok) throwRefusal(begun);
  const { state, placing } = begun;
  if (!begun.fresh) {
    const existing = await readOrder(c.env.DB, placing.orderNumber);
    const stalled = Date.now() - Date.parse(placing.startedAt) > STALLED_AFTER_MS;
    if (existing && !(stalled && existing.status === 'placing')) return joinOrder(c, placing.orderNumber);
    if (existing) {
      // Its worker is gone: ask the processor what became of the payment (same key, same answer) and finish it.
      return resumeStalled(c, locale, input, state, placing.orderNumber, attempt);
    }
    // Never written (the worker stopped before its batch): start again under this number.
  }
  try {
    return await place(c, locale, input, state, placing.orderNumber, attempt);
  } catch (error) {
    // Nothing was reserved or it has been given back: the basket may be used again.
    const order = await c.env.DB.prepare('SELECT status FROM orders WHERE order_number = ?1').bind(placing.orderNumber).first<{ status: string }>();
    if (!order || order.status === 'failed') await stub.finishOrder(caller, placing.orderNumber, 'failed');
    throw error;
  }
}

async function place(c: Context<AppEnv>, locale: Locale, input: PlaceOrderInput, state: CartState, orderNumber: string, attempt: number): Promise<PlacedOrder> {
  const caller = callerOf(c);
  const stub = cartStub(c.env, input.basketId);
  let current = state;
  if (input.billingAddress) {
    const { result } = await setBillingAddress(c, input.basketId, input.billingAddress);
    if (!result.ok) throwRefusal(result);
    current = { ...result.state, placing: current.placing };
  }
  const cart = await pricedCart(c, locale, { result: { ok: true, state: current } });
  const billing = current.billingAddress;
  const shopper = await shopperOf(c, current, typeof billing?.email === 'string' ? billing.email : undefined);
  checkReady(cart, current, shopper, billing);
  const provider = paymentProviderFor(c.env);
  const toCharge = cart.totals.remainingToPay;
  const charge =
    toCharge > 0
      ? await chargeSource(c, provider, current, input.paymentMethod, { basketId: input.basketId, amount: toCharge, currency: cart.currency })
      : null;
  // What the review step showed is what the order pays: anything that moved since is refused, the basket re-priced.
  const tenders = tendersOf(cart, current);
  const pays = quoteOf(cart, tenders);
  const lost = (current.quote?.coupons ?? []).filter((code) => !pays.coupons.includes(code));
  if (lost.length > 0) await refuseLostCoupons(c, input.basketId, current.owner.siteId, lost);
  const moved = quoteRefusal(current.quote, pays);
  if (moved) throw new HttpError(moved);
  const associate = c.get('session')?.claims.buyInStore;
  if (
    input.inStoreSalesInfo &&
    (!isConnected(associate) || associate.storeId !== input.inStoreSalesInfo.storeId || associate.storeEmployeeId !== input.inStoreSalesInfo.storeEmployeeId)
  ) {
    throw new HttpError('API403', 'Only the store associate connected on this device can sell in store.');
  }
  const inStoreSalesInfo = isConnected(associate) ? { storeId: associate.storeId, storeEmployeeId: associate.storeEmployeeId } : null;
  const st = await orderAccessToken(c.env.SESSION_SECRET, orderNumber);
  const couponCodes = cart.couponItems.filter((coupon) => coupon.applied).map((coupon) => coupon.code);
  const order: NewOrder = {
    orderNumber,
    siteId: current.owner.siteId,
    locale: locale.code,
    currency: cart.currency,
    basketId: input.basketId,
    usid: caller.usid,
    consumerNo: shopper.consumerNo,
    email: shopper.email as string,
    stHash: await digestOf(st),
    checkoutStatus: input.checkoutStatus ?? null,
    storeContext: input.storeContext ?? null,
    totals: cart.totals,
    promoSummary: cart.promoSummary,
    shippingAddress: current.shippingAddress,
    billingAddress: billing,
    shipments: shipmentsOf(cart),
    inStoreSalesInfo,
    lines: cart.items.map((item) => ({
      itemId: item.id,
      variantId: item.productId,
      productId: item.masterId,
      name: item.name,
      colour: item.variants.color,
      size: item.variants.size,
      qty: item.qty,
      unitPrice: item.price.current ?? 0,
      rowTotal: item.price.priceAfterOrderDiscount,
      price: item.price,
      gift: item.giftOption,
      ...stockSource(item, cart),
    })),
    tenders,
    couponCodes,
    customerKeys: couponCodes.length > 0 ? await customerKeys(c.env.DB, { consumerNo: shopper.consumerNo, email: shopper.email }) : [],
    paymentSessionId: charge?.sessionId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
  };
  const reserved = await reserveOrder(c.env.DB, order);
  if (!reserved.ok) {
    await stub.finishOrder(caller, orderNumber, 'failed');
    // The key was taken meanwhile (answered as its order) or, rarely, the number: start again, a bounded number of times.
    if (reserved.refusal === 'duplicate') return placeOrder(c, locale, input, attempt + 1);
    if (reserved.refusal === 'coupon-limit' || reserved.refusal === 'coupon-redeemed') {
      // The code is off the basket, so its next review shows the price without it.
      forgetPromotions(order.siteId);
      for (const code of couponCodes) await stub.removeCoupon(caller, code);
      throw new HttpError(reserved.refusal === 'coupon-limit' ? 'PRM140' : 'PRM150');
    }
    if (reserved.refusal === 'payment-session') throw new HttpError('PAY403');
    if (reserved.refusal === 'gift-card')
      throw new HttpError('GFC740', 'A gift card on this order no longer has the balance it had. Please check your gift cards.');
    if (reserved.refusal === 'points') throw new HttpError('REW140');
    throw new HttpError('INV700', 'Some items are no longer available in the quantity you chose.', [
      { field: 'items', message: 'ProductLineItemInventoryMissing' },
    ]);
  }
  if (!charge) return confirm(c, orderNumber, null);
  await c.env.DB.prepare("INSERT INTO order_payments (order_number, payment_no, method, amount, status, card) VALUES (?1, 100, ?2, ?3, 'pending', ?4)")
    .bind(orderNumber, charge.code, toCharge, charge.card ? JSON.stringify(charge.card) : null)
    .run();
  return authorizeAndFinish(c, provider, {
    orderNumber,
    basketId: input.basketId,
    source: charge.source,
    amount: toCharge,
    currency: cart.currency,
    deviceId: input.deviceId,
    // Stripe comes back from its 3-D Secure page here; the review step finishes the order.
    returnUrl: new URL(`/${locale.code}/checkout?step=summary`, c.req.url).toString(),
  });
}

interface Authorization {
  orderNumber: string;
  basketId: string;
  source: { token: string; cvcToken?: string } | { walletSession: string };
  amount: number;
  currency: string;
  deviceId?: string | undefined;
  returnUrl: string;
}

async function authorizeAndFinish(c: Context<AppEnv>, provider: PaymentProvider, request: Authorization): Promise<PlacedOrder> {
  const outcome = await provider.authorize({
    idempotencyKey: `order-${request.orderNumber}`,
    basketId: request.basketId,
    source: request.source,
    amount: request.amount,
    currency: request.currency,
    reference: request.orderNumber,
    deviceId: request.deviceId,
    returnUrl: request.returnUrl,
  });
  return settle(c, provider, request.orderNumber, request.basketId, outcome);
}

/** What the processor answered becomes the order's fate. */
async function settle(c: Context<AppEnv>, provider: PaymentProvider, orderNumber: string, basketId: string, outcome: PaymentOutcome): Promise<PlacedOrder> {
  const db = c.env.DB;
  const caller = callerOf(c);
  if (outcome.authorizationId) {
    await db
      .prepare('UPDATE order_payments SET authorization_id = ?2 WHERE order_number = ?1 AND payment_no = 100')
      .bind(orderNumber, outcome.authorizationId)
      .run();
  }
  if (outcome.status === 'authorized') {
    await db.prepare("UPDATE order_payments SET status = 'authorized' WHERE order_number = ?1 AND payment_no = 100").bind(orderNumber).run();
    return confirm(c, orderNumber, provider, outcome.authorizationId);
  }
  if (outcome.status === 'requires_action') {
    await moveOrder(db, orderNumber, ['placing'], 'awaiting_authentication', { note: '3-D Secure challenge' });
    const order = (await readOrder(db, orderNumber)) as OrderEntity;
    order.flash.push(challengeFlash(outcome.challengeUrl));
    return { orderNumber, st: await orderAccessToken(c.env.SESSION_SECRET, orderNumber), status: order.status, order };
  }
  const reason = outcome.status === 'blocked' ? 'fraud' : outcome.status === 'declined' ? outcome.reason : 'processing_error';
  await db
    .prepare("UPDATE order_payments SET status = 'declined', decline_reason = ?2 WHERE order_number = ?1 AND payment_no = 100")
    .bind(orderNumber, reason)
    .run();
  await releaseOrder(db, orderNumber, reason);
  await cartStub(c.env, basketId).finishOrder(caller, orderNumber, 'declined');
  throw paymentRefusal(outcome);
}

/** Paid: the order is created and paid, the basket emptied, the card saved if asked, the email sent. */
async function confirm(c: Context<AppEnv>, orderNumber: string, provider: PaymentProvider | null, authorizationId?: string): Promise<PlacedOrder> {
  const db = c.env.DB;
  const moved = await moveOrder(db, orderNumber, ['placing', 'awaiting_authentication'], 'paid');
  if (!moved) {
    // Released meanwhile (a takeover after a stall): the money must not stay held for an order that is gone.
    if (provider && authorizationId) await provider.void(authorizationId);
    const order = await readOrder(db, orderNumber);
    if (order?.status === 'failed') return answerFor(c, order);
    return answerFor(c, order as OrderEntity);
  }
  const order = (await readOrder(db, orderNumber)) as OrderEntity;
  const caller = callerOf(c);
  const basket = await db.prepare('SELECT basket_id FROM orders WHERE order_number = ?1').bind(orderNumber).first<{ basket_id: string }>();
  const stub = cartStub(c.env, basket?.basket_id ?? '');
  const before = await stub.read(caller);
  await stub.finishOrder(caller, orderNumber, 'placed');
  // The header's count follows the cart the order came from; a product page's wallet basket is not the cart.
  const mainBasket = c.get('session')?.claims.basketId;
  if (!mainBasket || basket?.basket_id === mainBasket) setCartCount(c, 0);
  await afterPaid(c, order, before.ok ? before.state.payment : null, provider);
  return { orderNumber, st: await orderAccessToken(c.env.SESSION_SECRET, orderNumber), status: order.status, order };
}

async function afterPaid(c: Context<AppEnv>, order: OrderEntity, payment: BasketPayment | null, provider: PaymentProvider | null): Promise<void> {
  const db = c.env.DB;
  const total = Number((order.totals as { total?: number }).total ?? 0);
  const statements: D1PreparedStatement[] = [];
  if (order.consumerNo) {
    // Employees buy against a yearly allowance for their discount: the order counts toward it. (An athlete's
    // allowance counts what it paid, with the order's tenders.)
    statements.push(
      db
        .prepare(
          `UPDATE consumers SET employee_current_spend = CASE WHEN employee_current_spend IS NULL THEN NULL ELSE employee_current_spend + ?2 END, updated_at = ?3
           WHERE consumer_no = ?1`,
        )
        .bind(order.consumerNo, total, new Date().toISOString()),
    );
    // A registered shopper's first delivery address becomes their default, for express checkout next time.
    if (order.shippingAddress) {
      statements.push(
        db
          .prepare(
            `INSERT INTO consumer_addresses (address_id, consumer_no, address, is_default, created_at, updated_at)
             SELECT ?1, ?2, ?3, 1, ?4, ?4 WHERE NOT EXISTS (SELECT 1 FROM consumer_addresses WHERE consumer_no = ?2 AND approach_type = 'S')`,
          )
          .bind(crypto.randomUUID(), order.consumerNo, JSON.stringify(order.shippingAddress), new Date().toISOString()),
      );
    }
    if (payment?.method === 'CREDIT_CARD' && payment.save && !payment.savedCardId && provider) {
      statements.push(
        db
          .prepare(
            `INSERT INTO payment_cards (payment_instrument_id, consumer_no, provider, token, brand, last4, bin, exp_month, exp_year, is_main, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NOT EXISTS (SELECT 1 FROM payment_cards WHERE consumer_no = ?2), ?10)
             ON CONFLICT (consumer_no, provider, bin, last4, exp_month, exp_year) DO UPDATE SET token = excluded.token`,
          )
          .bind(
            crypto.randomUUID(),
            order.consumerNo,
            provider.name,
            payment.token,
            payment.card.brand,
            payment.card.last4,
            payment.card.bin,
            payment.card.expMonth,
            payment.card.expYear,
            new Date().toISOString(),
          ),
      );
    }
    statements.push(...earnStatements(db, order.orderNumber, order.consumerNo, new Date().toISOString()));
  }
  if (statements.length > 0) await db.batch(statements);
  await sendConfirmation(c, order);
  try {
    await issueGiftCards(c.env, mailerFor(c.env), c.get('logger'), order);
  } catch (error) {
    // The order stands; the cards can be sent again from the account (resendGiftCardEmail) once issued.
    c.get('logger').error('gift cards not issued', { orderNumber: order.orderNumber, error: String(error) });
  }
}

async function sendConfirmation(c: Context<AppEnv>, order: OrderEntity): Promise<void> {
  const st = await orderAccessToken(c.env.SESSION_SECRET, order.orderNumber);
  const link = new URL(
    `/${order.locale}/order-confirmation?orderNo=${encodeURIComponent(order.orderNumber)}&st=${encodeURIComponent(st)}`,
    publicOrigin(c.env),
  ).toString();
  const tracking = new URL(
    `/${order.locale}/help/track-order?orderNo=${encodeURIComponent(order.orderNumber)}&st=${encodeURIComponent(st)}`,
    publicOrigin(c.env),
  ).toString();
  const { formatMoney } = await import('../../../shared/money.ts');
  const total = formatMoney(Number((order.totals as { total?: number }).total ?? 0), order.currency, order.locale);
  const lines = order.items.map((item) => `- ${item.name}, ${item.variants.color}, ${item.variants.size} × ${item.qty}`).join('\n');
  try {
    await mailerFor(c.env).send({
      kind: 'order-confirmation',
      to: order.email,
      subject: `Your Cairn order ${order.orderNumber}`,
      text: `Thank you for your order ${order.orderNumber}.\n\n${lines}\n\nTotal: ${total}\n\nSee your order: ${link}\n\nTrack its delivery (and return it once it has arrived): ${tracking}\n`,
    });
  } catch (error) {
    // The order stands without its email; the shopper sees it on the confirmation page and in the account.
    c.get('logger').error('order confirmation email failed', { orderNumber: order.orderNumber, error: String(error) });
  }
}

/** A takeover after a stall: the processor is asked again with the same key, so it answers, never charges twice. */
async function resumeStalled(
  c: Context<AppEnv>,
  locale: Locale,
  input: PlaceOrderInput,
  state: CartState,
  orderNumber: string,
  attempt: number,
): Promise<PlacedOrder> {
  const payment = await c.env.DB.prepare('SELECT amount, method FROM order_payments WHERE order_number = ?1 AND payment_no = 100')
    .bind(orderNumber)
    .first<{ amount: number }>();
  if (!payment) {
    // It stopped before asking for money: nothing to ask the processor; give the stock back and start over.
    await releaseOrder(c.env.DB, orderNumber, 'stalled');
    await cartStub(c.env, input.basketId).finishOrder(callerOf(c), orderNumber, 'failed');
    return placeOrder(c, locale, input, attempt + 1);
  }
  const provider = paymentProviderFor(c.env);
  const order = (await readOrder(c.env.DB, orderNumber)) as OrderEntity;
  const charge = await chargeSource(c, provider, state, input.paymentMethod, {
    basketId: input.basketId,
    amount: payment.amount,
    currency: order.currency,
    resuming: orderNumber,
  });
  return authorizeAndFinish(c, provider, {
    orderNumber,
    basketId: input.basketId,
    source: charge.source,
    amount: payment.amount,
    currency: order.currency,
    deviceId: input.deviceId,
    // Stripe comes back from its 3-D Secure page here; the review step finishes the order.
    returnUrl: new URL(`/${locale.code}/checkout?step=summary`, c.req.url).toString(),
  });
}

/**
 * The 3-D Secure result (commerce-core §7, PATCH order): the processor is asked, never the browser.
 * Passed: the order is paid. Failed: everything is given back and the basket, still holding its items,
 * is ready for another payment.
 */
export async function completeAuthentication(c: Context<AppEnv>, orderNumber: string, cancelled = false): Promise<PlacedOrder> {
  const caller = callerOf(c);
  const row = await c.env.DB.prepare('SELECT usid, consumer_no, basket_id, status FROM orders WHERE order_number = ?1')
    .bind(orderNumber)
    .first<{ usid: string; consumer_no: string | null; basket_id: string; status: string }>();
  if (!row || (row.consumer_no ? row.consumer_no !== caller.consumerNo : row.usid !== caller.usid)) throw new HttpError('ORD409', 'The order was not found.');
  if (row.status !== 'awaiting_authentication') return answerFor(c, (await readOrder(c.env.DB, orderNumber)) as OrderEntity);
  const payment = await c.env.DB.prepare('SELECT authorization_id FROM order_payments WHERE order_number = ?1 AND payment_no = 100')
    .bind(orderNumber)
    .first<{ authorization_id: string }>();
  const provider = paymentProviderFor(c.env);
  let outcome = await provider.authorization(payment?.authorization_id ?? '');
  if (outcome.status === 'requires_action' && cancelled) {
    // The shopper closed the bank's window: the hold is released and they may pay another way.
    await provider.void(outcome.authorizationId);
    outcome = { status: 'declined', authorizationId: outcome.authorizationId, reason: 'authentication_failed' };
  }
  if (outcome.status === 'requires_action') throw new HttpError('API409', 'The payment is still waiting for your bank.');
  return settle(
    c,
    provider,
    orderNumber,
    row.basket_id,
    outcome.status === 'voided' ? { status: 'declined', authorizationId: outcome.authorizationId, reason: 'authentication_failed' } : outcome,
  );
}
