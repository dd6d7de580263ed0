// No oversell under load (the checkout issue, §4): 200 shoppers check out the last 50 pairs at the same
// moment, each from a basket of their own, through the order service (checkout-services.ts). Exactly 50
// orders, 150 clean out-of-stock refusals, stock at zero and never below, and no money held for an order
// that was not placed. Then what the order call answers a shopper who comes too late.

import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { callerOf } from '../../src/worker/commerce/cart/caller.ts';
import { cartStub } from '../../src/worker/commerce/cart/service.ts';
import { authorizationsFor, payWithCard, readyBasket as readyBasketOverHttp, review, stockedVariant, stockOf, submitOrder } from './checkout-helpers.ts';
import { orderOutcome, readyBasket, review as reviewed, shopper } from './checkout-services.ts';
import { Jar } from './jar.ts';

const SHOPPERS = 200;
const STOCK = 50;

it('sells exactly the stock there is to 200 concurrent checkouts', { timeout: 120_000 }, async () => {
  const variant = await stockedVariant(1, 20);
  const shoppers = Array.from({ length: SHOPPERS }, (_, i) => shopper(`10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`));
  // Every basket is filled and reviewed while there is plenty, then the stock drops to the last 50.
  const baskets: string[] = [];
  for (let i = 0; i < SHOPPERS; i += 25) {
    baskets.push(
      ...(await Promise.all(
        shoppers.slice(i, i + 25).map(async (who, j) => {
          const basketId = await readyBasket(who, variant.id, `buyer-${i + j}@example.com`);
          await reviewed(who, basketId);
          return basketId;
        }),
      )),
    );
  }
  await env.DB.prepare('UPDATE inventory SET quantity = ?1 WHERE variant_id = ?2').bind(STOCK, variant.id).run();

  const outcomes = await Promise.all(shoppers.map((who, i) => orderOutcome(who, baskets[i] as string)));

  const placed = outcomes.filter((outcome) => outcome.orderNumber);
  expect(placed).toHaveLength(STOCK);
  expect(outcomes.filter((outcome) => outcome.refused === 'INV700')).toHaveLength(SHOPPERS - STOCK);
  expect(await stockOf(variant.id)).toBe(0);
  const orders = await env.DB.prepare(
    "SELECT status, COUNT(*) AS n FROM orders o WHERE EXISTS (SELECT 1 FROM order_lines l WHERE l.order_number = o.order_number AND l.variant_id = ?1) AND o.created_at > datetime('now', '-5 minutes') GROUP BY status",
  )
    .bind(variant.id)
    .all<{ status: string; n: number }>();
  expect(orders.results.filter((r) => r.status !== 'failed')).toEqual([{ status: 'paid', n: STOCK }]);
  // One authorization per order placed, and nothing held for anyone else.
  const held = await Promise.all(placed.map((outcome) => authorizationsFor(outcome.orderNumber as string)));
  expect(held.every((list) => list.length === 1 && list[0]?.status === 'authorized')).toBe(true);
  // The refused shoppers keep their baskets, to buy something else.
  const last = shoppers[SHOPPERS - 1] as ReturnType<typeof shopper>;
  expect((await cartStub(env, baskets[SHOPPERS - 1] as string).read(callerOf(last))).ok).toBe(true);
});

it('answers a shopper whose size sold out since the review 409 INV700, and keeps their basket', async () => {
  const variant = await stockedVariant(1, 21);
  const jar = new Jar();
  jar.address = '10.21.0.1';
  const basketId = await readyBasketOverHttp(jar, variant.id);
  await payWithCard(jar, basketId, '4242424242424242');
  await review(jar, basketId);
  await env.DB.prepare('UPDATE inventory SET quantity = 0 WHERE variant_id = ?1').bind(variant.id).run();
  const refused = await submitOrder(jar, basketId);
  expect([refused.status, refused.body.errorId]).toEqual([409, 'INV700']);
  expect((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).status).toBe(200);
});
