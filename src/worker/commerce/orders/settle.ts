// The processor's answer becomes the order's fate: authorized (confirmed, the basket emptied), a 3-D Secure
// challenge (the order waits for it), or declined (everything given back). Also the challenge's result.

import { HttpError } from '../../lib/http-error.ts';
import { recordRefusal, recordStep } from '../../observe/funnel.ts';
import type { CookieChange, ServiceDeps, Shopper } from '../call.ts';
import { renewBasket } from '../cart/basket.ts';
import { callerOf } from '../cart/caller.ts';
import { cartCountCookie } from '../cart/priced-cart.ts';
import { cartStub } from '../cart/service.ts';
import { commitOrderUnits, releaseOrderUnits } from '../flash/order-holds.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import type { PaymentOutcome, PaymentProvider } from '../payments/provider.ts';
import { orderAccessToken } from './access.ts';
import { afterPaid } from './after-paid.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';
import { answerFor, challengeFlash, type OrderCall, type PlacedOrder, paymentRefusal } from './placement-answer.ts';
import { releaseOrder } from './release.ts';
import { moveOrder } from './status.ts';
import { purgeRestockedPages } from './stock-pages.ts';

export interface Authorization {
  orderNumber: string;
  basketId: string;
  source: { token: string; cvcToken?: string } | { walletSession: string };
  amount: number;
  currency: string;
  deviceId?: string | undefined;
  returnUrl: string;
}

export async function authorizeAndFinish(call: OrderCall, provider: PaymentProvider, request: Authorization): Promise<PlacedOrder> {
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
  return settle(call, provider, request.orderNumber, request.basketId, outcome);
}

/** What the processor answered becomes the order's fate. */
async function settle(call: OrderCall, provider: PaymentProvider, orderNumber: string, basketId: string, outcome: PaymentOutcome): Promise<PlacedOrder> {
  const db = call.deps.env.DB;
  const caller = callerOf(call.shopper);
  if (outcome.authorizationId) {
    await db
      .prepare('UPDATE order_payments SET authorization_id = ?2 WHERE order_number = ?1 AND payment_no = 100')
      .bind(orderNumber, outcome.authorizationId)
      .run();
  }
  if (outcome.status === 'authorized') {
    await db.prepare("UPDATE order_payments SET status = 'authorized' WHERE order_number = ?1 AND payment_no = 100").bind(orderNumber).run();
    return confirm(call, orderNumber, provider, outcome.authorizationId);
  }
  if (outcome.status === 'requires_action') {
    await moveOrder(db, orderNumber, ['placing'], 'awaiting_authentication', { note: '3-D Secure challenge' });
    const order = (await readOrder(db, orderNumber)) as OrderEntity;
    order.flash.push(challengeFlash(outcome.challengeUrl));
    return { orderNumber, st: await orderAccessToken(call.deps.env.SESSION_SECRET, orderNumber), status: order.status, order };
  }
  const reason = outcome.status === 'blocked' ? 'fraud' : outcome.status === 'declined' ? outcome.reason : 'processing_error';
  await db
    .prepare("UPDATE order_payments SET status = 'declined', decline_reason = ?2 WHERE order_number = ?1 AND payment_no = 100")
    .bind(orderNumber, reason)
    .run();
  await releaseOrder(db, orderNumber, reason);
  await releaseOrderUnits(call.deps.env, orderNumber, basketId);
  await purgeRestockedPages(call.deps.env, orderNumber, call.deps.logger);
  await cartStub(call.deps.env, basketId).finishOrder(caller, orderNumber, 'declined');
  await refusalCounted(call, orderNumber, reason);
  throw paymentRefusal(outcome);
}

/** A refused payment as a business event: where, why, and how the shopper tried to pay. */
async function refusalCounted(call: OrderCall, orderNumber: string, reason: string): Promise<void> {
  // Counting is not the shopper's business: a database hiccup here must not turn their decline into a 500.
  const row = await call.deps.env.DB.prepare(
    'SELECT o.site_id, o.locale, p.method FROM orders o LEFT JOIN order_payments p ON p.order_number = o.order_number AND p.payment_no = 100 WHERE o.order_number = ?1',
  )
    .bind(orderNumber)
    .first<{ site_id: string; locale: string; method: string | null }>()
    .catch((error: unknown) => {
      call.deps.logger.error('events.write_failed', { event: 'payment_refused', orderNumber, error });
      return null;
    });
  if (row) await recordRefusal(call.deps, { siteId: row.site_id, locale: row.locale }, reason, row.method ?? 'unknown');
}

/** Paid: the order is created and paid, the basket emptied, the card saved if asked, the email sent. */
export async function confirm(call: OrderCall, orderNumber: string, provider: PaymentProvider | null, authorizationId?: string): Promise<PlacedOrder> {
  const { deps, shopper } = call;
  const db = deps.env.DB;
  const moved = await moveOrder(db, orderNumber, ['placing', 'awaiting_authentication'], 'paid');
  if (!moved) {
    const order = (await readOrder(db, orderNumber)) as OrderEntity;
    // Released meanwhile (a takeover after a stall): the money must not stay held for an order that is gone.
    // Confirmed meanwhile by the same result sent twice: that is this payment, and it pays the order.
    const gone = order.status === 'failed' || order.status === 'cancelled';
    if (gone && provider && authorizationId) await provider.void(authorizationId);
    return answerFor(deps.env, order);
  }
  const order = (await readOrder(db, orderNumber)) as OrderEntity;
  const caller = callerOf(shopper);
  const basket = await db.prepare('SELECT basket_id FROM orders WHERE order_number = ?1').bind(orderNumber).first<{ basket_id: string }>();
  // Paid: its flash sale units are sold for good, whatever becomes of the order later. A shard that cannot answer
  // (overloaded in the crowd) must not cost the paid order its basket, email and gift cards: D1's stock, taken by
  // the order itself, is the floor under the sale, and the shortfall is logged for a person.
  try {
    await commitOrderUnits(deps.env, orderNumber, basket?.basket_id ?? '', deps.logger);
  } catch (error) {
    deps.logger.error('flash_sale_commit_failed', { orderNumber, error });
  }
  const stub = cartStub(deps.env, basket?.basket_id ?? '');
  const before = await stub.read(caller);
  await stub.finishOrder(caller, orderNumber, 'placed');
  // The header's count follows the cart the order came from; a product page's wallet basket is not the cart.
  const mainBasket = shopper.claims?.basketId;
  if (!mainBasket || basket?.basket_id === mainBasket) call.cookies.push(cartCountCookie(0));
  await afterPaid(deps, order, before.ok ? before.state.payment : null, provider);
  // Revenue, counted whatever the shopper's consent: the shop's own sales, with no one's identity (README, Business events).
  await recordStep(deps, shopper, { siteId: order.siteId, locale: order.locale }, 'order_placed', {
    value: order.totals.total as number,
    detail: order.currency,
  });
  return { orderNumber, st: await orderAccessToken(deps.env.SESSION_SECRET, orderNumber), status: order.status, order };
}

/** The refusal's detail naming the new cart a failed 3-D Secure check leaves the shopper with. */
export const RENEWED_BASKET_FIELD = 'basketId';

/**
 * The 3-D Secure result (commerce-core §7, PATCH order): the processor is asked, never the browser.
 * Passed: the order is paid. Failed: everything is given back, and the items wait in a new basket, ready
 * for another payment.
 */
export async function completeAuthentication(
  deps: ServiceDeps,
  shopper: Shopper,
  orderNumber: string,
  cancelled = false,
): Promise<PlacedOrder & { cookies: CookieChange[] }> {
  const call: OrderCall = { deps, shopper, cookies: [] };
  const caller = callerOf(shopper);
  const row = await deps.env.DB.prepare('SELECT usid, consumer_no, basket_id, status FROM orders WHERE order_number = ?1')
    .bind(orderNumber)
    .first<{ usid: string; consumer_no: string | null; basket_id: string; status: string }>();
  if (!row || (row.consumer_no ? row.consumer_no !== caller.consumerNo : row.usid !== caller.usid)) throw new HttpError('ORD409', 'The order was not found.');
  if (row.status !== 'awaiting_authentication')
    return { ...(await answerFor(deps.env, (await readOrder(deps.env.DB, orderNumber)) as OrderEntity)), cookies: [] };
  const payment = await deps.env.DB.prepare('SELECT authorization_id FROM order_payments WHERE order_number = ?1 AND payment_no = 100')
    .bind(orderNumber)
    .first<{ authorization_id: string }>();
  const provider = paymentProviderFor(deps.env, deps);
  let outcome = await provider.authorization(payment?.authorization_id ?? '');
  if (outcome.status === 'requires_action' && cancelled) {
    // The shopper closed the bank's window: the hold is released and they may pay another way.
    await provider.void(outcome.authorizationId);
    outcome = { status: 'declined', authorizationId: outcome.authorizationId, reason: 'authentication_failed' };
  }
  if (outcome.status === 'requires_action') throw new HttpError('API409', 'The payment is still waiting for your bank.');
  try {
    const placed = await settle(
      call,
      provider,
      orderNumber,
      row.basket_id,
      outcome.status === 'voided' ? { status: 'declined', authorizationId: outcome.authorizationId, reason: 'authentication_failed' } : outcome,
    );
    return { ...placed, cookies: call.cookies };
  } catch (refusal) {
    if (!(refusal instanceof HttpError) || outcome.status === 'authorized') throw refusal;
    // Failed: back to billing with a new cart (commerce-core §4), named in the refusal for the session to follow.
    const renewed = await renewBasket(deps, shopper, row.basket_id);
    if (!renewed) throw refusal;
    throw new HttpError(refusal.code, refusal.message, [...(refusal.details ?? []), { field: RENEWED_BASKET_FIELD, message: renewed }]);
  }
}
