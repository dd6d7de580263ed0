// Bench: checkout's calls. A step change (the delivery address, set again on one basket) and placing an
// order, which uses its basket up: a pool of baskets, each ready to pay (item, addresses, card token, reviewed),
// is filled before the runs and each order takes the next. Also a checkout page's HTML for its JavaScript.

import { BENCH_PUBLISHABLE_KEY, type BenchServer } from './server.ts';
import type { Target } from './targets.ts';

/** The bench's buyers' address (Portland: taxed by the built-in table), shared by the checkout and flash sale rows. */
export const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Shopper',
  addressLine1: '12 Pine Street',
  addressLine2: '',
  city: 'Portland',
  postalCode: '97205',
  province: 'OR',
  countryCode: 'US',
  phone: '5035550142',
};

interface ReadyBasket {
  cookie: string;
  basketId: string;
}

async function call(origin: string, method: string, path: string, cookie: string, body: unknown): Promise<Response> {
  return fetch(new URL(path, origin), {
    method,
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function readyBasket(origin: string, variantId: string, token: string): Promise<ReadyBasket> {
  const created = await call(origin, 'POST', '/api/cart/v1/cart', '', {});
  if (created.status !== 201) throw new Error(`creating a cart answered ${created.status}`);
  const cookie = created.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { basketId } = (await created.json()) as { basketId: string };
  const steps: [string, string, unknown][] = [
    ['POST', '/api/cart/v1/item', { cartId: basketId, productId: variantId, qty: 1 }],
    ['POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...ADDRESS, email: 'bench@example.com' }]],
    ['POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...ADDRESS, email: 'bench@example.com' }],
    ['POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'CREDIT_CARD', additionalDetails: { token } }],
    // The review step: an order pays exactly the total a review showed, so placing one needs a review first.
    ['POST', `/api/cart/v1/cart/prepareOrder?basketId=${encodeURIComponent(basketId)}`, {}],
  ];
  for (const [method, path, body] of steps) {
    const answer = await call(origin, method, path, cookie, body);
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  }
  return { cookie, basketId };
}

export async function checkoutTargets(server: BenchServer, pool: number): Promise<{ step: Target; place: Target; pageHtml: string; prepared: number }> {
  const variant = await server.db
    .prepare(
      "SELECT v.id FROM variants v JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US' JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 0 AND s.max_qty IS NULL ORDER BY v.id LIMIT 1 OFFSET 7",
    )
    .first<{ id: string }>();
  if (!variant) throw new Error('no priced variant to order');
  await server.db.prepare('UPDATE inventory SET quantity = 100000000 WHERE variant_id = ?1').bind(variant.id).run();
  const tokenAnswer = await server.sandbox('/v1/tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_PUBLISHABLE_KEY}` },
    body: JSON.stringify({ number: '4242424242424242', expiry: '12/34', cvc: '123' }),
  });
  if (tokenAnswer.status !== 201) throw new Error(`the sandbox's token call answered ${tokenAnswer.status}`);
  const { id: token } = (await tokenAnswer.json()) as { id: string };
  const baskets: ReadyBasket[] = [];
  const origin = server.origin;
  // Filled 32 at a time: the pool is ready in seconds, and no request of the runs waits on it.
  for (let i = 0; i < pool; i += 32) {
    baskets.push(...(await Promise.all(Array.from({ length: Math.min(32, pool - i) }, () => readyBasket(origin, variant.id, token)))));
  }
  const stepBasket = baskets.pop() as ReadyBasket;
  const pageBasket = baskets.pop() as ReadyBasket;
  const page = await fetch(new URL('/en-us/checkout', origin), { headers: { cookie: pageBasket.cookie } });
  if (page.status !== 200) throw new Error(`the checkout page answered ${page.status}`);
  let used = 0;
  return {
    prepared: pool,
    pageHtml: await page.text(),
    step: {
      kind: 'checkout-step',
      path: `/api/cart/v2/cart/${stepBasket.basketId}/shippingAddress`,
      note: 'checkout step change: the delivery address set on a basket',
      method: 'POST',
      body: JSON.stringify([{ ...ADDRESS, email: 'bench@example.com' }]),
      headers: { cookie: stepBasket.cookie, 'content-type': 'application/json', origin },
    },
    place: {
      kind: 'place-order',
      path: '/api/cart/v2/checkout/order',
      note: `an order from a ready basket (card approved), ${pool} baskets pooled`,
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin },
      next: () => {
        const basket = baskets[used++ % baskets.length] as ReadyBasket;
        return { body: JSON.stringify({ cartId: basket.basketId }), headers: { cookie: basket.cookie, 'content-type': 'application/json', origin } };
      },
    },
  };
}
