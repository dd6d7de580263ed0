// Where tax comes from (the spec-fidelity issue: a real tax service besides the built-in table). The table
// (pricing/tax.ts) is the local default and the estimate before an address is known; with TAX_SERVICE=stripe
// a delivery address is taxed by Stripe Tax's calculations API, which knows local rates the table leaves out.
// A service that fails leaves the table's estimate on the cart and says TAX309; no order is placed on it.

import { isolateMap } from '../../lib/isolate-memory.ts';
import { formEncode, STRIPE_API, STRIPE_VERSION } from '../payments/stripe-provider.ts';
import type { PricedCart } from './pricing/engine.ts';
import { type TaxCalculator, type TaxResult, tableTaxCalculator } from './pricing/tax.ts';

export interface TaxRequest {
  currency: string;
  /** Where the goods go: the delivery address (country, region, postal code, city, first line). */
  address: { country: string; region?: string | undefined; postalCode: string; city?: string | undefined; line1?: string | undefined };
  /** What is taxed, in minor units: each line after its discounts, then shipping (the engine's order). */
  amounts: readonly number[];
  /** Prices include the tax (VAT sites): the service takes it out rather than adding it. */
  included: boolean;
}

export interface TaxService {
  readonly name: 'table' | 'stripe';
  quote(request: TaxRequest): Promise<TaxResult>;
}

export class TaxUnavailable extends Error {}

interface StripeCalculation {
  line_items?: { data: { reference: string; amount_tax: number }[]; has_more?: boolean };
  tax_amount_exclusive?: number;
  tax_amount_inclusive?: number;
  shipping_cost?: { amount_tax: number } | null;
  tax_breakdown?: { tax_rate_details?: { percentage_decimal?: string } | null }[];
}

/** Stripe Tax (POST /v1/tax/calculations), one line item per amount and the last as the shipping cost. */
export function stripeTaxService(secretKey: string, fetcher: typeof fetch = fetch): TaxService {
  return {
    name: 'stripe',
    async quote(request) {
      const lines = request.amounts.slice(0, -1);
      const shipping = request.amounts.at(-1) ?? 0;
      const behaviour = request.included ? 'inclusive' : 'exclusive';
      // Stripe takes no line of zero (a free line is taxed nothing either way), and lists the rest contiguously.
      const taxed = lines.flatMap((amount, index) => (amount > 0 ? [{ amount, reference: `line-${index}`, tax_behavior: behaviour }] : []));
      // Nothing to tax but shipping (a cart made free by its promotions): no calculation to ask for.
      if (taxed.length === 0) return { perAmount: request.amounts.map(() => 0), included: request.included, rate: 0 };
      const params = {
        currency: request.currency.toLowerCase(),
        customer_details: {
          address: {
            country: request.address.country,
            state: request.address.region,
            postal_code: request.address.postalCode,
            city: request.address.city,
            line1: request.address.line1,
          },
          address_source: 'shipping',
        },
        line_items: Object.fromEntries(taxed.map((line, index) => [String(index), line])),
        shipping_cost: { amount: shipping, tax_behavior: behaviour },
        expand: ['line_items'],
      };
      let calculation: StripeCalculation;
      try {
        const response = await fetcher(`${STRIPE_API}/tax/calculations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secretKey}`, 'stripe-version': STRIPE_VERSION, 'content-type': 'application/x-www-form-urlencoded' },
          body: formEncode(params).join('&'),
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) throw new Error(`answered ${response.status}`);
        calculation = (await response.json()) as StripeCalculation;
      } catch (error) {
        throw new TaxUnavailable(`Stripe Tax: ${String(error)}`);
      }
      return resultOf(calculation, lines, request.included);
    },
  };
}

/**
 * The calculation's tax per amount. Every taxed line must be in it, and its lines and shipping must make the
 * calculation's own total: a partial answer (a paged list, a line left out) is no answer, never a lower tax.
 */
function resultOf(calculation: StripeCalculation, lines: readonly number[], included: boolean): TaxResult {
  const listed = calculation.line_items;
  if (!listed || listed.has_more) throw new TaxUnavailable('Stripe Tax listed the lines in part');
  const taxOf = new Map(listed.data.map((item) => [item.reference, item.amount_tax]));
  const perLine = lines.map((amount, index) => (amount > 0 ? taxOf.get(`line-${index}`) : 0));
  if (perLine.some((tax) => tax === undefined)) throw new TaxUnavailable('Stripe Tax left a line out');
  const perAmount = [...(perLine as number[]), calculation.shipping_cost?.amount_tax ?? 0];
  const total = included ? calculation.tax_amount_inclusive : calculation.tax_amount_exclusive;
  if (total !== undefined && total !== perAmount.reduce((sum, tax) => sum + tax, 0)) throw new TaxUnavailable('Stripe Tax lines do not make its total');
  const rate = Number(calculation.tax_breakdown?.[0]?.tax_rate_details?.percentage_decimal ?? '0') / 100;
  return { perAmount, included, rate: Number.isFinite(rate) ? rate : 0 };
}

/** The same request within ten minutes is answered from this isolate's memory: a cart is read far more often than it changes. */
const QUOTE_MS = 10 * 60 * 1000;
const QUOTES_MAX = 500;
const quotes = isolateMap<string, { at: number; result: TaxResult }>();

/** After a failure the service is not asked again for a while: every cart answer would wait out its timeout. */
const RESTING_MS = 30 * 1000;
const resting = isolateMap<string, number>();

export function rememberingQuotes(service: TaxService, now: () => number = Date.now): TaxService {
  return {
    name: service.name,
    async quote(request) {
      const key = JSON.stringify([service.name, request]);
      const kept = quotes.get(key);
      if (kept && now() - kept.at < QUOTE_MS) return kept.result;
      if ((resting.get(service.name) ?? 0) > now()) throw new TaxUnavailable(`${service.name} failed a moment ago`);
      let result: TaxResult;
      try {
        result = await service.quote(request);
      } catch (error) {
        if (error instanceof TaxUnavailable) resting.set(service.name, now() + RESTING_MS);
        throw error;
      }
      if (quotes.size >= QUOTES_MAX) quotes.delete(quotes.keys().next().value as string);
      quotes.set(key, { at: now(), result });
      return result;
    },
  };
}

export interface TaxEnv {
  TAX_SERVICE?: string;
  STRIPE_SECRET_KEY?: string;
}

/** The built-in table as a service: the local default, and what a cart shows before its address is known. */
export const tableTaxService: TaxService = {
  name: 'table',
  quote: async (request) => tableTaxCalculator.tax({ country: request.address.country, region: request.address.region }, request.amounts),
};

/** Stripe Tax when TAX_SERVICE=stripe and Stripe's key is set; the table otherwise. */
export function taxServiceFor(env: TaxEnv): TaxService {
  if (env.TAX_SERVICE === 'stripe' && env.STRIPE_SECRET_KEY) return rememberingQuotes(stripeTaxService(env.STRIPE_SECRET_KEY));
  return tableTaxService;
}

/** What the service is asked about: the basket's currency and its delivery address, where it has one. */
export function taxPlace(
  currency: string,
  address: Record<string, unknown> | null | undefined,
  destination: { country: string; region?: string | undefined },
): { currency: string; address: TaxRequest['address'] | null } {
  if (!address) return { currency, address: null };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    currency,
    address: { ...destination, postalCode: text(address.postalCode), city: text(address.city), line1: text(address.addressLine1) },
  };
}

/**
 * Prices with the service's tax for the delivery address: the engine runs with the table first (which also
 * tells what is taxed), then, for a service other than the table and an address with a postal code, again
 * with the service's answer. A service that fails leaves the table's estimate and says so (`failed`).
 */
export async function priceWithTax(
  service: TaxService,
  place: { currency: string; address: TaxRequest['address'] | null },
  price: (calculator: TaxCalculator) => PricedCart,
): Promise<{ priced: PricedCart; failed: boolean }> {
  let taxed: readonly number[] = [];
  const estimate = price({
    tax(destination, amounts) {
      taxed = amounts;
      return tableTaxCalculator.tax(destination, amounts);
    },
  });
  if (service.name === 'table' || !place.address?.postalCode) return { priced: estimate, failed: false };
  try {
    const quoted = await service.quote({ currency: place.currency, address: place.address, amounts: taxed, included: estimate.totals.taxIncluded });
    return { priced: price({ tax: () => quoted }), failed: false };
  } catch (error) {
    if (!(error instanceof TaxUnavailable)) throw error;
    return { priced: estimate, failed: true };
  }
}
