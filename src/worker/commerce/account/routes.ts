// The account area's API (account-content §7, the Consumer table): the address book and the orders. Every
// call needs a registered session (tracking also answers a guest who gives the order's email), and another
// shopper's records answer as unknown.

import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { resendBoughtGiftCards } from '../gift-cards/service.ts';
import { cancelLines, createReturn, RETURN_REASONS, returnsOf } from '../orders/after-sales.ts';
import { cancelOrder } from '../orders/cancel.ts';
import { returnLabelPdf } from '../orders/documents.ts';
import { invoiceOf, pdf } from '../orders/documents-route.ts';
import { afterSalesOrder, HISTORY_PAGE_MAX, isOwner, orderHistory, ownOrder, trackOrder } from '../orders/shopper-orders.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { addAddress, addressOwner, deleteAddress, listAddresses, updateAddress } from './address-book.ts';
import { closeAccount } from './close-account.ts';
import { sendPersonalData } from './personal-data.ts';
import { deleteCard, deleteGiftCard, instrumentsOf, makeCardMain, saveCard, saveGiftCard } from './wallet.ts';

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
const OrderParams = v.object({ orderId: v.pipe(v.string(), v.maxLength(20)) });
const InstrumentsQuery = v.object({
  method: v.optional(v.picklist(['CREDIT_CARD', 'GIFT_CARD', 'REWARD_CODE', 'REWARD_CARD'], 'method is CREDIT_CARD, GIFT_CARD, REWARD_CODE or REWARD_CARD.')),
});
const SaveCardBody = v.union([
  v.object({
    paymentMethodId: v.optional(v.literal('CREDIT_CARD')),
    token: v.pipe(v.string('token is what the card fields answered.'), v.regex(/^[\w-]{4,128}$/, 'token is what the card fields answered.')),
    main: v.optional(v.boolean()),
  }),
  v.object({
    paymentMethodId: v.literal('GIFT_CARD'),
    cardNumber: v.pipe(v.string('cardNumber is the gift card number.'), v.maxLength(40)),
    pin: v.pipe(v.string('pin is the gift card PIN.'), v.maxLength(12)),
  }),
]);
const ResendBody = v.object({
  orderNumber: v.pipe(v.string('orderNumber is the order the gift card was bought in.'), v.trim(), v.maxLength(20)),
  itemId: v.pipe(v.string('itemId is the gift card line.'), v.maxLength(64)),
});
const InstrumentParams = v.object({ paymentInstrumentId: v.pipe(v.string(), v.maxLength(64)) });
const InstrumentPatch = v.object({ main: v.literal(true, 'main: true makes the card the main one.') });
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

/** The signed-in shopper, for the calls that are theirs alone. */
function registered(claims: { type: string; consumerNo?: string | undefined } | undefined): string {
  if (claims?.type !== 'registered' || !claims.consumerNo) throw new HttpError('AUT401', 'Sign in to see your orders.');
  return claims.consumerNo;
}

const ExportBody = v.object({
  consumerId: v.pipe(v.string('consumerId is your customer number.'), v.maxLength(20)),
  email: v.pipe(v.string('email is your account email.'), v.maxLength(100)),
});
const DeleteBody = v.object({ password: v.pipe(v.string('password is your current password.'), v.minLength(1, 'Enter your password.'), v.maxLength(200)) });

const AddressParams = v.object({ addressId: v.pipe(v.string(), v.uuid('addressId is one the address book answered.')) });

export const accountRoutes = new Hono<AppEnv>()
  .get('/consumers-v3/consumer/address', async (c) => {
    const consumerNo = await addressOwner(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { addresses: await listAddresses(c.env.DB, consumerNo) }));
  })
  .post('/consumers-v3/consumer/address', valid('json', v.looseObject({})), async (c) => {
    const consumerNo = await addressOwner(c);
    const saved = await addAddress(c, apiLocale(c, {}), consumerNo, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, saved), 201);
  })
  .put('/consumers-v3/consumer/address/:addressId', valid('param', AddressParams), valid('json', v.looseObject({})), async (c) => {
    const consumerNo = await addressOwner(c);
    const saved = await updateAddress(c, apiLocale(c, {}), consumerNo, c.req.valid('param').addressId, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, saved));
  })
  .delete('/consumers-v3/consumer/address/:addressId', valid('param', AddressParams), async (c) => {
    const consumerNo = await addressOwner(c);
    await deleteAddress(c, consumerNo, c.req.valid('param').addressId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { addresses: await listAddresses(c.env.DB, consumerNo) }));
  })
  .post('/consumers-v3/consumer/purchasehistory', valid('json', HistoryBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    const body = c.req.valid('json');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await orderHistory(c.env.DB, consumerNo, body.page, body.pageSize)));
  })
  .get('/consumers-v3/consumer/purchase/:orderId', valid('param', OrderParams), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    c.header('Cache-Control', 'private, no-store');
    const order = await ownOrder(c.env.DB, consumerNo, c.req.valid('param').orderId);
    return c.json(envelope(c, { ...order, returns: await returnsOf(c.env.DB, order.orderNumber) }));
  })
  .post('/consumers-v3/consumer/TrackOrder', valid('json', TrackBody), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await trackOrder(c, c.req.valid('json'))));
  })
  .post('/consumers-v3/consumer/CancelOrder', valid('json', CancelBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    const body = c.req.valid('json');
    const order = body.items
      ? await cancelLines(c, paymentProviderFor(c.env), consumerNo, body.orderNumber, body.items)
      : await cancelOrder(c, consumerNo, body.orderNumber);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, order));
  })
  .post('/consumers-v3/consumer/return/:orderId/returnLabel', valid('param', OrderParams), valid('json', ReturnBody), async (c) => {
    const body = c.req.valid('json');
    const order = await afterSalesOrder(c, c.req.valid('param').orderId, body);
    const created = await createReturn(c, order, body.items, isOwner(c, order) ? 'owner' : 'guest');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...created, labelUrl: labelUrl(order.orderNumber, created.returnId, body.st) }), 201);
  })
  .get('/consumers-v3/consumer/return/:orderId/:returnId/label', valid('param', ReturnParams), valid('query', GuestProof), async (c) => {
    const { orderId, returnId } = c.req.valid('param');
    const order = await afterSalesOrder(c, orderId, c.req.valid('query'));
    const view = (await returnsOf(c.env.DB, order.orderNumber)).find((r) => r.returnId === returnId);
    if (!view) throw new HttpError('OHS4004', 'The return was not found.');
    const from = await c.env.DB.prepare('SELECT from_address FROM order_returns WHERE return_id = ?1').bind(returnId).first<{ from_address: string }>();
    return pdf(c, returnLabelPdf(order, view, from ? (JSON.parse(from.from_address) as Record<string, unknown>) : null), `cairn-return-${returnId}.pdf`);
  })
  .post('/consumers-v3/consumer/purchase/invoice/download', valid('json', InvoiceBody), async (c) => {
    const body = c.req.valid('json');
    const order = await afterSalesOrder(c, body.orderNumber, body);
    return pdf(c, await invoiceOf(c.env.DB, order), `cairn-invoice-${order.orderNumber}.pdf`);
  })
  .get('/consumers-v3/consumer/payment_instruments', valid('query', InstrumentsQuery), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(c, consumerNo, c.req.valid('query').method, apiLocale(c, {}).site.currency)));
  })
  .post('/consumers-v3/consumer/payment_instruments', valid('json', SaveCardBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    const body = c.req.valid('json');
    c.header('Cache-Control', 'private, no-store');
    if (body.paymentMethodId === 'GIFT_CARD') return c.json(envelope(c, await saveGiftCard(c, consumerNo, body)), 201);
    return c.json(envelope(c, await saveCard(c, consumerNo, body)), 201);
  })
  .patch('/consumers-v3/consumer/payment_instruments/:paymentInstrumentId', valid('param', InstrumentParams), valid('json', InstrumentPatch), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    await makeCardMain(c, consumerNo, c.req.valid('param').paymentInstrumentId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(c, consumerNo, 'CREDIT_CARD', apiLocale(c, {}).site.currency)));
  })
  .delete('/consumers-v3/consumer/payment_instruments/:paymentInstrumentId', valid('param', InstrumentParams), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    const id = c.req.valid('param').paymentInstrumentId;
    // A saved gift card, or else a card (PYT404 when it is neither of this shopper's).
    const giftCard = await deleteGiftCard(c, consumerNo, id);
    if (!giftCard) await deleteCard(c, consumerNo, id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(c, consumerNo, giftCard ? 'GIFT_CARD' : 'CREDIT_CARD', apiLocale(c, {}).site.currency)));
  })
  .post('/consumers-v3/consumer/resendGiftCardEmail', valid('json', ResendBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    const body = c.req.valid('json');
    const sent = await resendBoughtGiftCards(c, consumerNo, await ownOrder(c.env.DB, consumerNo, body.orderNumber), body.itemId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { sent }), 202);
  })
  .post('/consumers-v3/consumer/retrieveUserData', valid('json', ExportBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    await sendPersonalData(c, consumerNo, c.req.valid('json'), mailerFor(c.env));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { sent: true }), 202);
  })
  .delete('/consumers-v3/consumer', valid('json', DeleteBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    await closeAccount(c, consumerNo, c.req.valid('json').password);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { deleted: true }));
  });
