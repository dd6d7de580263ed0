// Stripe as the production processor. Chosen over Adyen because its API is one form-encoded REST surface
// with idempotency keys built in (a retried place-order can never charge twice), manual capture for
// authorize-now-capture-on-shipment, 3-D Secure as a PaymentIntent state the store can poll, and PayPal
// and Klarna as payment method types on the same PaymentIntent, so one adapter covers cards and wallets.
// Card fields are Stripe Elements on js.stripe.com: card numbers never reach the store (SAQ-A).

import {
  type ApplePayMerchantRequest,
  type ApplePayPaymentToken,
  type AuthorizeRequest,
  type CardSummary,
  type DeclineReason,
  type PaymentOutcome,
  type PaymentProvider,
  PaymentProviderError,
  type WalletSessionRequest,
  type WalletSessionState,
} from './provider.ts';
import type { ProcessorTrace } from './sandbox-provider.ts';

export const STRIPE_API = 'https://api.stripe.com/v1';
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
/** Pinned so a change on Stripe's side cannot change the shapes this adapter reads. */
export const STRIPE_VERSION = '2026-02-25.clover';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  fetcher?: typeof fetch;
  /**
   * Apple Pay on the web: the merchant identifier registered with Apple and its Merchant Identity
   * Certificate as a Workers mTLS binding (Apple's gateway only answers that certificate). Stripe holds the
   * Payment Processing Certificate and decrypts the tokens. Without it, Apple Pay is not offered.
   */
  applePay?: { merchantId: string; certificate: Fetcher } | undefined;
  /** The store request the calls serve: each call is logged with its correlation id and Stripe's own Request-Id, which Stripe's dashboard finds. */
  trace?: ProcessorTrace | undefined;
}

interface StripeError {
  error: { type: string; code?: string; decline_code?: string; message?: string; payment_intent?: StripePaymentIntent };
}

interface StripePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount?: number;
  currency?: string;
  metadata?: Record<string, string>;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';
  next_action?: { type: string; redirect_to_url?: { url: string; return_url: string } } | null;
  last_payment_error?: { code?: string; decline_code?: string } | null;
  receipt_email?: string | null;
}

/** Stripe's nested parameters as form fields: { a: { b: 1 } } is a[b]=1, arrays are a[]=x. */
export function formEncode(params: Record<string, unknown>, prefix = ''): string[] {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(value)) for (const item of value) parts.push(`${encodeURIComponent(`${name}[]`)}=${encodeURIComponent(String(item))}`);
    else if (typeof value === 'object') parts.push(...formEncode(value as Record<string, unknown>, name));
    else parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return parts;
}

const DECLINES: ReadonlySet<string> = new Set(['card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'lost_card', 'live_mode_test_card']);

function declineReason(error: { code?: string; decline_code?: string } | null | undefined): DeclineReason {
  if (!error) return 'card_declined';
  if (error.code === 'payment_intent_authentication_failure') return 'authentication_failed';
  if (error.decline_code && DECLINES.has(error.decline_code)) return error.decline_code as DeclineReason;
  if (error.code && DECLINES.has(error.code)) return error.code as DeclineReason;
  return 'card_declined';
}

function outcomeOf(intent: StripePaymentIntent): PaymentOutcome {
  switch (intent.status) {
    case 'requires_capture':
    case 'succeeded':
    case 'processing':
      return { status: 'authorized', authorizationId: intent.id };
    case 'requires_action':
      return { status: 'requires_action', authorizationId: intent.id, challengeUrl: intent.next_action?.redirect_to_url?.url ?? '' };
    case 'canceled':
      return { status: 'voided', authorizationId: intent.id };
    default:
      if (intent.last_payment_error?.decline_code === 'fraudulent') return { status: 'blocked', authorizationId: intent.id };
      return { status: 'declined', authorizationId: intent.id, reason: declineReason(intent.last_payment_error) };
  }
}

/** Stripe's REST API with the store's key and pinned version: a raw answer, a PaymentIntent, or a POST that must succeed. */
interface StripeClient {
  call<T>(method: 'GET' | 'POST', path: string, params?: Record<string, unknown>, idempotencyKey?: string): Promise<{ status: number; body: T | StripeError }>;
  intent(id: string): Promise<StripePaymentIntent>;
  post(path: string, params?: Record<string, unknown>, idempotencyKey?: string): Promise<void>;
}

function stripeClient(config: StripeConfig): StripeClient {
  const fetcher = config.fetcher ?? fetch;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: T | StripeError }> {
    const response = await fetcher(`${STRIPE_API}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        'stripe-version': STRIPE_VERSION,
        ...(params ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(params ? { body: formEncode(params).join('&') } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    // The resource only (an intent or method id stays out of the logs), and the id Stripe's support and dashboard know the call by.
    config.trace?.logger.info('payments.stripe_call', {
      call: `${method} ${path.split('/').slice(0, 2).join('/')}`,
      status: response.status,
      stripeRequestId: response.headers.get('request-id'),
    });
    const body = (await response.json()) as T | StripeError;
    // 402 is a card error with its PaymentIntent; anything else that failed is ours or Stripe's to fix.
    if (!response.ok && response.status !== 402 && response.status !== 404) {
      throw new PaymentProviderError(
        `Stripe ${method} ${path} answered ${response.status}: ${(body as StripeError).error?.code ?? 'unknown'}`,
        response.status,
      );
    }
    return { status: response.status, body };
  }

  async function intent(id: string): Promise<StripePaymentIntent> {
    const answer = await call<StripePaymentIntent>('GET', `/payment_intents/${encodeURIComponent(id)}`);
    if ('error' in answer.body) throw new PaymentProviderError(`Stripe has no PaymentIntent ${id}`, answer.status);
    return answer.body;
  }

  async function post(path: string, params: Record<string, unknown> = {}, idempotencyKey?: string): Promise<void> {
    const answer = await call('POST', path, params, idempotencyKey);
    if (answer.status >= 400) throw new PaymentProviderError(`Stripe POST ${path} answered ${answer.status}`, answer.status);
  }

  return { call, intent, post };
}

/** A card payment as a manual-capture PaymentIntent, or the wallet's approved one checked against this order. */
async function authorizeWith(client: StripeClient, request: AuthorizeRequest): Promise<PaymentOutcome> {
  if ('walletSession' in request.source) {
    const current = await client.intent(request.source.walletSession);
    // The PaymentIntent the shopper approved at the wallet pays this basket's order for exactly what it says.
    if (current.metadata?.basket_id !== request.basketId) return { status: 'declined', authorizationId: current.id, reason: 'session_mismatch' };
    if (current.amount !== request.amount || current.currency !== request.currency.toLowerCase()) {
      return { status: 'declined', authorizationId: current.id, reason: 'amount_changed' };
    }
    return outcomeOf(current);
  }
  const answer = await client.call<StripePaymentIntent>(
    'POST',
    '/payment_intents',
    {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      payment_method: request.source.token,
      confirm: true,
      capture_method: 'manual',
      return_url: request.returnUrl,
      description: `Order ${request.reference}`,
      metadata: { order_number: request.reference, basket_id: request.basketId },
      payment_method_options: request.source.cvcToken ? { card: { cvc_token: request.source.cvcToken } } : undefined,
    },
    request.idempotencyKey,
  );
  if ('error' in answer.body) {
    const error = answer.body.error;
    if (error.payment_intent) return outcomeOf({ ...error.payment_intent, last_payment_error: { code: error.code, decline_code: error.decline_code } });
    if (error.decline_code === 'fraudulent') return { status: 'blocked', authorizationId: '' };
    return { status: 'declined', authorizationId: '', reason: declineReason(error) };
  }
  return outcomeOf(answer.body);
}

/** A PayPal or Klarna PaymentIntent confirmed at once, for the redirect the shopper approves it at. */
async function openWalletSessionWith(client: StripeClient, request: WalletSessionRequest): Promise<{ id: string; redirectUrl: string }> {
  if (request.method === 'applepay') throw new PaymentProviderError('Apple Pay runs through Stripe Elements in the browser, not a redirect session');
  const answer = await client.call<StripePaymentIntent>(
    'POST',
    '/payment_intents',
    {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      payment_method_types: [request.method],
      payment_method_data: { type: request.method },
      confirm: true,
      capture_method: 'manual',
      return_url: request.returnUrl,
      metadata: { order_number: request.reference, basket_id: request.basketId },
    },
    // Each session is its own: a key made of the basket alone would hand back an intent for an earlier amount.
    `wallet-${request.basketId}-${crypto.randomUUID()}`,
  );
  if ('error' in answer.body) throw new PaymentProviderError(`Stripe refused the ${request.method} session: ${answer.body.error.code ?? ''}`, answer.status);
  const url = answer.body.next_action?.redirect_to_url?.url;
  if (!url) throw new PaymentProviderError(`Stripe gave no redirect for ${request.method}`);
  return { id: answer.body.id, redirectUrl: url };
}

/** Apple's merchant validation for the sheet, answered as Apple's session object. */
async function applePayMerchantSession(applePay: StripeConfig['applePay'], request: ApplePayMerchantRequest): Promise<Record<string, unknown>> {
  if (!applePay) throw new PaymentProviderError('Apple Pay is not configured: set APPLE_PAY_MERCHANT_ID and bind APPLE_PAY_CERTIFICATE');
  // Apple's documented merchant validation call, made with the merchant's identity certificate.
  const response = await applePay.certificate.fetch(request.validationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      merchantIdentifier: applePay.merchantId,
      displayName: request.displayName,
      initiative: 'web',
      initiativeContext: request.domain,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new PaymentProviderError(`Apple Pay merchant validation answered ${response.status}`, response.status);
  return (await response.json()) as Record<string, unknown>;
}

/** Stripe's card for an authorized Apple Pay payment: a token from the encrypted payment, then a PaymentMethod. */
async function applePayTokenWith(client: StripeClient, payment: ApplePayPaymentToken): Promise<{ token: string; card: CardSummary } | null> {
  // The token call Stripe's own Apple Pay clients make: the encrypted payment as pk_token.
  const token = await client.call<{ id: string; card?: { brand: string; last4: string; exp_month: number; exp_year: number } }>('POST', '/tokens', {
    pk_token: JSON.stringify(payment.paymentData),
    pk_token_instrument_name: payment.paymentMethod.displayName,
    pk_token_payment_network: payment.paymentMethod.network,
    pk_token_transaction_id: payment.transactionIdentifier,
  });
  if ('error' in token.body || !token.body.card) return null;
  const method = await client.call<{ id: string; card?: { brand: string; last4: string; exp_month: number; exp_year: number; iin?: string } }>(
    'POST',
    '/payment_methods',
    { type: 'card', card: { token: token.body.id } },
    `applepay-${payment.transactionIdentifier}`,
  );
  if ('error' in method.body || !method.body.card) return null;
  const card = method.body.card;
  return { token: method.body.id, card: { brand: card.brand, last4: card.last4, bin: card.iin ?? '', expMonth: card.exp_month, expYear: card.exp_year } };
}

/** Where the shopper is with a wallet's PaymentIntent: approved, still pending, or given up. */
async function walletSessionWith(client: StripeClient, id: string): Promise<WalletSessionState | null> {
  const current = await client.call<StripePaymentIntent>('GET', `/payment_intents/${encodeURIComponent(id)}`);
  if ('error' in current.body) return null;
  const status: WalletSessionState['status'] =
    current.body.status === 'requires_capture' || current.body.status === 'succeeded'
      ? 'approved'
      : current.body.status === 'requires_action'
        ? 'pending'
        : 'cancelled';
  return { id, status, payerEmail: current.body.receipt_email ?? null, payer: null };
}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  const client = stripeClient(config);
  const { call, intent, post } = client;
  return {
    name: 'stripe',
    cardFields: () => ({ provider: 'stripe', publishableKey: config.publishableKey }),
    async cardOf(token) {
      const answer = await call<{ id: string; card?: { brand: string; last4: string; exp_month: number; exp_year: number; iin?: string } }>(
        'GET',
        `/payment_methods/${encodeURIComponent(token)}`,
      );
      if ('error' in answer.body || !answer.body.card) return null;
      const card = answer.body.card;
      return { brand: card.brand, last4: card.last4, bin: card.iin ?? '', expMonth: card.exp_month, expYear: card.exp_year } satisfies CardSummary;
    },
    // Stripe.js collects its own device signals for Radar; there is nothing to register server-side.
    registerDevice: async () => null,
    authorize: (request) => authorizeWith(client, request),
    authorization: async (id) => outcomeOf(await intent(id)),
    void: (id) => post(`/payment_intents/${encodeURIComponent(id)}/cancel`),
    capture: (id, amount) => post(`/payment_intents/${encodeURIComponent(id)}/capture`, { amount_to_capture: amount }),
    refund: (id, refund) =>
      refund
        ? post('/refunds', { payment_intent: id, amount: refund.amount }, refund.idempotencyKey)
        : post('/refunds', { payment_intent: id }, `refund-${id}`),
    openWalletSession: (request) => openWalletSessionWith(client, request),
    applePay: Boolean(config.applePay),
    applePayMerchantSession: (request) => applePayMerchantSession(config.applePay, request),
    applePayToken: (payment) => applePayTokenWith(client, payment),
    walletSession: (id) => walletSessionWith(client, id),
  };
}
