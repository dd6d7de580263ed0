// The card or wallet that pays what gift cards and points leave on an order, from the request or the basket,
// checked against the payment session it was opened with.

import type { SessionClaims } from '../../../shared/api/session.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CartState } from '../cart/cart-state.ts';
import { assertSessionPays } from '../payments/payment-sessions.ts';
import type { CardSummary, PaymentProvider } from '../payments/provider.ts';
import type { PlaceOrderInput } from './place-order.ts';

export interface ChargeSource {
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
export async function chargeSource(
  db: D1Database,
  claims: SessionClaims | undefined,
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
      await assertSessionPays(db, payment.session, owed);
      return { code, source: { token: payment.token }, card: payment.card, sessionId: payment.session };
    }
    throw new HttpError('PAY400', 'Authorize the payment with Apple Pay on your device first.');
  }
  if (code === 'PAYPAL' || code === 'KLARNA') {
    const walletSession =
      typeof data.walletSession === 'string' ? data.walletSession : payment && 'walletSession' in payment ? payment.walletSession : undefined;
    if (!walletSession) throw new HttpError('PAY400', 'Approve the payment with your wallet first.');
    await assertSessionPays(db, walletSession, owed);
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
      const consumerNo = claims?.consumerNo;
      const saved = consumerNo
        ? await db
            .prepare(
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
