// The funnel as business events (README, Business events): three shoppers go as far as they go, one of them
// shown the home page's experiment in its winter variant, one its baseline; the README's queries, run against
// the local table's Analytics Engine columns (cairn_events), answer conversion per step and per variant.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucket } from '../../src/shared/personalisation/personalisation.ts';
import { CONVERSION_BY_VARIANT, FUNNEL_BY_STEP, FUNNEL_BY_VARIANT, localDialect } from '../../src/worker/observe/funnel-queries.ts';
import { fillBasket, payWithCard, placeOrder, stockedVariant } from './checkout-helpers.ts';
import { settleRequests } from './helpers.ts';
import { Jar } from './jar.ts';

type Row = Record<string, string | number>;

const EXPERIENCE = 'home-hero-2026';

/** A visitor id the home experiment buckets into its winter variant (weight 50: below 50), or its baseline. */
function visitorIn(variant: 'winter' | 'baseline'): string {
  for (let n = 0; ; n++) {
    const id = `funnel-visitor-${n}`;
    if (bucket(id, EXPERIENCE) < 50 === (variant === 'winter')) return id;
  }
}

function shopper(address: string, visitorId?: string): Jar {
  const jar = new Jar();
  jar.address = address;
  if (visitorId) jar.cookies.optimizelyUserId = visitorId;
  return jar;
}

async function run(query: string): Promise<Row[]> {
  await settleRequests();
  return (await env.DB.prepare(localDialect(query)).all<Row>()).results;
}

let orderTotal = 0;

beforeAll(async () => {
  const variant = await stockedVariant(10, 2);
  // Shown the winter hero, then all the way to a paid order, choosing express delivery on the way.
  const winter = shopper('198.51.100.61', visitorIn('winter'));
  expect((await winter.get('/en-us')).response.status).toBe(200);
  const basketA = (await winter.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  await fillBasket(winter, basketA, variant.id, 2);
  expect((await winter.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketA, code: 'express' })).status).toBe(200);
  await payWithCard(winter, basketA, '4242424242424242');
  const placed = await placeOrder(winter, basketA);
  expect(placed.status).toBe(201);
  orderTotal = placed.body.totals.total as number;
  // Shown the baseline twice (the second page counts no new exposure), then gone after the delivery address.
  const baseline = shopper('198.51.100.62', visitorIn('baseline'));
  expect((await baseline.get('/en-us')).response.status).toBe(200);
  expect((await baseline.get('/en-us')).response.status).toBe(200);
  const basketB = (await baseline.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await baseline.api('POST', '/api/cart/v1/item', { cartId: basketB, productId: variant.id, qty: 1 });
  expect(added.status).toBeLessThan(300);
  await baseline.api('POST', `/api/cart/v2/cart/${basketB}/shippingAddress`, [
    {
      firstName: 'Bo',
      lastName: 'Lund',
      addressLine1: '1 Elm St',
      city: 'Portland',
      postalCode: '97205',
      province: 'OR',
      countryCode: 'US',
      phone: '5035550100',
      email: 'bo@example.com',
    },
  ]);
  // Never on a page (an app, say): no arm; the card is declined.
  const declined = shopper('198.51.100.63');
  const basketC = (await declined.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  await fillBasket(declined, basketC, variant.id, 1);
  await payWithCard(declined, basketC, '4000000000009995');
  expect((await placeOrder(declined, basketC)).status).toBe(402);
});

describe('the funnel, asked with the README queries', () => {
  it('counts each step as far as each shopper went', async () => {
    const steps = Object.fromEntries((await run(FUNNEL_BY_STEP)).map((row) => [row.step, row.reached]));
    expect(steps).toEqual({
      add_to_cart: 3,
      shipping_address: 3,
      billing_address: 2,
      shipping_method: 1,
      payment_instrument: 2,
      review: 2,
      place: 2,
      order_placed: 1,
    });
  });

  it('counts each variant’s exposure and the steps after it, the order with its total', async () => {
    const rows = (await run(FUNNEL_BY_VARIANT)).map((row) => [row.experience, row.variant, row.step, row.reached, row.value]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [EXPERIENCE, 'winter', 'exposed', 1, 1],
        [EXPERIENCE, 'winter', 'add_to_cart', 1, 2],
        [EXPERIENCE, 'winter', 'order_placed', 1, orderTotal],
        [EXPERIENCE, 'baseline', 'exposed', 1, 1],
        [EXPERIENCE, 'baseline', 'shipping_address', 1, 1],
      ]),
    );
    expect(rows).toHaveLength(9 + 3);
  });

  it('answers conversion per variant: orders per visitor exposed, and revenue', async () => {
    expect(await run(CONVERSION_BY_VARIANT)).toEqual([
      { experience: EXPERIENCE, variant: 'baseline', exposed: 1, orders: 0, conversion: 0, revenue: 0 },
      { experience: EXPERIENCE, variant: 'winter', exposed: 1, orders: 1, conversion: 1, revenue: orderTotal },
    ]);
  });

  it('records the refusal with its reason and payment method', async () => {
    const refused = await run("SELECT blob2 AS site, blob4 AS reason, blob5 AS method FROM cairn_events WHERE index1 = 'payment_refused'");
    expect(refused).toEqual([{ site: 'US', reason: 'insufficient_funds', method: 'CREDIT_CARD' }]);
  });

  it('counts pages served by type', async () => {
    expect(await run("SELECT blob4 AS type, SUM(_sample_interval) AS served FROM cairn_events WHERE index1 = 'page_served' GROUP BY type")).toEqual([
      { type: 'home', served: 3 },
    ]);
  });
});
