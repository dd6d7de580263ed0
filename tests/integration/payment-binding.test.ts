// A payment pays exactly the order it was approved for (the money-and-trust issue, §1). Each test replays an
// attack found against the running store: a wallet session approved for a small basket paying a bigger one
// or another shopper's, a session paying twice, the processor authorizing past what was approved, a return
// opened before approval, and tenders that moved between the review step and the order. The invariant for
// every tender: what is authorized or debited is what the review step showed, or the order is refused.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_GIFT_CARDS } from '../../scripts/seed/gift-cards.ts';
import { authorizationsFor, decideWallet, fillBasket, payWithCard, readyBasket, review, stockedVariant, submitOrder } from './checkout-helpers.ts';
import { ORIGIN, one } from './helpers.ts';
import { guestsAt, type Jar, signedInJar } from './jar.ts';

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

describe('what is authorized or debited is what the review step showed', () => {
  it('card: a basket that grew after the review is refused and re-priced; reviewed again, it pays the new total', async () => {
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(10, 36)).id);
    await payWithCard(jar, basketId, '4242424242424242');
    const shown = (await review(jar, basketId)).totals;
    const itemId = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items[0].id;
    await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId, qty: 3 });
    const refused = await submitOrder(jar, basketId);
    expect(refused.status).toBe(409);
    expect(refused.body.errorId).toBe('CHK409');
    expect(await paidOrdersOf(basketId)).toEqual([]);
    const reviewed = (await review(jar, basketId)).totals;
    expect(reviewed.remainingToPay).toBeGreaterThan(shown.remainingToPay);
    const placed = await submitOrder(jar, basketId);
    expect(placed.status).toBe(201);
    expect(await authorizationsFor(placed.body.orderNumber)).toEqual([expect.objectContaining({ amount: reviewed.remainingToPay })]);
  });

  it('card: an order never placed from a review is refused until it is reviewed', async () => {
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(10, 37)).id);
    await payWithCard(jar, basketId, '4242424242424242');
    const unreviewed = await submitOrder(jar, basketId);
    expect(unreviewed.status).toBe(409);
    expect(unreviewed.body.errorId).toBe('CHK409');
    const shown = (await review(jar, basketId)).totals;
    const placed = await submitOrder(jar, basketId);
    expect(placed.status).toBe(201);
    expect(placed.body.totals.total).toBe(shown.total);
  });

  it('gift card: of 10 orders racing to spend one card, one spends it; the others are refused and re-priced, never charged more', async () => {
    const card = DEMO_GIFT_CARDS.find((c) => c.number.endsWith('0001')) as { number: string; pin: string; balance: number };
    const variant = await stockedVariant(30, 38);
    const shoppers = Array.from({ length: 10 }, guest);
    const baskets: { jar: Jar; basketId: string; shown: { total: number; remainingToPay: number } }[] = [];
    for (const jar of shoppers) {
      const basketId = await readyBasket(jar, variant.id, 2);
      const applied = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
        payment_method_id: 'GIFT_CERTIFICATE',
        cardNumber: card.number,
        pin: card.pin,
      });
      expect(applied.status).toBe(200);
      await payWithCard(jar, basketId, '4242424242424242');
      const shown = (await review(jar, basketId)).totals;
      expect(shown.total - shown.remainingToPay).toBe(card.balance);
      baskets.push({ jar, basketId, shown });
    }
    const answers = await Promise.all(baskets.map(({ jar, basketId }) => submitOrder(jar, basketId)));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.errorId).toBe('GFC740');
    }
    // Every authorization is exactly the amount its shopper was shown, and only the placed order has one.
    for (const [i, a] of answers.entries()) {
      const basket = baskets[i] as (typeof baskets)[number];
      if (a.status === 201) expect(await authorizationsFor(a.body.orderNumber)).toEqual([expect.objectContaining({ amount: basket.shown.remainingToPay })]);
      else expect(await paidOrdersOf(basket.basketId)).toEqual([]);
    }
    expect((await one<{ balance: number }>("SELECT balance FROM gift_cards WHERE last4 = '0001'")).balance).toBe(0);
    // A refused shopper's basket now says what the card pays: nothing, so the rest is theirs to pay.
    const refusedBasket = baskets[answers.findIndex((a) => a.status !== 201)] as (typeof baskets)[number];
    const repriced = (await review(refusedBasket.jar, refusedBasket.basketId)).totals;
    expect(repriced.remainingToPay).toBe(repriced.total);
  });

  it('loyalty points: points spent elsewhere after the review refuse the order', async () => {
    const jar = await signedInJar('leo.loyalty@cairn.test', '198.19.2.1');
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    await fillBasket(jar, basketId, (await stockedVariant(10, 39)).id);
    const reward = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/reward`, { appliedLoyaltyVoucher: { points: 500 } });
    expect(reward.status).toBe(200);
    await payWithCard(jar, basketId, '4242424242424242');
    const shown = (await review(jar, basketId)).totals;
    expect(shown.total - shown.remainingToPay).toBeGreaterThan(0);
    // Another device of Leo's spends the points meanwhile.
    await env.DB.prepare("UPDATE consumers SET loyalty_points = 100 WHERE consumer_no = 'C1000000002'").run();
    const refused = await submitOrder(jar, basketId);
    expect(refused.status).toBe(409);
    expect(refused.body.errorId).toBe('REW140');
    expect(await paidOrdersOf(basketId)).toEqual([]);
    expect((await one<{ loyalty_points: number }>("SELECT loyalty_points FROM consumers WHERE consumer_no = 'C1000000002'")).loyalty_points).toBe(100);
  });

  it('split: the gift card is debited and the card authorized exactly as the review showed', async () => {
    const card = DEMO_GIFT_CARDS.find((c) => c.number.endsWith('0002')) as { number: string; pin: string; balance: number };
    const jar = guest();
    const basketId = await readyBasket(jar, (await stockedVariant(10, 40)).id, 2);
    await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, {
      payment_method_id: 'GIFT_CERTIFICATE',
      cardNumber: card.number,
      pin: card.pin,
    });
    await payWithCard(jar, basketId, '4242424242424242');
    const shown = (await review(jar, basketId)).totals;
    const placed = await submitOrder(jar, basketId);
    expect(placed.status).toBe(201);
    expect(placed.body.paymentMethod).toEqual([
      expect.objectContaining({ code: 'GIFT_CARD', amount: shown.total - shown.remainingToPay, status: 'debited' }),
      expect.objectContaining({ code: 'CREDIT_CARD', amount: shown.remainingToPay, status: 'authorized' }),
    ]);
    expect(await authorizationsFor(placed.body.orderNumber)).toEqual([expect.objectContaining({ amount: shown.remainingToPay })]);
  });
});
