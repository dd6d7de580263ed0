// The Stripe adapter against Stripe's documented request and response shapes (PaymentIntents with manual
// capture, card errors as 402, 3-D Secure as requires_action with a redirect), with fetch intercepted.

import { describe, expect, it } from 'vitest';
import { formEncode, STRIPE_API, stripeProvider } from './stripe-provider.ts';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: URLSearchParams;
}

function stripeWith(answers: { status: number; body: unknown }[]) {
  const seen: Seen[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: new URLSearchParams(String(init?.body ?? '')) });
    const answer = answers.shift() ?? { status: 500, body: { error: { type: 'api_error' } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { provider: stripeProvider({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', fetcher }), seen };
}

const REQUEST = {
  idempotencyKey: 'order-CR123456789',
  basketId: 'b'.repeat(32),
  source: { token: 'pm_card_visa' },
  amount: 22_500,
  currency: 'USD',
  reference: 'CR123456789',
  returnUrl: 'https://store.test/en-us/checkout?step=billing',
};

describe('the Stripe adapter', () => {
  it('encodes nested parameters the way Stripe reads them', () => {
    expect(formEncode({ a: 1, metadata: { order_number: 'CR1' }, payment_method_types: ['paypal'], skip: undefined }).join('&')).toBe(
      'a=1&metadata%5Border_number%5D=CR1&payment_method_types%5B%5D=paypal',
    );
  });

  it('authorizes with a manual-capture PaymentIntent, sending the idempotency key and the pinned version', async () => {
    const { provider, seen } = stripeWith([{ status: 200, body: { id: 'pi_1', object: 'payment_intent', status: 'requires_capture' } }]);
    expect(await provider.authorize(REQUEST)).toEqual({ status: 'authorized', authorizationId: 'pi_1' });
    const call = seen[0] as Seen;
    expect(call.url).toBe(`${STRIPE_API}/payment_intents`);
    expect(call.method).toBe('POST');
    expect(call.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(call.headers.get('idempotency-key')).toBe('order-CR123456789');
    expect(call.headers.get('stripe-version')).toMatch(/^\d{4}-\d{2}-\d{2}\./);
    expect(Object.fromEntries(call.body)).toMatchObject({
      amount: '22500',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      capture_method: 'manual',
      'metadata[order_number]': 'CR123456789',
    });
  });

  it('reads a card decline (402) with its decline code, and fraud as blocked', async () => {
    const declined = stripeWith([
      {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            payment_intent: { id: 'pi_2', object: 'payment_intent', status: 'requires_payment_method' },
          },
        },
      },
    ]);
    expect(await declined.provider.authorize(REQUEST)).toEqual({ status: 'declined', authorizationId: 'pi_2', reason: 'insufficient_funds' });
    const fraud = stripeWith([
      {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'fraudulent',
            payment_intent: { id: 'pi_3', object: 'payment_intent', status: 'requires_payment_method' },
          },
        },
      },
    ]);
    expect(await fraud.provider.authorize(REQUEST)).toEqual({ status: 'blocked', authorizationId: 'pi_3' });
  });

  it("reads Stripe's decline of a test card in live mode as that reason, not a generic decline", async () => {
    const testCard = stripeWith([
      {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'live_mode_test_card',
            message: 'Your card was declined. Your request was in live mode, but used a known test card.',
            payment_intent: { id: 'pi_9', object: 'payment_intent', status: 'requires_payment_method' },
          },
        },
      },
    ]);
    expect(await testCard.provider.authorize(REQUEST)).toEqual({ status: 'declined', authorizationId: 'pi_9', reason: 'live_mode_test_card' });
  });

  it('turns a 3-D Secure redirect into a challenge, and reads the outcome afterwards', async () => {
    const { provider, seen } = stripeWith([
      {
        status: 200,
        body: {
          id: 'pi_4',
          object: 'payment_intent',
          status: 'requires_action',
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure/x', return_url: REQUEST.returnUrl } },
        },
      },
      {
        status: 200,
        body: {
          id: 'pi_4',
          object: 'payment_intent',
          status: 'requires_payment_method',
          last_payment_error: { code: 'payment_intent_authentication_failure' },
        },
      },
    ]);
    expect(await provider.authorize(REQUEST)).toEqual({
      status: 'requires_action',
      authorizationId: 'pi_4',
      challengeUrl: 'https://hooks.stripe.com/3d_secure/x',
    });
    expect(await provider.authorization('pi_4')).toEqual({ status: 'declined', authorizationId: 'pi_4', reason: 'authentication_failed' });
    expect(seen[1]?.url).toBe(`${STRIPE_API}/payment_intents/pi_4`);
  });

  it('voids with cancel, captures, refunds, and sends a saved card security code as its CVC token', async () => {
    const { provider, seen } = stripeWith([
      { status: 200, body: { id: 'pi_5', status: 'canceled' } },
      { status: 200, body: { id: 'pi_5', status: 'succeeded' } },
      { status: 200, body: { id: 're_1', object: 'refund' } },
      { status: 200, body: { id: 'pi_6', object: 'payment_intent', status: 'requires_capture' } },
    ]);
    await provider.void('pi_5');
    await provider.capture('pi_5', 22_500);
    await provider.refund('pi_5');
    await provider.authorize({ ...REQUEST, source: { token: 'pm_saved', cvcToken: 'cvctok_1' } });
    expect(seen.map((s) => s.url)).toEqual([
      `${STRIPE_API}/payment_intents/pi_5/cancel`,
      `${STRIPE_API}/payment_intents/pi_5/capture`,
      `${STRIPE_API}/refunds`,
      `${STRIPE_API}/payment_intents`,
    ]);
    expect(seen[1]?.body.get('amount_to_capture')).toBe('22500');
    expect(seen[2]?.body.get('payment_intent')).toBe('pi_5');
    expect(seen[3]?.body.get('payment_method_options[card][cvc_token]')).toBe('cvctok_1');
  });

  it('captures less than was authorized, and refunds part of a capture once per key', async () => {
    const { provider, seen } = stripeWith([
      { status: 200, body: { id: 'pi_7', status: 'succeeded' } },
      { status: 200, body: { id: 're_2', object: 'refund' } },
    ]);
    await provider.capture('pi_7', 4500);
    await provider.refund('pi_7', { amount: 1200, idempotencyKey: 'refund-a-100' });
    expect(seen[0]?.body.get('amount_to_capture')).toBe('4500');
    expect(seen[1]?.body.get('amount')).toBe('1200');
    expect(seen[1]?.body.get('payment_intent')).toBe('pi_7');
    expect(seen[1]?.headers.get('idempotency-key')).toBe('refund-a-100');
  });

  it('opens a PayPal session as a redirect PaymentIntent and reads its approval', async () => {
    const { provider, seen } = stripeWith([
      {
        status: 200,
        body: {
          id: 'pi_7',
          object: 'payment_intent',
          status: 'requires_action',
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://pm-redirects.stripe.com/paypal/x', return_url: '' } },
        },
      },
      { status: 200, body: { id: 'pi_7', object: 'payment_intent', status: 'requires_capture' } },
    ]);
    const session = await provider.openWalletSession({
      method: 'paypal',
      basketId: 'b'.repeat(32),
      amount: 5000,
      currency: 'EUR',
      reference: 'FR basket 1',
      returnUrl: 'https://store.test/r',
      cancelUrl: 'https://store.test/c',
    });
    expect(session).toEqual({ id: 'pi_7', redirectUrl: 'https://pm-redirects.stripe.com/paypal/x' });
    expect(seen[0]?.body.getAll('payment_method_types[]')).toEqual(['paypal']);
    expect(seen[0]?.body.get('payment_method_data[type]')).toBe('paypal');
    expect(seen[0]?.body.get('metadata[basket_id]')).toBe('b'.repeat(32));
    expect((await provider.walletSession('pi_7'))?.status).toBe('approved');
  });

  it('accepts an approved wallet PaymentIntent only for its own basket, amount and currency', async () => {
    const approved = (fields: Record<string, unknown>) => ({
      status: 200,
      body: {
        id: 'pi_8',
        object: 'payment_intent',
        status: 'requires_capture',
        amount: 5000,
        currency: 'eur',
        metadata: { basket_id: 'b'.repeat(32) },
        ...fields,
      },
    });
    const wallet = { ...REQUEST, source: { walletSession: 'pi_8' }, amount: 5000, currency: 'EUR' };
    const { provider } = stripeWith([
      approved({}),
      approved({ amount: 900 }),
      approved({ currency: 'gbp' }),
      approved({ metadata: { basket_id: 'a'.repeat(32) } }),
    ]);
    expect(await provider.authorize(wallet)).toEqual({ status: 'authorized', authorizationId: 'pi_8' });
    // Approved for 9.00, asked for 50.00: the shopper approves the new amount first.
    expect(await provider.authorize(wallet)).toEqual({ status: 'declined', authorizationId: 'pi_8', reason: 'amount_changed' });
    expect(await provider.authorize(wallet)).toEqual({ status: 'declined', authorizationId: 'pi_8', reason: 'amount_changed' });
    expect(await provider.authorize(wallet)).toEqual({ status: 'declined', authorizationId: 'pi_8', reason: 'session_mismatch' });
  });

  it('names the basket of a card PaymentIntent in its metadata', async () => {
    const { provider, seen } = stripeWith([{ status: 200, body: { id: 'pi_9', object: 'payment_intent', status: 'requires_capture' } }]);
    await provider.authorize(REQUEST);
    expect(seen[0]?.body.get('metadata[basket_id]')).toBe('b'.repeat(32));
    expect(seen[0]?.body.get('metadata[order_number]')).toBe('CR123456789');
  });

  it('treats a server error as a failure of ours, never as a decline', async () => {
    const { provider } = stripeWith([{ status: 500, body: { error: { type: 'api_error' } } }]);
    await expect(provider.authorize(REQUEST)).rejects.toThrow(/answered 500/);
  });
  it('offers Apple Pay only with the merchant identity, validating through its certificate with Apple’s documented body', async () => {
    expect(stripeWith([]).provider.applePay).toBe(false);
    const calls: { url: string; body: unknown }[] = [];
    const certificate = {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
        return Response.json({ merchantSessionIdentifier: 'SSH1', signature: 'abc' });
      },
    } as unknown as Fetcher;
    const provider = stripeProvider({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', applePay: { merchantId: 'merchant.com.cairn', certificate } });
    expect(provider.applePay).toBe(true);
    const session = await provider.applePayMerchantSession({
      validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      domain: 'www.cairn.example',
      displayName: 'Cairn',
    });
    expect(session).toEqual({ merchantSessionIdentifier: 'SSH1', signature: 'abc' });
    expect(calls).toEqual([
      {
        url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
        body: { merchantIdentifier: 'merchant.com.cairn', displayName: 'Cairn', initiative: 'web', initiativeContext: 'www.cairn.example' },
      },
    ]);
  });

  it('turns an Apple Pay payment into a card PaymentMethod through a pk_token', async () => {
    const { provider, seen } = stripeWith([
      { status: 200, body: { id: 'tok_1', object: 'token', card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030 } } },
      { status: 200, body: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, iin: '424242' } } },
    ]);
    const paid = await provider.applePayToken({
      paymentData: { version: 'EC_v1', data: 'abc', signature: 'sig', header: { transactionId: 't1' } },
      paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'credit' },
      transactionIdentifier: 't1',
    });
    expect(paid).toEqual({ token: 'pm_1', card: { brand: 'visa', last4: '4242', bin: '424242', expMonth: 12, expYear: 2030 } });
    expect(seen[0]?.url).toBe(`${STRIPE_API}/tokens`);
    expect(JSON.parse(seen[0]?.body.get('pk_token') ?? '')).toMatchObject({ version: 'EC_v1', data: 'abc' });
    expect(seen[0]?.body.get('pk_token_payment_network')).toBe('Visa');
    expect(seen[1]?.url).toBe(`${STRIPE_API}/payment_methods`);
    expect(Object.fromEntries(seen[1]?.body ?? [])).toEqual({ type: 'card', 'card[token]': 'tok_1' });
    expect(seen[1]?.headers.get('idempotency-key')).toBe('applepay-t1');
  });

  it('reads an Apple Pay token Stripe cannot decrypt as a refused payment', async () => {
    const { provider } = stripeWith([{ status: 402, body: { error: { type: 'card_error', code: 'invalid_pk_token' } } }]);
    expect(await provider.applePayToken({ paymentData: {}, paymentMethod: {}, transactionIdentifier: 't2' })).toBeNull();
  });

  it('logs each call with the store request’s correlation id and Stripe’s Request-Id, and no card or intent id', async () => {
    const lines: { event: string; fields?: Record<string, unknown> }[] = [];
    const logger = { info: (event: string, fields?: Record<string, unknown>) => lines.push({ event, fields }), warn: () => {}, error: () => {} };
    const fetcher = (async () =>
      new Response(JSON.stringify({ id: 'pi_secret_123', status: 'requires_capture', amount: 22_500, currency: 'usd' }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'request-id': 'req_abc123' },
      })) as typeof fetch;
    const provider = stripeProvider({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', fetcher, trace: { correlationId: 'corr-12345678', logger } });
    await provider.authorize(REQUEST);
    expect(lines[0]).toEqual({ event: 'payments.stripe_call', fields: { call: 'POST /payment_intents', status: 200, stripeRequestId: 'req_abc123' } });
    expect(JSON.stringify(lines)).not.toContain('pm_card_visa');
  });
});
