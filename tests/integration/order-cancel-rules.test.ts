// Cancelling an order as the order service does it (the account issue, §1 Orders), without HTTP against the
// real D1, Cart objects and the sandbox processor: the stock and the gift card given back and the card's
// hold released, once however often and however at once it is asked, and refused once the order has
// shipped or for another shopper's order. What the CancelOrder call and the order page answer is
// account-orders.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { applyGiftCard } from '../../src/worker/commerce/cart/instruments.ts';
import { cancelOrder } from '../../src/worker/commerce/orders/cancel.ts';
import { runFulfilment } from '../../src/worker/commerce/orders/run-fulfilment.ts';
import { authorizationsFor, stockedVariant, stockOf } from './checkout-helpers.ts';
import { deps, placedOrder, readyBasket, review, shopper } from './checkout-services.ts';
import { demoCard } from './gift-card-helpers.ts';
import { one } from './helpers.ts';

const member = async (email: string, address: string) =>
  shopper(address, (await one<{ consumer_no: string }>('SELECT consumer_no FROM consumers WHERE email = ?1', email)).consumer_no);
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
    for (const minutes of [3, 14]) await runFulfilment(env, new Date(Date.now() + minutes * 60_000), number);
    expect(await one('SELECT status FROM orders WHERE order_number = ?1', number)).toEqual({ status: 'shipped' });
    expect(await cancelled(ana, number)).toBe('OHS4090');
  });
});
