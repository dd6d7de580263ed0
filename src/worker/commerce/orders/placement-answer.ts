// What a placement answers: the order with its access token, a shopper joining an order already being placed,
// and the refusal a declined payment is (its DECLINE_MESSAGES).

import type { Bindings as Env } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CookieChange, ServiceDeps, Shopper } from '../call.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import type { DeclineReason, PaymentOutcome } from '../payments/provider.ts';
import { orderAccessToken } from './access.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';

/** A joiner waits this long for the order it joined to leave "placing" before answering what it sees. */
const JOIN_WAIT_MS = 10_000;

/** One placement as it runs: its dependencies, for whom, and the cookies its answer sets, gathered on the way. */
export interface OrderCall {
  deps: ServiceDeps;
  shopper: Shopper;
  cookies: CookieChange[];
  /** The placement got as far as holding its flash sale units: a refusal from there on gives them back. */
  flashPinned?: boolean;
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
  live_mode_test_card: 'Your card was declined: it is a test card, and this store takes real payments. Please use a real card.',
};

export function paymentRefusal(outcome: Exclude<PaymentOutcome, { status: 'authorized' | 'requires_action' }>): HttpError {
  if (outcome.status === 'blocked') return new HttpError('PYT402');
  const reason = outcome.status === 'declined' ? outcome.reason : 'processing_error';
  if (reason === 'amount_changed') return new HttpError('PAY409', DECLINE_MESSAGES[reason]);
  if (reason === 'session_mismatch') return new HttpError('PAY403', DECLINE_MESSAGES[reason]);
  const field = reason === 'incorrect_cvc' ? 'cvc' : reason === 'expired_card' ? 'expiry' : undefined;
  return new HttpError(reason === 'expired_card' ? 'FE309' : 'PAY400', DECLINE_MESSAGES[reason], [{ ...(field ? { field } : {}), message: reason }]);
}

export async function joinOrder(env: Env, orderNumber: string): Promise<PlacedOrder> {
  const started = Date.now();
  for (;;) {
    const order = await readOrder(env.DB, orderNumber);
    if (!order) throw new HttpError('ORD409', 'The order was not found.');
    if (order.status !== 'placing' || Date.now() - started > JOIN_WAIT_MS) return answerFor(env, order);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export async function answerFor(env: Env, order: OrderEntity): Promise<PlacedOrder> {
  if (order.status === 'failed') {
    const failure = await env.DB.prepare('SELECT payment_failure FROM orders WHERE order_number = ?1')
      .bind(order.orderNumber)
      .first<{ payment_failure: string | null }>();
    const reason = (failure?.payment_failure ?? 'processing_error') as DeclineReason | 'fraud' | 'stock';
    if (reason === 'fraud') throw new HttpError('PYT402');
    if (reason === 'stock') throw new HttpError('INV700', 'Some items are no longer available in the quantity you chose.');
    throw paymentRefusal({ status: 'declined', authorizationId: '', reason: reason in DECLINE_MESSAGES ? (reason as DeclineReason) : 'processing_error' });
  }
  if (order.status === 'awaiting_authentication') {
    const payment = await env.DB.prepare("SELECT authorization_id FROM order_payments WHERE order_number = ?1 AND status = 'pending'")
      .bind(order.orderNumber)
      .first<{ authorization_id: string }>();
    const outcome = payment ? await paymentProviderFor(env).authorization(payment.authorization_id) : null;
    if (outcome?.status === 'requires_action') order.flash.push(challengeFlash(outcome.challengeUrl));
  }
  return { orderNumber: order.orderNumber, st: await orderAccessToken(env.SESSION_SECRET, order.orderNumber), status: order.status, order };
}

export const challengeFlash = (url: string) => ({
  type: 'PaymentNotAuthorized',
  message: 'Your bank asks you to confirm this payment.',
  action: { type: 'threeDSChallenge', url },
});
