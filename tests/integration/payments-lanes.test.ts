// The card processor's two lanes in one deployment (account-content §9: sandbox or production is decided by
// the path prefix /p/). Attacks on the processor itself: a key of one lane used on the other, a payment made
// in one lane looked up, captured, challenged or paid through the other, and a test card paying in
// production. Then the store's adapter in production mode: every call and every frame under /p/.

import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/payments/cards.ts';
import { paymentRefusal } from '../../src/worker/commerce/orders/placement-answer.ts';
import { paymentProviderFor } from '../../src/worker/commerce/payments/choose.ts';
import type { PaymentOutcome } from '../../src/worker/commerce/payments/provider.ts';
import type { AppEnv } from '../../src/worker/env.ts';
import { securityHeaders } from '../../src/worker/middleware/security-headers.ts';
import { placeOrder, readyBasket, stockedVariant, stockOf } from './checkout-helpers.ts';
import { guestsAt, type Jar } from './jar.ts';

const PROCESSOR = 'http://payments.test';

interface Lane {
  base: '' | '/p';
  secret: () => string;
  publishable: string;
}

const SANDBOX: Lane = { base: '', secret: () => env.PAYMENTS_SECRET_KEY as string, publishable: 'pk_test_vitest' };
const PRODUCTION: Lane = { base: '/p', secret: () => env.PAYMENTS_LIVE_SECRET_KEY as string, publishable: 'pk_live_vitest' };

/** A Luhn-valid number that is none of the documented test cards: a shopper's own card. */
const OWN_CARD = '4508712345678907';

type Answer = { status: number; body: any };

async function call(base: string, path: string, key: string, init: RequestInit = {}): Promise<Answer> {
  const response = await (env.PAYMENTS as Fetcher).fetch(`${PROCESSOR}${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

/** What the lane's card fields do with a number: a token, or the refusal. */
function tokenize(lane: Lane, number: string): Promise<Answer> {
  const cvc = number.startsWith('3') ? '1234' : '123';
  return call(lane.base, '/v1/tokens', lane.publishable, { method: 'POST', body: JSON.stringify({ number, expiry: '12/34', cvc }) });
}

async function tokenOf(lane: Lane, number: string): Promise<string> {
  const answer = await tokenize(lane, number);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

function authorize(lane: Lane, source: { token: string } | { walletSession: string }, reference: string, amount = 4200): Promise<Answer> {
  return call(lane.base, '/v1/authorizations', lane.secret(), {
    method: 'POST',
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ ...source, amount, currency: 'USD', reference }),
  });
}

const reference = () => `US lanes ${crypto.randomUUID().slice(0, 8)}`;

describe("the lanes' pages", () => {
  it('answers the production index at /p, lists the test cards only in the sandbox, and sends /p/ to /p', async () => {
    const production = await call('/p', '', '');
    expect([production.status, production.body]).toEqual([200, expect.stringContaining('production lane')]);
    expect(production.body).not.toContain('4242 4242');
    expect((await call('', '/', '')).body).toContain('4242 4242 4242 4242');
    const slash = await (env.PAYMENTS as Fetcher).fetch(`${PROCESSOR}/p/`, { redirect: 'manual' });
    expect([slash.status, slash.headers.get('location')]).toEqual([301, '/p']);
  });
});

describe('a key opens only its own lane', () => {
  it('refuses the sandbox secret key under /p/, as an unknown key', async () => {
    for (const [method, path] of [
      ['GET', '/v1/authorizations?reference=x'],
      ['GET', '/v1/tokens/tok_unknown'],
      ['POST', '/v1/authorizations'],
      ['POST', '/v1/wallet-sessions'],
    ] as const) {
      const answer = await call('/p', path, SANDBOX.secret(), { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect([path, answer.status, answer.body?.error?.code]).toEqual([path, 401, 'unauthorized']);
    }
  });

  it('refuses the live secret key on the sandbox lane', async () => {
    const answer = await call('', '/v1/authorizations?reference=x', PRODUCTION.secret());
    expect([answer.status, answer.body.error.code]).toEqual([401, 'unauthorized']);
  });

  it("takes each lane's card numbers only with that lane's publishable key", async () => {
    const testKeyLive = await call('/p', '/v1/tokens', SANDBOX.publishable, {
      method: 'POST',
      body: JSON.stringify({ number: OWN_CARD, expiry: '12/34', cvc: '123' }),
    });
    expect([testKeyLive.status, testKeyLive.body.error?.code]).toEqual([401, 'unauthorized']);
    const liveKeyTest = await call('', '/v1/tokens', PRODUCTION.publishable, {
      method: 'POST',
      body: JSON.stringify({ number: OWN_CARD, expiry: '12/34', cvc: '123' }),
    });
    expect([liveKeyTest.status, liveKeyTest.body.error?.code]).toEqual([401, 'unauthorized']);
  });
});

describe("lanes never see each other's payments", () => {
  it('a sandbox payment is unknown in production, and a production payment unknown in the sandbox', async () => {
    for (const [made, other] of [
      [SANDBOX, PRODUCTION],
      [PRODUCTION, SANDBOX],
    ] as const) {
      const ref = reference();
      const token = await tokenOf(made, OWN_CARD);
      const authorized = await authorize(made, { token }, ref);
      expect([authorized.status, authorized.body.status]).toEqual([201, 'authorized']);
      const id = authorized.body.id as string;

      expect((await call(other.base, `/v1/authorizations/${id}`, other.secret())).status).toBe(404);
      expect((await call(other.base, `/v1/tokens/${token}`, other.secret())).status).toBe(404);
      expect((await call(other.base, `/v1/authorizations?reference=${encodeURIComponent(ref)}`, other.secret())).body.data).toEqual([]);
      const capture = await call(other.base, `/v1/authorizations/${id}/capture`, other.secret(), { method: 'POST', body: JSON.stringify({ amount: 4200 }) });
      expect(capture.status).toBe(404);
      // The other lane cannot charge the token either.
      expect((await authorize(other, { token }, ref)).status).toBe(404);
      // Still held, uncaptured, where it was made.
      const own = await call(made.base, `/v1/authorizations/${id}`, made.secret());
      expect([own.body.status, own.body.capturedAmount]).toEqual(['authorized', 0]);
    }
  });

  it('a wallet session opened in production is neither shown nor payable in the sandbox', async () => {
    const ref = reference();
    const opened = await call('/p', '/v1/wallet-sessions', PRODUCTION.secret(), {
      method: 'POST',
      body: JSON.stringify({
        method: 'paypal',
        amount: 4200,
        currency: 'USD',
        reference: ref,
        returnUrl: 'https://store.test/en-us/checkout/wallet-return',
        cancelUrl: 'https://store.test/en-us/checkout',
      }),
    });
    expect(opened.status).toBe(201);
    expect(opened.body.redirectUrl).toBe(`${PROCESSOR}/p/wallet/${opened.body.id}`);
    const id = opened.body.id as string;

    expect((await call('', `/wallet/${id}`, '')).status).toBe(404);
    expect((await call('', `/v1/wallet-sessions/${id}`, SANDBOX.secret())).status).toBe(404);
    const approvedElsewhere = await (env.PAYMENTS as Fetcher).fetch(`${PROCESSOR}/wallet/${id}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect(approvedElsewhere.status).toBe(404);

    const approved = await (env.PAYMENTS as Fetcher).fetch(`${PROCESSOR}/p/wallet/${id}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    expect((await authorize(SANDBOX, { walletSession: id }, ref)).status).toBe(404);
    expect((await authorize(PRODUCTION, { walletSession: id }, ref)).body.status).toBe('authorized');
  });

  it("a sandbox challenge is answered only on the sandbox's own page", async () => {
    const token = await tokenOf(SANDBOX, '4000000000003220');
    const held = await authorize(SANDBOX, { token }, reference());
    expect(held.body.status).toBe('requires_action');
    expect(held.body.challengeUrl).toBe(`${PROCESSOR}/challenge/${held.body.id}`);
    const elsewhere = await (env.PAYMENTS as Fetcher).fetch(`${PROCESSOR}/p/challenge/${held.body.id}?parent=https%3A%2F%2Fstore.test`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'pass' }),
    });
    expect(elsewhere.status).toBe(404);
    expect((await call('', `/v1/authorizations/${held.body.id}`, SANDBOX.secret())).body.status).toBe('requires_action');
  });
});

describe('a test card never pays in production', () => {
  it('declines every documented test card under /p/ as a test card in live mode, and captures nothing', async () => {
    const ref = reference();
    for (const card of TEST_CARDS) {
      const token = await tokenOf(PRODUCTION, card.number);
      const answer = await authorize(PRODUCTION, { token }, ref);
      expect([card.number, answer.status, answer.body.status, answer.body.declineCode]).toEqual([card.number, 201, 'declined', 'live_mode_test_card']);
      const capture = await call('/p', `/v1/authorizations/${answer.body.id}/capture`, PRODUCTION.secret(), {
        method: 'POST',
        body: JSON.stringify({ amount: 4200 }),
      });
      expect(capture.status).toBe(409);
    }
    const books = await call('/p', `/v1/authorizations?reference=${encodeURIComponent(ref)}`, PRODUCTION.secret());
    expect(books.body.data).toHaveLength(TEST_CARDS.length);
    expect(books.body.data.filter((a: { status: string; capturedAmount: number }) => a.status !== 'declined' || a.capturedAmount > 0)).toEqual([]);
    // The sandbox lane keeps its test cards.
    expect((await authorize(SANDBOX, { token: await tokenOf(SANDBOX, '4242424242424242') }, reference())).body.status).toBe('authorized');
  });

  it("declines an Apple Pay device's test card under /p/ too", async () => {
    const paymentData = { version: 'EC_v1', data: btoa(JSON.stringify({ dpan: '4242424242424242', expiry: '12/34' })) };
    const device = await call('/p', '/v1/apple-pay/tokens', PRODUCTION.secret(), { method: 'POST', body: JSON.stringify({ paymentData }) });
    expect(device.status).toBe(201);
    const answer = await authorize(PRODUCTION, { token: device.body.id }, reference());
    expect([answer.body.status, answer.body.declineCode]).toEqual(['declined', 'live_mode_test_card']);
  });
});

describe('the store in production mode', () => {
  const live = () => ({ ...env, PAYMENTS_MODE: 'production' });

  it('frames the card fields and calls the processor under /p/ with the live key; the sandbox lane knows none of it', async () => {
    const provider = paymentProviderFor(live());
    expect(provider.cardFields()).toEqual({ provider: 'sandbox', fieldsUrl: `${PROCESSOR}/p/fields` });
    // The frame the fields URL names is the production lane's, asking its own key.
    const frame = await (env.PAYMENTS as Fetcher).fetch(`${PROCESSOR}/p/fields?parent=${encodeURIComponent('https://store.test')}`);
    expect(frame.status).toBe(200);
    const html = await frame.text();
    expect(html).toContain('"key":"pk_live_vitest"');
    expect(html).toContain('"base":"/p"');

    const token = await tokenOf(PRODUCTION, OWN_CARD);
    expect(await provider.cardOf(token)).toMatchObject({ last4: '8907' });
    expect(await paymentProviderFor(env).cardOf(token)).toBeNull();
    const outcome = await provider.authorize({
      idempotencyKey: crypto.randomUUID(),
      basketId: 'b-lanes',
      source: { token },
      amount: 4200,
      currency: 'USD',
      reference: reference(),
      returnUrl: 'https://store.test/en-us/checkout',
    });
    expect(outcome.status).toBe('authorized');
    expect(await provider.authorization(outcome.authorizationId)).toEqual(outcome);
    await expect(paymentProviderFor(env).authorization(outcome.authorizationId)).rejects.toThrow();

    const wallet = await provider.openWalletSession({
      method: 'paypal',
      basketId: 'b-lanes',
      amount: 4200,
      currency: 'USD',
      reference: reference(),
      returnUrl: 'https://store.test/en-us/checkout/wallet-return',
      cancelUrl: 'https://store.test/en-us/checkout',
    });
    expect(wallet.redirectUrl).toBe(`${PROCESSOR}/p/wallet/${wallet.id}`);
  });

  it('sees a test card declined as one, and the order refused with that reason', async () => {
    const outcome = await paymentProviderFor(live()).authorize({
      idempotencyKey: crypto.randomUUID(),
      basketId: 'b-lanes',
      source: { token: await tokenOf(PRODUCTION, '4242424242424242') },
      amount: 4200,
      currency: 'USD',
      reference: reference(),
      returnUrl: 'https://store.test/en-us/checkout',
    });
    expect(outcome).toMatchObject({ status: 'declined', reason: 'live_mode_test_card' });
    const refusal = paymentRefusal(outcome as Extract<PaymentOutcome, { status: 'declined' }>);
    expect([refusal.code, refusal.message]).toEqual(['PAY400', expect.stringContaining('test card')]);
  });

  it("keeps the processor's origin alone in the CSP, which admits the /p/ frames", async () => {
    const app = new Hono<AppEnv>().use(securityHeaders()).get('/', (c) => c.text('ok'));
    const response = await app.request('/', {}, live());
    const frameSrc = /frame-src ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
    const fields = paymentProviderFor(live()).cardFields() as { fieldsUrl: string };
    expect(frameSrc).toContain(new URL(fields.fieldsUrl).origin);
    // A source with a path would admit that path alone, not the lane's pages under it.
    expect(frameSrc.filter((source) => /^https?:\/\/[^/]+\//.test(source))).toEqual([]);
  });
});

describe('a store in production mode, from basket to order', () => {
  const shopper = guestsAt('198.19.7.');

  /** A guest of a store whose PAYMENTS_MODE is production, with a basket ready and paid by a card of the production lane. */
  async function liveBasket(number: string, offset: number): Promise<{ jar: Jar; basketId: string; variantId: string }> {
    const jar = shopper();
    jar.bindings = { ...env, PAYMENTS_MODE: 'production' };
    const variant = await stockedVariant(5, offset);
    const basketId = await readyBasket(jar, variant.id);
    const token = await tokenOf(PRODUCTION, number);
    const card = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'CREDIT_CARD', additionalDetails: { token } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    return { jar, basketId, variantId: variant.id };
  }

  it('refuses an order paid with a test card, saying so, with the stock given back and nothing held or taken', async () => {
    const { jar, basketId, variantId } = await liveBasket('4242424242424242', 0);
    const before = await stockOf(variantId);
    const placed = await placeOrder(jar, basketId);
    expect(placed.status).toBe(402);
    expect(placed.body).toMatchObject({ errorId: 'PAY400', message: expect.stringContaining('test card') });
    expect(await stockOf(variantId)).toBe(before);
    const orders = await env.DB.prepare('SELECT order_number, status FROM orders WHERE basket_id = ?1')
      .bind(basketId)
      .all<{ order_number: string; status: string }>();
    expect(orders.results).toHaveLength(1);
    for (const order of orders.results) {
      expect(order.status).toBe('failed');
      const books = await call('/p', `/v1/authorizations?reference=${order.order_number}`, PRODUCTION.secret());
      expect(books.body.data.map((a: { status: string; capturedAmount: number }) => [a.status, a.capturedAmount])).toEqual([['declined', 0]]);
    }
  });

  it('places an order paid with a real card in the production lane, which the sandbox lane never hears of', async () => {
    const { jar, basketId } = await liveBasket(OWN_CARD, 1);
    const placed = await placeOrder(jar, basketId);
    expect([placed.status, placed.body.status]).toEqual([201, 'paid']);
    const production = await call('/p', `/v1/authorizations?reference=${placed.body.orderNumber}`, PRODUCTION.secret());
    expect(production.body.data).toEqual([expect.objectContaining({ status: 'authorized', amount: placed.body.totals.total })]);
    expect((await call('', `/v1/authorizations?reference=${placed.body.orderNumber}`, SANDBOX.secret())).body.data).toEqual([]);
  });

  it("hands the checkout's card fields the production lane's page", async () => {
    const { jar } = await liveBasket(OWN_CARD, 2);
    const { html } = await jar.get('/en-us/checkout');
    expect(html).toContain(`${PROCESSOR}/p/fields`);
  });
});
