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
import { addAddress, addressOwner, deleteAddress, listAddresses, updateAddress } from './address-book.ts';
import { cancelOrder } from './cancel.ts';
import { HISTORY_PAGE_MAX, orderHistory, ownOrder, trackOrder } from './orders.ts';
import { deleteCard, instrumentsOf, makeCardMain, saveCard } from './wallet.ts';

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
  method: v.optional(v.picklist(['CREDIT_CARD', 'REWARD_CODE', 'REWARD_CARD'], 'method is CREDIT_CARD, REWARD_CODE or REWARD_CARD.')),
});
const SaveCardBody = v.object({
  token: v.pipe(v.string('token is what the card fields answered.'), v.regex(/^[\w-]{4,128}$/, 'token is what the card fields answered.')),
  main: v.optional(v.boolean()),
});
const InstrumentParams = v.object({ paymentInstrumentId: v.pipe(v.string(), v.maxLength(64)) });
const InstrumentPatch = v.object({ main: v.literal(true, 'main: true makes the card the main one.') });
const CancelBody = v.object({ orderNumber: v.pipe(v.string('orderNumber is the order to cancel.'), v.trim(), v.maxLength(20)) });
const TrackBody = v.object({
  orderNumber: v.pipe(v.string('orderNumber is the order number.'), v.trim(), v.maxLength(20)),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});

/** The signed-in shopper, for the calls that are theirs alone. */
function registered(claims: { type: string; consumerNo?: string | undefined } | undefined): string {
  if (claims?.type !== 'registered' || !claims.consumerNo) throw new HttpError('AUT401', 'Sign in to see your orders.');
  return claims.consumerNo;
}

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
    return c.json(envelope(c, await ownOrder(c.env.DB, consumerNo, c.req.valid('param').orderId)));
  })
  .post('/consumers-v3/consumer/TrackOrder', valid('json', TrackBody), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await trackOrder(c, c.req.valid('json'))));
  })
  .post('/consumers-v3/consumer/CancelOrder', valid('json', CancelBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    const order = await cancelOrder(c, consumerNo, c.req.valid('json').orderNumber);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, order));
  })
  .get('/consumers-v3/consumer/payment_instruments', valid('query', InstrumentsQuery), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(c, consumerNo, c.req.valid('query').method, apiLocale(c, {}).site.currency)));
  })
  .post('/consumers-v3/consumer/payment_instruments', valid('json', SaveCardBody), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await saveCard(c, consumerNo, c.req.valid('json'))), 201);
  })
  .patch('/consumers-v3/consumer/payment_instruments/:paymentInstrumentId', valid('param', InstrumentParams), valid('json', InstrumentPatch), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    await makeCardMain(c, consumerNo, c.req.valid('param').paymentInstrumentId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(c, consumerNo, 'CREDIT_CARD', apiLocale(c, {}).site.currency)));
  })
  .delete('/consumers-v3/consumer/payment_instruments/:paymentInstrumentId', valid('param', InstrumentParams), async (c) => {
    const consumerNo = registered(c.get('session')?.claims);
    await deleteCard(c, consumerNo, c.req.valid('param').paymentInstrumentId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(c, consumerNo, 'CREDIT_CARD', apiLocale(c, {}).site.currency)));
  });
