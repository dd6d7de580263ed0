// Cancelling an order, or some of its lines, as the order service does it (the account issue, §1 Orders),
// without HTTP against the real D1, Cart objects and the sandbox processor: the stock and the gift card
// given back and the card's hold released, once however often and however at once it is asked; some lines
// refunded with their share of the tax and points and the rest captured at shipping; refused once the order
// has shipped or for another shopper's order. What the CancelOrder call and the pages answer is
// account-orders.test.ts and account-after-sales.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { addToBasket } from '../../src/worker/commerce/cart/basket.ts';
import { applyGiftCard } from '../../src/worker/commerce/cart/instruments.ts';
import { cancelLines, type LineRequest, settlePendingRefunds } from '../../src/worker/commerce/orders/after-sales.ts';
import { cancelOrder } from '../../src/worker/commerce/orders/cancel.ts';
import { placeOrder } from '../../src/worker/commerce/orders/place-order.ts';
import { runFulfilment } from '../../src/worker/commerce/orders/run-fulfilment.ts';
import { paymentProviderFor } from '../../src/worker/commerce/payments/choose.ts';
import { authorizationsFor, stockedVariant, stockOf } from './checkout-helpers.ts';
import { deps, fulfilmentAt, member, placedOrder, pointsOf, readyBasket, review } from './checkout-services.ts';
import { demoCard, ownGiftCard } from './gift-card-helpers.ts';
import { one } from './helpers.ts';
import { interleaved } from './interleave.ts';

const balance = async () => (await one<{ balance: number }>("SELECT balance FROM gift_cards WHERE last4 = '0001'")).balance;
/** The refusal's code, or the status the order is left in. */
const cancelled = (who: Awaited<ReturnType<typeof member>>, orderNumber: string, consumerNo = who.claims.consumerNo as string) =>
  cancelOrder(deps, who, consumerNo, orderNumber).then(
    (order) => order.status,
    (error: { code?: string }) => error.code ?? String(error),
  );

/** An order of one unit of the variant, paid by card (and the demo gift card first, when `gift`). */
async function order(who: Awaited<ReturnType<typeof member>>, variantId: string, email: string, gift = false): Promise<string> {
  const basketId = await readyBasket(who, variantId, email);
  if (gift) await applyGiftCard(deps, who, basketId, demoCard('0001'));
  await review(who, basketId);
  return (await placedOrder(who, basketId)).orderNumber;
}

describe('cancelling an order', () => {
  it('gives back the stock and the gift card and releases the card, once however often it is asked', async () => {
    const ana = await member('ana@cairn.test', '198.19.16.1');
    const variant = await stockedVariant(5, 47);
    const [stockBefore, giftBefore] = [await stockOf(variant.id), await balance()];
    const number = await order(ana, variant.id, 'ana@cairn.test', true);
    expect([await stockOf(variant.id), (await balance()) < giftBefore]).toEqual([stockBefore - 1, true]);

    const result = await cancelOrder(deps, ana, ana.claims.consumerNo as string, number);
    expect([result.status, result.statusHistory.map((h) => h.status)]).toEqual(['cancelled', ['paid', 'cancelled']]);
    expect([await stockOf(variant.id), await balance()]).toEqual([stockBefore, giftBefore]);
    expect((await authorizationsFor(number)).every((a) => a.status === 'voided')).toBe(true);
    expect(await cancelled(ana, number)).toBe('cancelled');
    expect([await stockOf(variant.id), await balance()]).toEqual([stockBefore, giftBefore]);
    expect(await one("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'order.cancel' AND subject = ?1", `order:${number}`)).toEqual({ n: 1 });
  });

  it('gives back once when cancelled twice at the same moment', async () => {
    const eve = await member('eve.employee@cairn.test', '198.19.16.2');
    const variant = await stockedVariant(5, 52);
    const before = await stockOf(variant.id);
    const number = await order(eve, variant.id, 'eve.employee@cairn.test');
    expect(await Promise.all([cancelled(eve, number), cancelled(eve, number)])).toEqual(['cancelled', 'cancelled']);
    expect(await stockOf(variant.id)).toBe(before);
    expect((await authorizationsFor(number)).map((a) => a.status)).toEqual(['voided']);
  });

  it('is refused once the order has shipped, and for another shopper’s order', async () => {
    const ana = await member('ana@cairn.test', '198.19.16.3');
    const number = await order(ana, (await stockedVariant(5, 48)).id, 'ana@cairn.test');
    const leo = await member('leo.loyalty@cairn.test', '198.19.16.4');
    expect(await cancelled(leo, number)).toBe('OHS4004');
    for (const minutes of [3, 14]) await fulfilmentAt(minutes, number);
    expect(await one('SELECT status FROM orders WHERE order_number = ?1', number)).toEqual({ status: 'shipped' });
    expect(await cancelled(ana, number)).toBe('OHS4090');
  });
});

const cancelSome = (who: Awaited<ReturnType<typeof member>>, orderNumber: string, lines: LineRequest[]) =>
  cancelLines(deps, who, paymentProviderFor(env), who.claims.consumerNo as string, orderNumber, lines);

/** An order of `qty` units of the variant by card under `email`, and its line's id. */
async function unitsOrdered(who: Awaited<ReturnType<typeof member>>, email: string, variantId: string, qty: number) {
  const basketId = await readyBasket(who, variantId, email, false, qty);
  await review(who, basketId);
  const placed = await placedOrder(who, basketId);
  return { orderNumber: placed.orderNumber, itemId: placed.order.items[0]?.itemId as string };
}

/** The order service's dependencies, with the other request's `meanwhile` landing just before the statement `at`. */
const racingAt = (at: RegExp, meanwhile: () => Promise<unknown>) => ({ ...deps, env: { ...deps.env, DB: interleaved(at, meanwhile) } });

describe('cancelling some lines', () => {
  it('gives their stock back, refunds their share with its tax, captures only the rest at shipping, and takes back their points', async () => {
    const leo = await member('leo.loyalty@cairn.test', '198.19.16.5');
    const consumerNo = leo.claims.consumerNo as string;
    const [a, b] = [await stockedVariant(6, 60), await stockedVariant(6, 61)];
    const [stockA, stockB, pointsBefore] = [await stockOf(a.id), await stockOf(b.id), await pointsOf(consumerNo)];
    const basketId = await readyBasket(leo, a.id, 'leo.loyalty@cairn.test', false, 2);
    await addToBasket(deps, leo, DEFAULT_LOCALE, basketId, { productId: b.id, qty: 1 });
    await review(leo, basketId);
    const placed = (await placedOrder(leo, basketId)).order;
    const totals = placed.totals as { total: number; tax: number; itemTotal: number; shipping: number };
    const earned = Math.floor(totals.total / 100);
    expect(await pointsOf(consumerNo)).toBe(pointsBefore + earned);
    const lineA = placed.items.find((item) => item.productId === a.id) as (typeof placed.items)[number];

    await expect(cancelSome(leo, placed.orderNumber, [{ itemId: lineA.itemId, quantity: 3 }])).rejects.toMatchObject({
      code: 'API400',
      details: [expect.objectContaining({ field: 'items[0].quantity' })],
    });
    await expect(cancelSome(leo, placed.orderNumber, [{ itemId: 'nope', quantity: 1 }])).rejects.toMatchObject({
      details: [expect.objectContaining({ field: 'items[0].itemId' })],
    });

    const after = await cancelSome(leo, placed.orderNumber, [{ itemId: lineA.itemId, quantity: 1 }]);
    expect(after.status).toBe('paid');
    expect(after.items.find((item) => item.productId === a.id)).toMatchObject({ qty: 2, cancelledQty: 1 });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([stockA - 1, stockB - 1]);
    const refund = await one<{ amount: number; status: string }>('SELECT amount, status FROM order_refunds WHERE order_number = ?1', placed.orderNumber);
    const half = Math.floor(lineA.rowTotal / 2);
    expect(refund).toEqual({ amount: half + Math.floor((totals.tax * half) / (totals.itemTotal + totals.shipping)), status: 'settled' });
    const reversed = Math.round((earned * refund.amount) / totals.total);
    expect(await pointsOf(consumerNo)).toBe(pointsBefore + earned - reversed);
    // Still held whole until it ships, then taken for what is left.
    expect((await authorizationsFor(placed.orderNumber))[0]).toMatchObject({ status: 'authorized', amount: totals.total });
    for (const minutes of [3, 14]) await fulfilmentAt(minutes, placed.orderNumber);
    expect((await authorizationsFor(placed.orderNumber))[0]).toMatchObject({ status: 'captured', capturedAmount: totals.total - refund.amount });
    expect(
      await one("SELECT group_concat(kind || ':' || points) AS kinds FROM loyalty_transactions WHERE order_number = ?1 ORDER BY rowid", placed.orderNumber),
    ).toEqual({ kinds: `earned:${earned},reversed:${-reversed}` });
  });

  it('cancels the whole order when the last lines go, and refuses once shipped', async () => {
    const ana = await member('ana@cairn.test', '198.19.16.6');
    const a = await stockedVariant(6, 62);
    const stock = await stockOf(a.id);
    const basketId = await readyBasket(ana, a.id, 'ana@cairn.test', false, 2);
    await review(ana, basketId);
    const placed = (await placedOrder(ana, basketId)).order;
    const line = placed.items.find((item) => item.productId === a.id) as (typeof placed.items)[number];
    await cancelSome(ana, placed.orderNumber, [{ itemId: line.itemId, quantity: 1 }]);
    const others = placed.items.filter((item) => item.productId !== a.id).map((item) => ({ itemId: item.itemId, quantity: item.qty }));
    const rest = await cancelSome(ana, placed.orderNumber, [{ itemId: line.itemId, quantity: 1 }, ...others]);
    expect(rest.status).toBe('cancelled');
    expect(await stockOf(a.id)).toBe(stock);
    expect((await authorizationsFor(placed.orderNumber)).map((x) => x.status)).toEqual(['voided']);

    const later = await order(ana, a.id, 'ana@cairn.test');
    for (const minutes of [3, 14]) await fulfilmentAt(minutes, later);
    const itemId = (await one<{ item_id: string }>('SELECT item_id FROM order_lines WHERE order_number = ?1', later)).item_id;
    await expect(cancelSome(ana, later, [{ itemId, quantity: 1 }])).rejects.toMatchObject({ code: 'OHS4090' });
  });

  it('gives back each unit once when some lines are cancelled while the whole order is being cancelled', async () => {
    const ana = await member('ana@cairn.test', '198.19.16.9');
    const consumerNo = ana.claims.consumerNo as string;
    const variant = await stockedVariant(6, 78);
    const stock = await stockOf(variant.id);
    const placed = await unitsOrdered(ana, 'ana@cairn.test', variant.id, 3);
    const itemId = placed.itemId;
    expect(await stockOf(variant.id)).toBe(stock - 3);
    // One unit is cancelled after the whole order's cancellation has read its lines, before it gives them back.
    const racing = racingAt(/^UPDATE orders SET status = \?5/, () => cancelSome(ana, placed.orderNumber, [{ itemId, quantity: 1 }]));

    await cancelOrder(racing, ana, consumerNo, placed.orderNumber);

    expect(await stockOf(variant.id)).toBe(stock);
    expect(await one('SELECT status FROM orders WHERE order_number = ?1', placed.orderNumber)).toEqual({ status: 'cancelled' });
  });

  it('cancels the whole order when its last two units are cancelled one each at the same moment', async () => {
    const ana = await member('ana@cairn.test', '198.19.16.10');
    const variant = await stockedVariant(6, 79);
    const stock = await stockOf(variant.id);
    const placed = await unitsOrdered(ana, 'ana@cairn.test', variant.id, 2);
    const itemId = placed.itemId;
    // The other unit is cancelled after this request has seen one left, before its own batch.
    const racing = racingAt(/^UPDATE order_lines SET cancelled_qty/, () => cancelSome(ana, placed.orderNumber, [{ itemId, quantity: 1 }]));

    await cancelLines(racing, ana, paymentProviderFor(env), ana.claims.consumerNo as string, placed.orderNumber, [{ itemId, quantity: 1 }]);

    expect(await one('SELECT status FROM orders WHERE order_number = ?1', placed.orderNumber)).toEqual({ status: 'cancelled' });
    expect(await stockOf(variant.id)).toBe(stock);
    expect((await authorizationsFor(placed.orderNumber))[0]?.status).toBe('voided');
  });

  it('issues no gift card and earns no points for an order cancelled as its payment was being confirmed', async () => {
    const leo = await member('leo.loyalty@cairn.test', '198.19.16.11');
    const consumerNo = leo.claims.consumerNo as string;
    const boot = await stockedVariant(6, 80);
    const gift = await one<{ id: string }>(
      'SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 1 ORDER BY v.id LIMIT 1',
    );
    const basketId = await readyBasket(leo, boot.id, 'leo.loyalty@cairn.test');
    await addToBasket(deps, leo, DEFAULT_LOCALE, basketId, { productId: gift.id, qty: 1 });
    await review(leo, basketId);
    const points = await pointsOf(consumerNo);
    // The shopper cancels the moment the order shows paid, before what follows the payment is written.
    const cancelFirst = async () => {
      const row = await one<{ order_number: string }>('SELECT order_number FROM orders WHERE basket_id = ?1 ORDER BY created_at DESC LIMIT 1', basketId);
      await cancelOrder(deps, leo, consumerNo, row.order_number);
    };
    const racing = racingAt(/^UPDATE orders SET points_earned/, cancelFirst);

    const placed = await placeOrder(racing, leo, DEFAULT_LOCALE, { basketId, requestUrl: 'https://store.test/en-us/checkout' });

    expect(await one('SELECT status FROM orders WHERE order_number = ?1', placed.orderNumber)).toEqual({ status: 'cancelled' });
    expect(await pointsOf(consumerNo)).toBe(points);
    expect(await one("SELECT COUNT(*) AS n FROM gift_cards WHERE order_number = ?1 AND status = 'active'", placed.orderNumber)).toEqual({ n: 0 });
  });

  it('never takes back more from a tender than it paid when two lines are refunded at the same moment', async () => {
    const ana = await member('ana@cairn.test', '198.19.16.12');
    const variant = await one<{ id: string; price: number }>(
      `SELECT v.id, COALESCE(pr.sale_amount, pr.list_amount) AS price FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN products p ON p.id = v.product_id
       JOIN styles s ON s.id = p.style_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
       WHERE i.quantity >= 5 AND s.is_digital = 0 AND s.is_presale = 0 AND s.max_qty IS NULL AND s.target_publish_date IS NULL
         AND COALESCE(pr.sale_amount, pr.list_amount) BETWEEN 15000 AND 30000 ORDER BY v.id LIMIT 1 OFFSET 3`,
    );
    const basketId = await readyBasket(ana, variant.id, 'ana@cairn.test', false, 3);
    // A gift card pays most, the card the rest, less than two units: each unit's refund goes to the card first.
    const card = await ownGiftCard();
    await env.DB.prepare('UPDATE gift_cards SET balance = ?2 WHERE id = ?1')
      .bind(`gc-own-${card.cardNumber}`, 2 * variant.price - 1000)
      .run();
    await applyGiftCard(deps, ana, basketId, card);
    await review(ana, basketId);
    const placed = await placedOrder(ana, basketId);
    const itemId = placed.order.items[0]?.itemId as string;
    // The second unit's refund is paid while the first's has read the tenders and not yet recorded its share.
    const racing = racingAt(/^UPDATE order_payments SET released = released/, () => cancelSome(ana, placed.orderNumber, [{ itemId, quantity: 1 }]));

    await cancelLines(racing, ana, paymentProviderFor(env), ana.claims.consumerNo as string, placed.orderNumber, [{ itemId, quantity: 1 }]);
    await settlePendingRefunds(env.DB, paymentProviderFor(env), new Date(Date.now() + 5 * 60_000), placed.orderNumber);

    const tenders = await env.DB.prepare('SELECT method, amount, released FROM order_payments WHERE order_number = ?1 ORDER BY payment_no')
      .bind(placed.orderNumber)
      .all<{ method: string; amount: number; released: number }>();
    expect(tenders.results.filter((tender) => tender.released > tender.amount)).toEqual([]);
    const refunded = await one<{ n: number }>("SELECT SUM(amount) AS n FROM order_refunds WHERE order_number = ?1 AND status = 'settled'", placed.orderNumber);
    expect(tenders.results.reduce((sum, tender) => sum + tender.released, 0)).toBe(refunded.n);
  });

  it('never charges at shipping for units cancelled while their payment was being captured', async () => {
    const ana = await member('ana@cairn.test', '198.19.16.13');
    const variant = await stockedVariant(6, 81);
    const placed = await unitsOrdered(ana, 'ana@cairn.test', variant.id, 3);
    await fulfilmentAt(3, placed.orderNumber);
    // The shopper cancels a unit while the warehouse's run is capturing the order's payment.
    const cancelling = () => cancelSome(ana, placed.orderNumber, [{ itemId: placed.itemId, quantity: 1 }]).catch(() => null);
    const racing = racingAt(/^UPDATE order_payments SET status = 'captured'/, cancelling);

    await runFulfilment(racing.env, new Date(Date.now() + 14 * 60_000), placed.orderNumber);

    const card = await one<{ amount: number; released: number }>(
      'SELECT amount, released FROM order_payments WHERE order_number = ?1 AND authorization_id IS NOT NULL',
      placed.orderNumber,
    );
    expect((await authorizationsFor(placed.orderNumber))[0]).toMatchObject({ status: 'captured', capturedAmount: card.amount - card.released });
  });
});
