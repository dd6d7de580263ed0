// Bench: two guest baskets for the cart runs, each on its own (a read hits one, adds hit the other), with
// the added variant's stock raised so ten seconds of adds never run out.

import type { Database } from './server.ts';
import type { Target } from './targets.ts';

interface Basket {
  cookie: string;
  basketId: string;
}

async function newBasket(origin: string): Promise<Basket> {
  const response = await fetch(new URL('/api/cart/v1/cart', origin), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (response.status !== 201) throw new Error(`creating a cart answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, basketId: ((await response.json()) as { basketId: string }).basketId };
}

export async function cartTargets(origin: string, db: Database): Promise<{ get: Target; getFresh: Target; add: Target }> {
  const variant = await db
    .prepare(
      "SELECT v.id FROM variants v JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US' JOIN styles s ON s.id = (SELECT style_id FROM products WHERE id = v.product_id) WHERE s.is_digital = 0 ORDER BY v.id LIMIT 1",
    )
    .first<{ id: string }>();
  if (!variant) throw new Error('no priced variant to add to a cart');
  await db.prepare('UPDATE inventory SET quantity = 100000000 WHERE variant_id = ?1').bind(variant.id).run();
  const [reading, adding] = await Promise.all([newBasket(origin), newBasket(origin)]);
  const body = (basketId: string) => JSON.stringify({ cartId: basketId, productId: variant.id, qty: 1 });
  // The basket read holds one line, priced on every read like any cart.
  const seeded = await fetch(new URL('/api/cart/v1/item', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: reading.cookie },
    body: body(reading.basketId),
  });
  if (!seeded.ok) throw new Error(`adding to the cart answered ${seeded.status}: ${await seeded.text()}`);
  return {
    get: { kind: 'cart-get', path: `/api/cart/v1/cart/${reading.basketId}`, note: 'a basket with one line', headers: { cookie: reading.cookie } },
    // The same read asking for the supply check: price and stock from D1 every time, as a change does.
    getFresh: {
      kind: 'cart-get-fresh',
      path: `/api/cart/v1/cart/${reading.basketId}?inventorySupplyCheck=true`,
      note: 'the same basket, price and stock read from D1 each time',
      headers: { cookie: reading.cookie },
    },
    add: {
      kind: 'cart-add',
      path: '/api/cart/v1/item',
      note: 'one more of the same variant, on its own basket',
      method: 'POST',
      body: body(adding.basketId),
      headers: { cookie: adding.cookie, 'content-type': 'application/json' },
    },
  };
}
