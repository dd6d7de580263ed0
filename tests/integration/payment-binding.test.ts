// A payment pays exactly the order it was approved for (the money-and-trust issue, §1). Each test replays an
// attack found against the running store: a wallet session approved for a small basket paying a bigger one
// or another shopper's, a session paying twice, the processor authorizing past what was approved, a return
// opened before approval; and what the order call answers when the review no longer holds. Tenders that
// moved between the review step and the order are tested on the service (payment-binding-rules.test.ts).

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { authorizationsFor, decideWallet, payWithCard, readyBasket, review, stockedVariant, submitOrder } from './checkout-helpers.ts';
import { ORIGIN } from './helpers.ts';
import { guestsAt, type Jar } from './jar.ts';

const guest = guestsAt('198.19.1.');

/** Opens a PayPal session for the basket as the review step's button does; its approval page and id. */
async function paypalSession(jar: Jar, basketId: string): Promise<{ id: string; redirectUrl: string; amount: number }> {
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'PAYPAL' });
  const session = await jar.api('GET', `/api/cart/v1/paymentSession?paymentMethod=paypal&basketId=${basketId}&referer=checkout`);
  expect(session.status).toBe(200);
  const cart = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
  return { id: session.body.meta.sessionId, redirectUrl: session.body.meta.redirectUrl, amount: cart.body.totals.remainingToPay };
}

const paidOrdersOf = async (basketId: string) =>
  (
    await env.DB.prepare("SELECT order_number FROM orders WHERE basket_id = ?1 AND status NOT IN ('failed', 'placing')")
      .bind(basketId)
      .all<{ order_number: string }>()
  ).results;

/** Every authorization the sandbox made against a wallet session (the processor's own books). */
async function sandbox(path: string, init: RequestInit = {}) {
  const response = await (env.PAYMENTS as Fetcher).fetch(`http://payments.test/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${env.PAYMENTS_SECRET_KEY}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('wallet sessions are bound to their basket, amount and currency', () => {
  it('refuses a session approved for a smaller basket, and authorizes nothing', async () => {
    const jar = guest();
    const variant = await stockedVariant(10, 30);
    const basketId = await readyBasket(jar, variant.id);
    const session = await paypalSession(jar, basketId);
    const back = await decideWallet(session.redirectUrl, 'approve');
    // The basket grows after the shopper approved $X at the wallet.
    await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items[0].id, qty: 5 });
    const { response } = await jar.follow(back);
    expect(response.status).toBe(303);
    // Back to the payment step to approve the new amount, with the code that says so.
    expect(response.headers.get('location')).toContain('notice=PAY409');
    expect(await paidOrdersOf(basketId)).toEqual([]);
    const used = await sandbox(`/wallet-sessions/${session.id}`);
    expect(used.body.status).toBe('approved');

    // A new session for the new amount pays exactly that.
    const again = await paypalSession(jar, basketId);
    expect(again.amount).toBeGreaterThan(session.amount);
    const { response: placed } = await jar.follow(await decideWallet(again.redirectUrl, 'approve'));
    const orderNumber = new URL(placed.headers.get('location') ?? '', ORIGIN).searchParams.get('orderNo') ?? '';
    expect(orderNumber).toMatch(/^CR\d{9}$/);
    expect(await authorizationsFor(orderNumber)).toEqual([expect.objectContaining({ amount: again.amount, status: 'authorized' })]);
  });

  it("refuses another shopper's approved session, which still pays its own basket", async () => {
    const owner = guest();
    const ownBasket = await readyBasket(owner, (await stockedVariant(10, 31)).id);
    const session = await paypalSession(owner, ownBasket);
    const back = await decideWallet(session.redirectUrl, 'approve');

    const thief = guest();
    const theirs = await readyBasket(thief, (await stockedVariant(10, 32)).id, 4);
    const stolen = await submitOrder(thief, theirs, { paymentMethod: { code: 'PAYPAL', additionalData: { walletSession: session.id } } });
    expect(stolen.status).toBe(403);
    expect(stolen.body.errorId).toBe('PAY403');
    expect(await paidOrdersOf(theirs)).toEqual([]);

    const { response } = await owner.follow(back);
    expect(response.headers.get('location')).toContain('/order-confirmation?orderNo=');
  });

  it('pays at most one order with a session', async () => {
    const jar = guest();
    const variant = await stockedVariant(10, 33);
    const basketId = await readyBasket(jar, variant.id);
    const session = await paypalSession(jar, basketId);
    const { response } = await jar.follow(await decideWallet(session.redirectUrl, 'approve'));
    expect(response.headers.get('location')).toContain('/order-confirmation?orderNo=');
    const before = await paidOrdersOf(basketId);
    expect(before).toHaveLength(1);
    // The basket, filled again with the same amount, names the session that paid.
    const again = await readyBasket(jar, variant.id);
    await review(jar, again);
    const reused = await submitOrder(jar, again, { paymentMethod: { code: 'PAYPAL', additionalData: { walletSession: session.id } } });
    expect(reused.status).toBe(403);
    expect(reused.body.errorId).toBe('PAY403');
    expect(await paidOrdersOf(again)).toEqual(before.filter(() => again === basketId));
  });

  it('the sandbox processor authorizes no more than a session was approved for', async () => {
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(10, 34)).id);
    const session = await paypalSession(jar, basketId);
    await decideWallet(session.redirectUrl, 'approve');
    const over = await sandbox('/authorizations', {
      method: 'POST',
      headers: { 'idempotency-key': `over-${session.id}` },
      body: JSON.stringify({ walletSession: session.id, amount: session.amount * 5, currency: 'USD', reference: 'CR000000001' }),
    });
    expect(over.status).toBe(402);
    expect(over.body.error.code).toBe('amount-exceeds-session');
    const otherCurrency = await sandbox('/authorizations', {
      method: 'POST',
      headers: { 'idempotency-key': `eur-${session.id}` },
      body: JSON.stringify({ walletSession: session.id, amount: session.amount, currency: 'EUR', reference: 'CR000000001' }),
    });
    expect(otherCurrency.status).toBe(402);
    // Refused, the session is not spent: the store can still take what was approved.
    expect((await sandbox(`/wallet-sessions/${session.id}`)).body.status).toBe('approved');
  });

  it('a return opened before approval does not spoil the session', async () => {
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(10, 35)).id);
    const session = await paypalSession(jar, basketId);
    const early = await jar.follow(`/en-us/checkout/wallet-return?basket=${basketId}&walletSession=${session.id}`);
    expect(early.response.status).toBe(303);
    expect(early.response.headers.get('location')).toContain('notice=PAY400');
    expect(await paidOrdersOf(basketId)).toEqual([]);
    const back = await decideWallet(session.redirectUrl, 'approve');
    const { response } = await jar.follow(back);
    const orderNumber = new URL(response.headers.get('location') ?? '', ORIGIN).searchParams.get('orderNo') ?? '';
    expect(orderNumber).toMatch(/^CR\d{9}$/);
    expect(await authorizationsFor(orderNumber)).toEqual([expect.objectContaining({ amount: session.amount })]);
  });
});

// What is authorized or debited is what the review showed (a basket grown, a gift card raced, points spent,
// a split) is tested on the order service in payment-binding-rules.test.ts; here, what the order call answers.
describe('the order call when the review no longer holds', () => {
  it('answers an order never placed from a review 409 CHK409, and takes it once reviewed, at the total shown', async () => {
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(10, 37)).id);
    await payWithCard(jar, basketId, '4242424242424242');
    const unreviewed = await submitOrder(jar, basketId);
    expect([unreviewed.status, unreviewed.body.errorId]).toEqual([409, 'CHK409']);
    const shown = (await review(jar, basketId)).totals;
    const placed = await submitOrder(jar, basketId);
    expect(placed.status).toBe(201);
    expect(placed.body.totals.total).toBe(shown.total);
  });
});
