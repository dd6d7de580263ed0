// The tax services against Stripe Tax's documented calculation shapes, with fetch intercepted, and how the
// cart prices with them: the table's estimate first, the service's answer for a delivery address, the estimate
// kept (and said) when the service cannot answer.

import { afterEach, describe, expect, it } from 'vitest';
import { forgetIsolateMemory } from '../../lib/isolate-memory.ts';
import { type PricedCart, priceCart } from './pricing/engine.ts';
import type { TaxCalculator } from './pricing/tax.ts';
import { priceWithTax, rememberingQuotes, stripeTaxService, type TaxService, TaxUnavailable, tableTaxService } from './tax-services.ts';

function stripeAnswering(status: number, body: unknown) {
  const seen: { url: string; headers: Headers; form: URLSearchParams }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers), form: new URLSearchParams(String(init?.body ?? '')) });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { service: stripeTaxService('sk_test_tax', fetcher), seen };
}

const REQUEST = {
  currency: 'USD',
  address: { country: 'US', region: 'CO', postalCode: '80302', city: 'Boulder', line1: '1 Pearl Street' },
  amounts: [12_000, 0, 900],
  included: false,
};

describe('Stripe Tax', () => {
  // Quotes and rests are kept per isolate, as in the worker: each test starts without them.
  afterEach(forgetIsolateMemory);

  it('asks for a calculation per line and shipping at the delivery address, and reads each one’s tax', async () => {
    const { service, seen } = stripeAnswering(200, {
      line_items: { data: [{ reference: 'line-0', amount_tax: 1062 }] },
      shipping_cost: { amount_tax: 80 },
      tax_breakdown: [{ tax_rate_details: { percentage_decimal: '8.85' } }],
    });
    expect(await service.quote(REQUEST)).toEqual({ perAmount: [1062, 0, 80], included: false, rate: 0.0885 });
    const [call] = seen;
    expect(call?.url).toBe('https://api.stripe.com/v1/tax/calculations');
    expect(call?.headers.get('authorization')).toBe('Bearer sk_test_tax');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      currency: 'usd',
      'customer_details[address][country]': 'US',
      'customer_details[address][state]': 'CO',
      'customer_details[address][postal_code]': '80302',
      'customer_details[address_source]': 'shipping',
      'line_items[0][amount]': '12000',
      'line_items[0][reference]': 'line-0',
      'line_items[0][tax_behavior]': 'exclusive',
      'shipping_cost[amount]': '900',
      'expand[]': 'line_items',
    });
    // A free line is no line item: Stripe refuses amounts of zero.
    expect(call?.form.has('line_items[1][amount]')).toBe(false);
  });

  it('lists the taxed lines contiguously, and asks nothing when no line is taxed', async () => {
    const { service, seen } = stripeAnswering(200, {
      line_items: {
        data: [
          { reference: 'line-0', amount_tax: 100 },
          { reference: 'line-2', amount_tax: 50 },
        ],
        has_more: false,
      },
      shipping_cost: { amount_tax: 0 },
      tax_amount_exclusive: 150,
    });
    expect((await service.quote({ ...REQUEST, amounts: [1_000, 0, 500, 0] })).perAmount).toEqual([100, 0, 50, 0]);
    expect(Object.fromEntries(seen[0]?.form ?? [])).toMatchObject({ 'line_items[0][reference]': 'line-0', 'line_items[1][reference]': 'line-2' });
    const none = stripeAnswering(500, {});
    expect(await none.service.quote({ ...REQUEST, amounts: [0, 0, 900] })).toEqual({ perAmount: [0, 0, 0], included: false, rate: 0 });
    expect(none.seen).toEqual([]);
  });

  it('takes no partial answer for a lower tax: a paged list, a line left out, or lines that do not make its total', async () => {
    const partial = [
      { line_items: { data: [{ reference: 'line-0', amount_tax: 1062 }], has_more: true }, shipping_cost: { amount_tax: 80 } },
      { line_items: { data: [] }, shipping_cost: { amount_tax: 80 } },
      { line_items: { data: [{ reference: 'line-0', amount_tax: 1062 }] }, shipping_cost: { amount_tax: 80 }, tax_amount_exclusive: 1500 },
      { line_items: { data: [{ reference: 'line-0', amount_tax: 1062 }] }, shipping_cost: { amount_tax: 80 }, tax_amount_exclusive: 1142 },
    ];
    const outcomes = await Promise.all(
      partial.map((body) =>
        stripeAnswering(200, body)
          .service.quote(REQUEST)
          .then(
            () => 'taken',
            (error) => error.constructor.name,
          ),
      ),
    );
    expect(outcomes).toEqual(['TaxUnavailable', 'TaxUnavailable', 'TaxUnavailable', 'taken']);
  });

  it('is unavailable when Stripe refuses or cannot be reached', async () => {
    await expect(stripeAnswering(500, { error: { type: 'api_error' } }).service.quote(REQUEST)).rejects.toBeInstanceOf(TaxUnavailable);
    const unreachable = stripeTaxService('sk_test_tax', (async () => {
      throw new TypeError('network down');
    }) as typeof fetch);
    await expect(unreachable.quote(REQUEST)).rejects.toBeInstanceOf(TaxUnavailable);
  });

  it('rests thirty seconds after a failure rather than make every cart wait out the timeout', async () => {
    let calls = 0;
    let now = 1_000_000;
    const down: TaxService = {
      name: 'stripe',
      quote: async () => {
        calls += 1;
        throw new TaxUnavailable('down');
      },
    };
    const remembering = rememberingQuotes(down, () => now);
    await expect(remembering.quote(REQUEST)).rejects.toBeInstanceOf(TaxUnavailable);
    now += 10_000;
    await expect(remembering.quote({ ...REQUEST, amounts: [5, 0, 0] })).rejects.toBeInstanceOf(TaxUnavailable);
    expect(calls).toBe(1);
    now += 30_000;
    await expect(remembering.quote(REQUEST)).rejects.toBeInstanceOf(TaxUnavailable);
    expect(calls).toBe(2);
  });

  it('answers the same request from memory for ten minutes', async () => {
    let calls = 0;
    let now = 0;
    const counting: TaxService = { name: 'stripe', quote: async () => ({ perAmount: [calls++, 0, 0], included: false, rate: 0 }) };
    const remembering = rememberingQuotes(counting, () => now);
    await remembering.quote(REQUEST);
    now = 9 * 60 * 1000;
    await remembering.quote(REQUEST);
    expect(calls).toBe(1);
    await remembering.quote({ ...REQUEST, amounts: [1, 0, 0] });
    now = 11 * 60 * 1000;
    await remembering.quote(REQUEST);
    expect(calls).toBe(3);
  });
});

describe('pricing with a tax service', () => {
  const price = (calculator: TaxCalculator): PricedCart =>
    priceCart({
      currency: 'USD',
      lines: [{ id: 'l1', productId: 'P1', categoryIds: [], qty: 1, unitPrice: 10_000, originalUnitPrice: 10_000 }],
      promotions: [],
      coupons: [],
      shopper: { registered: false, employee: false },
      shippingCost: 800,
      destination: { country: 'US', region: 'CO' },
      taxCalculator: calculator,
    });
  const place = { currency: 'USD', address: REQUEST.address };

  it('takes the service’s tax for a delivery address, and the table’s before one is known', async () => {
    const service: TaxService = {
      name: 'stripe',
      quote: async (request) => ({ perAmount: request.amounts.map((a) => Math.round(a * 0.0885)), included: false, rate: 0.0885 }),
    };
    const quoted = await priceWithTax(service, place, price);
    expect([quoted.failed, quoted.priced.totals.tax]).toEqual([false, 885 + 71]);
    const before = await priceWithTax(service, { currency: 'USD', address: null }, price);
    // Colorado's state rate in the table: 2.9 %.
    expect(before.priced.totals.tax).toBe(290 + 23);
    expect((await priceWithTax(tableTaxService, place, price)).priced.totals.tax).toBe(290 + 23);
  });

  it('keeps the table’s estimate and says so when the service cannot answer', async () => {
    const down: TaxService = {
      name: 'stripe',
      quote: async () => {
        throw new TaxUnavailable('down');
      },
    };
    const estimated = await priceWithTax(down, place, price);
    expect([estimated.failed, estimated.priced.totals.tax]).toEqual([true, 290 + 23]);
  });
});
