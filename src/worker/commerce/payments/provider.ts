// The payment processor as the store sees it (ARCHITECTURE.md, Payments): card fields and tokens live
// on the processor's side; the store authorizes amounts against a token or an approved wallet session,
// voids what it no longer needs, captures on shipment and refunds returns. Two implementations: the
// sandbox processor (its own worker, reached through a service binding) and Stripe.

import type { CardFieldsConfig } from '../../../shared/commerce/checkout.ts';

export interface CardSummary {
  brand: string;
  last4: string;
  /** The first six digits: enough for the brand and the issuing country, never the number. */
  bin: string;
  expMonth: number;
  expYear: number;
}

export type DeclineReason =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'lost_card'
  | 'authentication_failed'
  | 'processing_error'
  /** The processor holds a wallet session for another amount or currency than asked: the shopper approves again. */
  | 'amount_changed'
  /** The wallet session or PaymentIntent was opened for another basket. */
  | 'session_mismatch'
  /** A processor's test card in its production lane (Stripe's live mode): it never pays. */
  | 'live_mode_test_card';

export type PaymentOutcome =
  | { status: 'authorized'; authorizationId: string }
  | { status: 'declined'; authorizationId: string; reason: DeclineReason }
  /** 3-D Secure: the shopper must pass the bank's challenge at this URL before the payment is authorized. */
  | { status: 'requires_action'; authorizationId: string; challengeUrl: string }
  /** The processor's fraud check refused the payment. */
  | { status: 'blocked'; authorizationId: string }
  | { status: 'voided'; authorizationId: string };

export type WalletMethod = 'paypal' | 'klarna' | 'applepay';

export interface AuthorizeRequest {
  /** The same key always gets the same answer and at most one charge. */
  idempotencyKey: string;
  /** The basket the order comes from: a wallet session or PaymentIntent opened for another is refused. */
  basketId: string;
  source: { token: string; cvcToken?: string | undefined } | { walletSession: string };
  amount: number;
  currency: string;
  /** The order number, shown to the shopper by their bank. */
  reference: string;
  deviceId?: string | undefined;
  /** Where a redirect-based challenge returns (Stripe); the sandbox challenges in a frame instead. */
  returnUrl: string;
}

export interface WalletSessionRequest {
  method: WalletMethod;
  basketId: string;
  amount: number;
  currency: string;
  reference: string;
  returnUrl: string;
  cancelUrl: string;
}

export interface WalletSessionState {
  id: string;
  status: 'pending' | 'approved' | 'cancelled' | 'used';
  payerEmail: string | null;
  /** The buyer's name and shipping address as the wallet holds them, when it shares them. */
  payer: { email: string; firstName: string; lastName: string; address: Record<string, string> } | null;
}

/** Apple Pay's merchant validation: the URL the shopper's device named (checked against Apple's hosts first). */
export interface ApplePayMerchantRequest {
  validationUrl: string;
  /** The store's domain, as registered with Apple. */
  domain: string;
  displayName: string;
}

/** The payment an authorized Apple Pay sheet hands over (ApplePayPaymentToken): encrypted for the processor. */
export interface ApplePayPaymentToken {
  paymentData: unknown;
  paymentMethod: { displayName?: string | undefined; network?: string | undefined; type?: string | undefined };
  transactionIdentifier: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Whether Apple Pay can be offered: the merchant can validate sessions and the processor takes its tokens. */
  readonly applePay: boolean;
  /** The opaque merchant session the sheet's completeMerchantValidation takes. */
  applePayMerchantSession(request: ApplePayMerchantRequest): Promise<Record<string, unknown>>;
  /**
   * The processor's card token for an Apple Pay payment, authorized like any card token (no challenge: the
   * device authenticated the shopper); null when the processor cannot read the payment.
   */
  applePayToken(payment: ApplePayPaymentToken): Promise<{ token: string; card: CardSummary } | null>;
  cardFields(): CardFieldsConfig;
  /** The card behind a token the fields produced; null when the processor does not know it. */
  cardOf(token: string): Promise<CardSummary | null>;
  /** The device the shopper pays from, for the fraud check; null when the processor collects its own signals. */
  registerDevice(signals: { timeZone: string }): Promise<string | null>;
  authorize(request: AuthorizeRequest): Promise<PaymentOutcome>;
  /** The authorization as it stands now (after a challenge). */
  authorization(authorizationId: string): Promise<PaymentOutcome>;
  void(authorizationId: string): Promise<void>;
  /**
   * Takes `amount`, always named: the order's amount, or less when lines were cancelled before shipping (the
   * rest is released). A processor never decides on its own what to take.
   */
  capture(authorizationId: string, amount: number): Promise<void>;
  /**
   * Gives captured money back: all of what is left, or `amount` of it (a cancelled or returned line). The same
   * `idempotencyKey` never refunds twice, so a retried refund is safe.
   */
  refund(authorizationId: string, refund?: { amount: number; idempotencyKey: string }): Promise<void>;
  openWalletSession(request: WalletSessionRequest): Promise<{ id: string; redirectUrl: string }>;
  walletSession(id: string): Promise<WalletSessionState | null>;
}

/** The processor did not answer as it should: the caller treats it as a failure of ours (GEN500). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
