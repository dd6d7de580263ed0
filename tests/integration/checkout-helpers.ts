// Checkout journeys through the API: a basket ready to pay, card tokens from the sandbox processor (as
// its card fields would ask for them), and the sandbox's own view of what it authorized.

import { env } from 'cloudflare:workers';
import { one } from './helpers.ts';
import type { Jar } from './jar.ts';

const SANDBOX = 'http://payments.test';

function payments(): Fetcher {
  if (!env.PAYMENTS) throw new Error('the PAYMENTS binding to the sandbox is missing');
  return env.PAYMENTS;
}

/** What the card fields do: the number goes to the processor, the store gets a token. */
export async function cardToken(number: string, expiry = '12/34', cvc = number.startsWith('3') ? '1234' : '123'): Promise<string> {
  const response = await payments().fetch(`${SANDBOX}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer pk_test_vitest' },
    body: JSON.stringify({ number, expiry, cvc }),
  });
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A saved card's security code, asked again in the processor's CVC field. */
export async function cvcToken(cvc: string): Promise<string> {
  const response = await payments().fetch(`${SANDBOX}/v1/cvc-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer pk_test_vitest' },
    body: JSON.stringify({ cvc }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** The sandbox's authorizations for an order number: what was held, voided or captured. */
type SandboxAuthorization = { id: string; status: string; amount: number; capturedAmount: number; refundedAmount: number };

export async function authorizationsFor(orderNumber: string): Promise<SandboxAuthorization[]> {
  const response = await payments().fetch(`${SANDBOX}/v1/authorizations?reference=${orderNumber}`, {
    headers: { authorization: `Bearer ${env.PAYMENTS_SECRET_KEY}` },
  });
  return ((await response.json()) as { data: SandboxAuthorization[] }).data;
}

/** The shopper's answer on the bank's challenge page. */
export async function answerChallenge(url: string, outcome: 'pass' | 'fail'): Promise<void> {
  const target = new URL(url);
  target.searchParams.set('parent', 'https://store.test');
  const response = await payments().fetch(target.toString(), { method: 'POST', body: new URLSearchParams({ outcome }) });
  if (response.status !== 200) throw new Error(`challenge: ${response.status}`);
}

/** The wallet page's decision, then where it sends the shopper. */
export async function decideWallet(redirectUrl: string, decision: 'approve' | 'cancel'): Promise<string> {
  const response = await payments().fetch(redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision, email: 'payer@example.com' }),
    redirect: 'manual',
  });
  return response.headers.get('location') ?? '';
}

export const US_ADDRESS = {
  firstName: 'Ana',
  lastName: 'Lima',
  addressLine1: '12 Pine Street',
  addressLine2: '',
  city: 'Portland',
  postalCode: '97205',
  province: 'OR',
  countryCode: 'US',
  phone: '5035550142',
};

/** A US variant in stock and priced, with its stock now. */
export function stockedVariant(minimum = 5, offset = 0) {
  return one<{ id: string; quantity: number; price: number }>(
    `SELECT v.id, i.quantity, COALESCE(pr.sale_amount, pr.list_amount) AS price FROM variants v JOIN inventory i ON i.variant_id = v.id
     JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     WHERE i.quantity >= ?1 AND s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.max_qty IS NULL AND s.target_publish_date IS NULL
     ORDER BY v.id LIMIT 1 OFFSET ?2`,
    minimum,
    offset,
  );
}

/** A guest's basket with the variant, a delivery address and email, and billing: ready for a payment. */
export async function readyBasket(jar: Jar, variantId: string, qty = 1): Promise<string> {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  await fillBasket(jar, basketId, variantId, qty);
  return basketId;
}

/** The variant into a basket the jar's shopper already has, with a delivery address, email and billing. */
export async function fillBasket(jar: Jar, basketId: string, variantId: string, qty = 1): Promise<void> {
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variantId, qty });
  if (added.status !== 201 && added.status !== 200) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
  const shipping = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email: 'ana@example.com' }]);
  if (shipping.status !== 200) throw new Error(`shipping: ${shipping.status} ${JSON.stringify(shipping.body)}`);
  const billing = await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email: 'ana@example.com' });
  if (billing.status !== 200) throw new Error(`billing: ${billing.status} ${JSON.stringify(billing.body)}`);
}

export async function payWithCard(jar: Jar, basketId: string, number: string): Promise<void> {
  const token = await cardToken(number);
  const answer = await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'CREDIT_CARD', additionalDetails: { token } });
  if (answer.status !== 200) throw new Error(`card: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The review step (prepareOrder): the basket re-priced, and the amounts the order must then pay. */
export async function review(jar: Jar, basketId: string): Promise<Record<string, any>> {
  const prepared = await jar.api('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}`);
  if (prepared.status !== 200) throw new Error(`prepareOrder: ${prepared.status} ${JSON.stringify(prepared.body)}`);
  return prepared.body;
}

/** The place-order call alone, as a client that skips the review would send it. */
export function submitOrder(jar: Jar, basketId: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return jar.api('PUT', '/api/cart/v2/checkout/order', { cartId: basketId, ...extra }, headers);
}

/** What the checkout does: the review step, then the order placed from what it showed. */
export async function placeOrder(jar: Jar, basketId: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const prepared = await jar.api('POST', `/api/cart/v1/cart/prepareOrder?basketId=${basketId}`);
  // A basket that cannot be reviewed (someone else's, or gone) is refused by the order call too: let it say why.
  if (prepared.status !== 200 && prepared.status >= 500) throw new Error(`prepareOrder: ${prepared.status} ${JSON.stringify(prepared.body)}`);
  return submitOrder(jar, basketId, extra, headers);
}

export async function stockOf(variantId: string): Promise<number> {
  return (await one<{ quantity: number }>('SELECT quantity FROM inventory WHERE variant_id = ?1', variantId)).quantity;
}

/** An order placed by the jar's shopper (signed in or not): one of the variant at `offset`, delivered and paid by card. */
export async function orderByCard(jar: Jar, email: string, offset = 3): Promise<{ orderNumber: string; st: string }> {
  const variant = await stockedVariant(5, offset);
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variant.id, qty: 1 });
  await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email }]);
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email });
  await payWithCard(jar, basketId, '4242424242424242');
  const placed = await placeOrder(jar, basketId);
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { orderNumber: placed.body.orderNumber as string, st: placed.body.st as string };
}

/** A marketer's order promotion of half off with its own code, which one order in all may use. */
export const oneOrderPromotion = (code: string) => ({
  id: code,
  siteId: 'US',
  name: 'One lucky order',
  level: 'ORDER',
  discount: { type: 'percent', percent: 50 },
  couponCode: code,
  startsAt: '2026-01-01T00:00:00Z',
  redemptionLimit: 1,
});

/** The coupon codes an order was placed with. */
export const couponsOf = async (orderNumber: string): Promise<string[]> =>
  JSON.parse((await one<{ coupons: string }>('SELECT coupons FROM orders WHERE order_number = ?1', orderNumber)).coupons);
