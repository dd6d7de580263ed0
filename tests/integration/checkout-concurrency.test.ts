// No oversell under load (the checkout issue, §4): 200 shoppers check out the last 50 pairs at the same
// moment, each from a basket of their own. Exactly 50 orders, 150 clean out-of-stock answers, stock at
// zero and never below, and no money held for an order that was not placed.

import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { authorizationsFor, payWithCard, placeOrder, readyBasket, stockedVariant, stockOf } from './checkout-helpers.ts';
import { Jar } from './jar.ts';

const SHOPPERS = 200;
const STOCK = 50;

it('sells exactly the stock there is to 200 concurrent checkouts', { timeout: 120_000 }, async () => {
  const variant = await stockedVariant(1, 20);
  const jars = Array.from({ length: SHOPPERS }, (_, i) => {
    const jar = new Jar();
    jar.address = `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    return jar;
  });
  // Every basket is filled while there is plenty, then the stock drops to the last 50.
  const baskets: string[] = [];
  for (let i = 0; i < SHOPPERS; i += 25) {
    baskets.push(
      ...(await Promise.all(
        jars.slice(i, i + 25).map(async (jar) => {
          const basketId = await readyBasket(jar, variant.id);
          await payWithCard(jar, basketId, '4242424242424242');
          return basketId;
        }),
      )),
    );
  }
  await env.DB.prepare('UPDATE inventory SET quantity = ?1 WHERE variant_id = ?2').bind(STOCK, variant.id).run();

  const answers = await Promise.all(jars.map((jar, i) => placeOrder(jar, baskets[i] as string)));

  const placed = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status !== 201);
  expect(placed).toHaveLength(STOCK);
  expect(refused).toHaveLength(SHOPPERS - STOCK);
  for (const answer of refused) {
    expect(answer.status).toBe(409);
    expect(answer.body.errorId).toBe('INV700');
  }
  expect(await stockOf(variant.id)).toBe(0);
  const orders = await env.DB.prepare(
    "SELECT status, COUNT(*) AS n FROM orders o WHERE EXISTS (SELECT 1 FROM order_lines l WHERE l.order_number = o.order_number AND l.variant_id = ?1) AND o.created_at > datetime('now', '-5 minutes') GROUP BY status",
  )
    .bind(variant.id)
    .all<{ status: string; n: number }>();
  expect(orders.results.filter((r) => r.status !== 'failed')).toEqual([{ status: 'paid', n: STOCK }]);
  // One authorization per order placed, and nothing held for anyone else.
  const held = await Promise.all(placed.map((a) => authorizationsFor(a.body.orderNumber)));
  expect(held.every((list) => list.length === 1 && list[0]?.status === 'authorized')).toBe(true);
  // The refused shoppers keep their baskets, to buy something else.
  const cart = await jars[SHOPPERS - 1]?.api('GET', `/api/cart/v1/cart/${baskets[SHOPPERS - 1]}`);
  expect(cart?.status).toBe(200);
});
