// Orders API (commerce-core §7, the checkout order rows; account-content §7 purchasehistory, purchase,
// TrackOrder, CancelOrder, returnLabel, invoice/download, resendGiftCardEmail): place an order and finish its
// 3-D Secure challenge, read it back, and everything after the sale. The account's calls need a registered
// session; tracking, returns and the invoice also answer a guest who proves the order is theirs. Another
// shopper's order answers as unknown.

import { Hono } from 'hono';
import * as v from 'valibot';
import { AuthenticationPatchBody, OrderParams, OrderQuery, PlaceOrderBody } from '../../../shared/schema/checkout.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { signedInShopper } from '../../lib/signed-in.ts';
import { valid } from '../../lib/validate.ts';
import { applyCookies, shopperOf, switchSessionBasket } from '../from-request.ts';
import { resendBoughtGiftCards } from '../gift-cards/service.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { orderAccessAllowed, orderAccessToken, sessionPlaced } from './access.ts';
import { cancelLines } from './after-sales.ts';
import { cancelOrder } from './cancel.ts';
import { returnLabelPdf } from './documents.ts';
import { invoiceOf, pdf } from './documents-route.ts';
import { readOrder } from './order-entity.ts';
import { placeOrder } from './place-order.ts';
import { createReturn, RETURN_REASONS, returnsOf } from './returns.ts';
import { completeAuthentication, RENEWED_BASKET_FIELD } from './settle.ts';
import { afterSalesOrder, HISTORY_PAGE_MAX, isOwner, orderHistory, ownOrder, trackOrder } from './shopper-orders.ts';

const HistoryBody = v.object({
  page: v.optional(v.pipe(v.number('page is a number from 1.'), v.integer('page is a whole number.'), v.minValue(1, 'page starts at 1.')), 1),
  pageSize: v.optional(
    v.pipe(
      v.number('pageSize is a number.'),
      v.integer('pageSize is a whole number.'),
      v.minValue(1),
      v.maxValue(HISTORY_PAGE_MAX, `pageSize is at most ${HISTORY_PAGE_MAX}.`),
    ),
  ),
});
const PurchaseParams = v.object({ orderId: v.pipe(v.string(), v.maxLength(20)) });
const ResendBody = v.object({
  orderNumber: v.pipe(v.string('orderNumber is the order the gift card was bought in.'), v.trim(), v.maxLength(20)),
  itemId: v.pipe(v.string('itemId is the gift card line.'), v.maxLength(64)),
});
const ItemId = v.pipe(v.string("itemId is one of the order's items."), v.maxLength(64));
const Quantity = v.pipe(v.number('quantity is a number.'), v.integer('quantity is a whole number.'), v.minValue(1, 'quantity is at least 1.'), v.maxValue(99));
const CancelBody = v.object({
  orderNumber: v.pipe(v.string('orderNumber is the order to cancel.'), v.trim(), v.maxLength(20)),
  /** Some of its items only; without them the whole order. */
  items: v.optional(v.pipe(v.array(v.object({ itemId: ItemId, quantity: Quantity })), v.minLength(1, 'items names at least one item.'), v.maxLength(50))),
});
const ReturnBody = v.object({
  items: v.pipe(
    v.array(v.object({ itemId: ItemId, quantity: Quantity, reason: v.picklist(RETURN_REASONS, `reason is one of ${RETURN_REASONS.join(', ')}.`) })),
    v.minLength(1, 'Choose at least one item to return.'),
    v.maxLength(50),
  ),
  /** A guest proves the order is theirs with its email or the confirmation email's access token. */
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  st: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
const GuestProof = v.object({
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  st: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
const ReturnParams = v.object({
  orderId: v.pipe(v.string(), v.maxLength(20)),
  returnId: v.pipe(v.string(), v.regex(/^RA\d{8}$/, 'returnId is RA and eight digits.')),
});
const InvoiceBody = v.object({
  orderNumber: v.pipe(v.string('orderNumber is the order to invoice.'), v.trim(), v.maxLength(20)),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  st: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
const TrackBody = v.object({
  orderNumber: v.pipe(v.string('orderNumber is the order number.'), v.trim(), v.maxLength(20)),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});

/** Where a return's label is downloaded (a guest's link carries the order's access token). */
function labelUrl(orderNumber: string, returnId: string, st?: string): string {
  return `/api/consumers-v3/consumer/return/${orderNumber}/${returnId}/label${st ? `?st=${encodeURIComponent(st)}` : ''}`;
}

export const orderRoutes = new Hono<AppEnv>()
  .put('/cart/v2/checkout/order', valid('json', PlaceOrderBody), async (c) => {
    const body = c.req.valid('json');
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !/^[\w-]{8,100}$/.test(key)) throw new HttpError('API400', 'Idempotency-Key is 8 to 100 letters, digits, _ or -.');
    const placed = await placeOrder(depsOf(c), shopperOf(c), apiLocale(c, {}), {
      basketId: body.cartId,
      billingAddress: body.billingAddress,
      paymentMethod: body.paymentMethod,
      recaptchaResponse: body.recaptcha_response,
      inStoreSalesInfo: body.inStoreSalesInfo,
      idempotencyKey: key,
      storeContext: body.storeContext,
      checkoutStatus: body.checkoutStatus,
      deviceId: body.deviceId,
      requestUrl: c.req.url,
    });
    applyCookies(c, placed.cookies);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...placed.order, orderNumber: placed.orderNumber, st: placed.st }), placed.status === 'awaiting_authentication' ? 202 : 201);
  })
  .patch('/cart/v2/checkout/order/:orderNumber', valid('param', OrderParams), valid('json', AuthenticationPatchBody), async (c) => {
    const result = c.req.valid('json').paymentMethod.additionalData?.threeDS2Result;
    const placed = await completeAuthentication(depsOf(c), shopperOf(c), c.req.valid('param').orderNumber, result === 'cancelled').catch(
      async (refusal: unknown) => {
        // The new cart a failed check leaves becomes the session's before the refusal is answered.
        const renewed = refusal instanceof HttpError ? refusal.details?.find((detail) => detail.field === RENEWED_BASKET_FIELD)?.message : undefined;
        if (renewed) await switchSessionBasket(c, renewed);
        throw refusal;
      },
    );
    applyCookies(c, placed.cookies);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...placed.order, orderNumber: placed.orderNumber, st: placed.st }));
  })
  .get('/cart/v1/order/:orderNumber', valid('param', OrderParams), valid('query', OrderQuery), async (c) => {
    const { orderNumber } = c.req.valid('param');
    const order = await readOrder(c.env.DB, orderNumber);
    const claims = c.get('session')?.claims;
    const owner =
      order &&
      ((order.consumerNo && order.consumerNo === claims?.consumerNo) || (!order.consumerNo && (await sessionPlaced(c.env.DB, orderNumber, claims?.usid))));
    if (!order || !(owner || (await orderAccessAllowed(c.env.DB, orderNumber, c.req.valid('query').st)))) throw new HttpError('OHS4004');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...order, st: await orderAccessToken(c.env.SESSION_SECRET, orderNumber) }));
  })
  .post('/consumers-v3/consumer/purchasehistory', valid('json', HistoryBody), async (c) => {
    const consumerNo = signedInShopper(c, 'see your orders');
    const body = c.req.valid('json');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await orderHistory(c.env.DB, consumerNo, body.page, body.pageSize)));
  })
  .get('/consumers-v3/consumer/purchase/:orderId', valid('param', PurchaseParams), async (c) => {
    const consumerNo = signedInShopper(c, 'see your orders');
    c.header('Cache-Control', 'private, no-store');
    const order = await ownOrder(c.env.DB, consumerNo, c.req.valid('param').orderId);
    return c.json(envelope(c, { ...order, returns: await returnsOf(c.env.DB, order.orderNumber) }));
  })
  .post('/consumers-v3/consumer/TrackOrder', valid('json', TrackBody), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await trackOrder(depsOf(c), shopperOf(c), c.req.valid('json'))));
  })
  .post('/consumers-v3/consumer/CancelOrder', valid('json', CancelBody), async (c) => {
    const consumerNo = signedInShopper(c, 'see your orders');
    const body = c.req.valid('json');
    const order = body.items
      ? await cancelLines(depsOf(c), shopperOf(c), paymentProviderFor(c.env), consumerNo, body.orderNumber, body.items)
      : await cancelOrder(depsOf(c), shopperOf(c), consumerNo, body.orderNumber);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, order));
  })
  .post('/consumers-v3/consumer/return/:orderId/returnLabel', valid('param', PurchaseParams), valid('json', ReturnBody), async (c) => {
    const body = c.req.valid('json');
    const order = await afterSalesOrder(depsOf(c), shopperOf(c), c.req.valid('param').orderId, body);
    const created = await createReturn(depsOf(c), shopperOf(c), order, body.items, isOwner(shopperOf(c), order) ? 'owner' : 'guest');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...created, labelUrl: labelUrl(order.orderNumber, created.returnId, body.st) }), 201);
  })
  .get('/consumers-v3/consumer/return/:orderId/:returnId/label', valid('param', ReturnParams), valid('query', GuestProof), async (c) => {
    const { orderId, returnId } = c.req.valid('param');
    const order = await afterSalesOrder(depsOf(c), shopperOf(c), orderId, c.req.valid('query'));
    const view = (await returnsOf(c.env.DB, order.orderNumber)).find((r) => r.returnId === returnId);
    if (!view) throw new HttpError('OHS4004', 'The return was not found.');
    const from = await c.env.DB.prepare('SELECT from_address FROM order_returns WHERE return_id = ?1').bind(returnId).first<{ from_address: string }>();
    return pdf(c, returnLabelPdf(order, view, from ? (JSON.parse(from.from_address) as Record<string, unknown>) : null), `cairn-return-${returnId}.pdf`);
  })
  .post('/consumers-v3/consumer/purchase/invoice/download', valid('json', InvoiceBody), async (c) => {
    const body = c.req.valid('json');
    const order = await afterSalesOrder(depsOf(c), shopperOf(c), body.orderNumber, body);
    return pdf(c, await invoiceOf(c.env.DB, order), `cairn-invoice-${order.orderNumber}.pdf`);
  })
  .post('/consumers-v3/consumer/resendGiftCardEmail', valid('json', ResendBody), async (c) => {
    const consumerNo = signedInShopper(c, 'see your orders');
    const body = c.req.valid('json');
    const sent = await resendBoughtGiftCards(depsOf(c), shopperOf(c), consumerNo, await ownOrder(c.env.DB, consumerNo, body.orderNumber), body.itemId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { sent }), 202);
  });
