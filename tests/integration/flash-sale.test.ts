// Flash sales (issue 27, "Shard and hold a flash sale"): a sale's units are held for baskets in FlashStock
// shards. The attacks: a crowd adding at once for fewer units, one basket adding twice at once, a hold that
// lapses and is sold again (the alarm), a unit sold to a paid order that no one can take again, and a buyer
// refused before D1 sees an order.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { setBillingAddress, setShippingAddress } from '../../src/worker/commerce/cart/addresses.ts';
import { addToBasket, openBasket } from '../../src/worker/commerce/cart/basket.ts';
import { callerOf } from '../../src/worker/commerce/cart/caller.ts';
import { removeLine } from '../../src/worker/commerce/cart/lines.ts';
import { basketAtSignIn } from '../../src/worker/commerce/cart/service.ts';
import { setCardPayment } from '../../src/worker/commerce/checkout/payment.ts';
import type { FlashSale } from '../../src/worker/commerce/flash/flash-sales.ts';
import { shardName, shardOrder } from '../../src/worker/commerce/flash/holds.ts';
import {
  answerChallenge,
  cardToken,
  payWithCard,
  placeOrder as placeOrderOverHttp,
  readyBasket as readyBasketOverHttp,
  review,
  stockOf,
  US_ADDRESS,
} from './checkout-helpers.ts';
import { deps, linesOf, member, orderOutcome, readyBasket, review as reviewed, shopper } from './checkout-services.ts';
import { declareSale, lapseHolds, ordersOfBasket, pause, runShardAlarms, saleStatus, storedHolds, variantOnSale } from './flash-helpers.ts';
import { Jar } from './jar.ts';

const US = DEFAULT_LOCALE;
/** Longer than an isolate remembers a sold-out answer: a shopper trying again a moment later is asked afresh. */
const AFTER_SOLD_OUT_MEMO_MS = 1_600;

async function emptyBasket(who: ReturnType<typeof shopper>): Promise<string> {
  const opened = await openBasket(deps, who, US);
  return (opened.result.ok ? opened.result.state.basketId : undefined) as string;
}

function addOutcome(who: ReturnType<typeof shopper>, basketId: string, variantId: string, qty = 1): Promise<string> {
  return addToBasket(deps, who, US, basketId, { productId: variantId, qty }).then(
    (change) => (change.result.ok ? 'added' : `refused:${change.result.refusal}`),
    (error: { code?: string }) => error.code ?? String(error),
  );
}

describe('a flash sale under a crowd', () => {
  it('holds exactly its units for 16 baskets adding at once, and tells the rest INV700 sold out', async () => {
    const variant = await variantOnSale(30, { units: 5, shards: 3 });
    const buyers = Array.from({ length: 16 }, (_, i) => shopper(`10.53.0.${i + 1}`));
    const baskets = await Promise.all(buyers.map(emptyBasket));
    const outcomes = await Promise.all(buyers.map((who, i) => addOutcome(who, baskets[i] as string, variant.id)));
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'INV700')).toHaveLength(11);
    const status = await saleStatus(variant.id);
    expect([status.held, status.sold, status.available]).toEqual([5, 0, 0]);
    // Only the baskets that got a unit have the line.
    const lines = await Promise.all(buyers.map((who, i) => linesOf(who, baskets[i] as string)));
    expect(lines.filter((l) => l.length === 1)).toHaveLength(5);
    // D1's inventory is untouched by holds: it moves only with orders.
    expect(await stockOf(variant.id)).toBe(variant.quantity);
  });

  it('gives one basket adding twice at once two units while they last, then none', async () => {
    const variant = await variantOnSale(31, { units: 3, shards: 2 });
    const who = shopper('10.53.1.1');
    const basketId = await emptyBasket(who);
    expect(await Promise.all([addOutcome(who, basketId, variant.id), addOutcome(who, basketId, variant.id)])).toEqual(['added', 'added']);
    expect((await linesOf(who, basketId))[0]?.qty).toBe(2);
    const other = shopper('10.53.1.2');
    const otherBasket = await emptyBasket(other);
    // Asking for two of the one left is refused whole, and holds nothing.
    expect(await addOutcome(other, otherBasket, variant.id, 2)).toBe('INV700');
    expect((await saleStatus(variant.id)).held).toBe(2);
    expect(await addOutcome(other, otherBasket, variant.id)).toBe('added');
    expect((await saleStatus(variant.id)).held).toBe(3);
  });

  it('answers a shopper over HTTP 409 INV700 once the sale is sold out, and adds nothing', async () => {
    const variant = await variantOnSale(32, { units: 1, shards: 1 });
    const first = new Jar();
    first.address = '10.53.2.1';
    const basket = (await first.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    expect((await first.api('POST', '/api/cart/v1/item', { cartId: basket, productId: variant.id, qty: 1 })).status).toBe(200);
    const late = new Jar();
    late.address = '10.53.2.2';
    const lateBasket = (await late.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const refused = await late.api('POST', '/api/cart/v1/item', { cartId: lateBasket, productId: variant.id, qty: 1 });
    expect([refused.status, refused.body.errorId, refused.body.message]).toEqual([409, 'INV700', 'This item is sold out.']);
    // The same answer again, now from the isolate's memory of the sale.
    const again = await late.api('POST', '/api/cart/v1/item', { cartId: lateBasket, productId: variant.id, qty: 1 });
    expect([again.status, again.body.errorId]).toEqual([409, 'INV700']);
    expect((await late.api('GET', `/api/cart/v1/cart/${lateBasket}`)).body.items).toEqual([]);
  });
});

describe('a flash sale hold', () => {
  it('lapses, is given back by the alarm and sold to another basket; the first then cannot order it', async () => {
    const variant = await variantOnSale(33, { units: 1, shards: 2, holdMinutes: 5 });
    const first = shopper('10.53.3.1');
    const firstBasket = await readyBasket(first, variant.id, 'first@example.com');
    await reviewed(first, firstBasket);
    const second = shopper('10.53.3.2');
    const secondBasket = await emptyBasket(second);
    expect(await addOutcome(second, secondBasket, variant.id)).toBe('INV700');

    await lapseHolds(variant.id, 2);
    expect(await runShardAlarms(variant.id, 2)).toBeGreaterThanOrEqual(1);
    expect(await storedHolds(variant.id, 2)).toBe(0);
    await pause(AFTER_SOLD_OUT_MEMO_MS);
    expect(await addOutcome(second, secondBasket, variant.id)).toBe('added');

    // The first basket's hold is gone and its unit is the second's: its order is refused before D1 is written.
    expect(await orderOutcome(first, firstBasket)).toEqual({ refused: 'INV700' });
    expect(await ordersOfBasket(firstBasket)).toBe(0);
    expect(await stockOf(variant.id)).toBe(variant.quantity);
    expect((await saleStatus(variant.id)).held).toBe(1);
  });

  it('is taken again at the order when it lapsed and a unit is free', async () => {
    const variant = await variantOnSale(34, { units: 2, shards: 2 });
    const who = shopper('10.53.4.1');
    const basketId = await readyBasket(who, variant.id, 'again@example.com');
    await reviewed(who, basketId);
    await lapseHolds(variant.id, 2);
    await runShardAlarms(variant.id, 2);
    const placed = await orderOutcome(who, basketId);
    expect(placed.orderNumber).toMatch(/^CR\d{9}$/);
    expect(await saleStatus(variant.id)).toMatchObject({ held: 0, sold: 1, available: 1 });
  });
});

describe('a flash sale order', () => {
  it('sells the unit for good: no other basket takes it, not even after every hold has lapsed', async () => {
    const variant = await variantOnSale(35, { units: 1, shards: 2 });
    const buyer = shopper('10.53.5.1');
    const basketId = await readyBasket(buyer, variant.id, 'buyer@example.com');
    await reviewed(buyer, basketId);
    const placed = await orderOutcome(buyer, basketId);
    expect(placed.orderNumber).toMatch(/^CR\d{9}$/);
    expect(await stockOf(variant.id)).toBe(variant.quantity - 1);
    await lapseHolds(variant.id, 2);
    await runShardAlarms(variant.id, 2);
    await pause(AFTER_SOLD_OUT_MEMO_MS);
    const late = shopper('10.53.5.2');
    expect(await addOutcome(late, await emptyBasket(late), variant.id)).toBe('INV700');
    expect(await saleStatus(variant.id)).toMatchObject({ held: 0, sold: 1, available: 0 });
  });

  it('refuses a basket that had the size before the sale INV700 when the sale is sold out, with no order row in D1', async () => {
    const variant = await variantOnSale(36, { units: 5, shards: 1 });
    const early = shopper('10.53.6.1');
    // In the basket before the sale: its line holds nothing.
    await env.DB.prepare('DELETE FROM flash_sales WHERE variant_id = ?1').bind(variant.id).run();
    const { forgetFlashSales } = await import('../../src/worker/commerce/flash/flash-sales.ts');
    forgetFlashSales();
    const earlyBasket = await readyBasket(early, variant.id, 'early@example.com');
    await reviewed(early, earlyBasket);
    expect((await declareSale(variant.id, { units: 1, shards: 1 })).status).toBe(200);
    const holder = shopper('10.53.6.2');
    const holderBasket = await readyBasket(holder, variant.id, 'holder@example.com');
    await reviewed(holder, holderBasket);
    expect(await orderOutcome(early, earlyBasket)).toEqual({ refused: 'INV700' });
    expect(await ordersOfBasket(earlyBasket)).toBe(0);
    expect((await orderOutcome(holder, holderBasket)).orderNumber).toMatch(/^CR\d{9}$/);
    expect(await stockOf(variant.id)).toBe(variant.quantity - 1);
  });

  it('gives the unit back when the card is declined, and when the line is removed', async () => {
    const variant = await variantOnSale(37, { units: 1, shards: 2 });
    const jar = new Jar();
    jar.address = '10.53.7.1';
    const basketId = await readyBasketOverHttp(jar, variant.id);
    await payWithCard(jar, basketId, '4000000000000002');
    await review(jar, basketId);
    const declined = await jar.api('PUT', '/api/cart/v2/checkout/order', { cartId: basketId });
    expect(declined.body.errorId).toBe('PAY400');
    expect(await saleStatus(variant.id)).toMatchObject({ held: 0, sold: 0, available: 1 });

    const other = shopper('10.53.7.2');
    const otherBasket = await emptyBasket(other);
    expect(await addOutcome(other, otherBasket, variant.id)).toBe('added');
    const line = (await linesOf(other, otherBasket))[0];
    await removeLine(deps, other, otherBasket, line?.id as string);
    expect(await saleStatus(variant.id)).toMatchObject({ held: 0, available: 1 });
  });
  it('sells an order of one a single unit when its basket also held one on another shard', async () => {
    // Two shards of one unit each. Y holds its home shard; X, whose home is the same, is granted the other one.
    const variant = await variantOnSale(42, { units: 2, shards: 2 });
    const home = (basketId: string) => shardOrder({ shards: 2 } as FlashSale, basketId)[0];
    const y = shopper('10.53.8.1');
    const yBasket = await emptyBasket(y);
    expect(await addOutcome(y, yBasket, variant.id)).toBe('added');
    let x = shopper('10.53.8.2');
    let xBasket = await emptyBasket(x);
    for (let i = 3; home(xBasket) !== home(yBasket); i++) {
      x = shopper(`10.53.8.${i}`);
      xBasket = await emptyBasket(x);
    }
    expect(await addOutcome(x, xBasket, variant.id)).toBe('added');
    // Y leaves: X's home shard has a unit free again, and the order pins that one.
    await removeLine(deps, y, yBasket, (await linesOf(y, yBasket))[0]?.id as string);
    await setShippingAddress(deps, x, US, xBasket, { ...US_ADDRESS, email: 'x@example.com' });
    await setBillingAddress(deps, x, xBasket, { ...US_ADDRESS, email: 'x@example.com' });
    await setCardPayment(deps, x, xBasket, { token: await cardToken('4242424242424242'), save: false });
    await reviewed(x, xBasket);
    expect((await orderOutcome(x, xBasket)).orderNumber).toMatch(/^CR\d{9}$/);
    // One sold; the other unit is for the next buyer, not lost to an order that paid for one.
    expect(await saleStatus(variant.id)).toMatchObject({ held: 0, sold: 1, available: 1 });
  });
  it('keeps the unit pinned to an order at the bank while its basket is edited, and sells it when the challenge passes', async () => {
    const variant = await variantOnSale(43, { units: 1, shards: 2 });
    const jar = new Jar();
    jar.address = '10.53.9.1';
    const basketId = await readyBasketOverHttp(jar, variant.id);
    await payWithCard(jar, basketId, '4000000000003220');
    const placed = await placeOrderOverHttp(jar, basketId);
    expect(placed.body.status).toBe('awaiting_authentication');
    // Another tab removes the line while the shopper is at their bank: the unit stays the order's.
    const line = (await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items[0];
    expect((await jar.api('DELETE', '/api/cart/v1/item', { cartId: basketId, itemId: line.id })).status).toBe(200);
    expect(await saleStatus(variant.id)).toMatchObject({ held: 1, sold: 0, available: 0 });
    await pause(AFTER_SOLD_OUT_MEMO_MS);
    const other = shopper('10.53.9.2');
    expect(await addOutcome(other, await emptyBasket(other), variant.id)).toBe('INV700');
    const challenge = placed.body.flash.find((f: { type: string }) => f.type === 'PaymentNotAuthorized').action.url as string;
    await answerChallenge(challenge, 'pass');
    const paid = await jar.api('PATCH', `/api/cart/v2/checkout/order/${placed.body.orderNumber}`, {
      paymentMethod: { code: 'CREDIT_CARD', additionalData: { threeDS2Result: 'passed' } },
    });
    expect(paid.body.status).toBe('paid');
    expect(await saleStatus(variant.id)).toMatchObject({ held: 0, sold: 1, available: 0 });
  });
});

describe('a flash sale hold at sign-in', () => {
  it("follows the guest's line into the member's basket, which then orders it", async () => {
    const variant = await variantOnSale(41, { units: 1, shards: 3 });
    const ana = await member('ana@cairn.test', '10.53.10.1');
    const memberBasket = await emptyBasket(ana);
    const guest = shopper('10.53.10.1');
    const guestBasket = await emptyBasket(guest);
    expect(await addOutcome(guest, guestBasket, variant.id)).toBe('added');
    // Signing in as Ana merges the guest basket into hers.
    const merged = await basketAtSignIn(deps.env, US, callerOf(guest), guestBasket, ana.claims.consumerNo as string);
    expect(merged?.basketId).toBe(memberBasket);
    await setShippingAddress(deps, ana, US, memberBasket, { ...US_ADDRESS, email: 'ana@cairn.test' });
    await setBillingAddress(deps, ana, memberBasket, { ...US_ADDRESS, email: 'ana@cairn.test' });
    await setCardPayment(deps, ana, memberBasket, { token: await cardToken('4242424242424242'), save: false });
    await reviewed(ana, memberBasket);
    expect((await orderOutcome(ana, memberBasket)).orderNumber).toMatch(/^CR\d{9}$/);
    expect(await saleStatus(variant.id)).toMatchObject({ held: 0, sold: 1, available: 0 });
  });
});

describe('declaring a flash sale', () => {
  it('refuses more units than D1 has in stock, and another number of shards while the sale runs', async () => {
    const variant = await variantOnSale(38, { units: 2, shards: 2 });
    const tooMany = await declareSale(variant.id, { units: variant.quantity + 1 });
    expect([tooMany.status, tooMany.body.errorId, tooMany.body.details?.[0]?.field]).toEqual([400, 'API400', 'units']);
    const reshard = await declareSale(variant.id, { units: 2, shards: 3 });
    expect([reshard.status, reshard.body.errorId]).toEqual([409, 'API409']);
    const more = await declareSale(variant.id, { units: 3, shards: 2 });
    expect(more.status).toBe(200);
    expect(more.body).toMatchObject({ available: 3, sale: { units: 3, shards: 2, holdMinutes: 10 } });
  });

  it('answers INV406 before the sale starts, and leaves the size to D1 once it has ended', async () => {
    const variant = await variantOnSale(39, { units: 1, shards: 1 });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await declareSale(variant.id, { units: 1, shards: 1, startsAt: later })).status).toBe(200);
    const who = shopper('10.53.9.1');
    const basketId = await emptyBasket(who);
    expect(await addOutcome(who, basketId, variant.id)).toBe('INV406');
    const ended = new Date(Date.now() - 1000).toISOString();
    const over = await declareSale(variant.id, { units: 1, shards: 1, startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: ended });
    expect(over.status).toBe(200);
    expect(await Promise.all([addOutcome(who, basketId, variant.id), addOutcome(who, basketId, variant.id)])).toEqual(['added', 'added']);
  });

  it('keeps a sale whole when an isolate still calling for an older sale of the size reaches its shard', async () => {
    const variant = await variantOnSale(44, { units: 1, shards: 1 });
    const holder = shopper('10.53.10.1');
    expect(await addOutcome(holder, await emptyBasket(holder), variant.id)).toBe('added');
    // What an isolate that read the size's previous sale (ended and declared anew within its 5 s) would send.
    const shard = env.FLASH_STOCK.get(env.FLASH_STOCK.idFromName(shardName(variant.id, 0)));
    const stale = await shard.take({ saleId: 'an-older-sale', declaredAt: 0, allotment: 5, holdMs: 60_000 }, 'stale-basket', 1);
    expect(stale.granted).toBe(0);
    expect(await saleStatus(variant.id)).toMatchObject({ held: 1, sold: 0, available: 0 });
  });
});
