// Checkout API (commerce-core §7, the checkout rows): prepare the order, place it, complete its 3-D
// Secure challenge, open a wallet's payment session, score the device, and read an order back.

import { Hono } from 'hono';
import { orderConfirmationPath } from '../../../shared/checkout.ts';
import { BasketParams } from '../../../shared/schema/cart.ts';
import {
  ApplePayPaymentBody,
  ApplePayQuoteBody,
  AuthenticationPatchBody,
  DeviceFingerprintBody,
  OrderParams,
  OrderQuery,
  PaymentSessionQuery,
  PlaceOrderBody,
  PrepareOrderQuery,
} from '../../../shared/schema/checkout.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { callerOf } from '../cart/basket.ts';
import { orderAccessAllowed, orderAccessToken, sessionPlaced } from '../orders/access.ts';
import { readOrder } from '../orders/order-entity.ts';
import { completeAuthentication, placeOrder } from '../orders/place-order.ts';
import { applePayMerchantSession, applePayPayment, applePayQuote } from './apple-pay.ts';
import { prepareOrder, registerDevice, walletPaymentSession } from './payment.ts';

/** Payment session retry delay the islands use (commerce-core §9): said once, here, in the answer's header. */
const PAYMENT_SESSION_RETRY_MS = 3000;

export const checkoutRoutes = new Hono<AppEnv>()
  .post('/cart/v1/cart/prepareOrder', valid('query', PrepareOrderQuery), async (c) => {
    const query = c.req.valid('query');
    const { cart, checkoutStatus } = await prepareOrder(c, apiLocale(c, {}), query.basketId, query.express === 'true');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...cart, checkoutStatus, step: checkoutStatus === 'EXPRESS' ? 'summary' : null }));
  })
  .put('/cart/v2/checkout/order', valid('json', PlaceOrderBody), async (c) => {
    const body = c.req.valid('json');
    const key = c.req.header('idempotency-key');
    if (key !== undefined && !/^[\w-]{8,100}$/.test(key)) throw new HttpError('API400', 'Idempotency-Key is 8 to 100 letters, digits, _ or -.');
    const placed = await placeOrder(c, apiLocale(c, {}), {
      basketId: body.cartId,
      billingAddress: body.billingAddress,
      paymentMethod: body.paymentMethod,
      recaptchaResponse: body.recaptcha_response,
      inStoreSalesInfo: body.inStoreSalesInfo,
      idempotencyKey: key,
      storeContext: body.storeContext,
      checkoutStatus: body.checkoutStatus,
      deviceId: body.deviceId,
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...placed.order, orderNumber: placed.orderNumber, st: placed.st }), placed.status === 'awaiting_authentication' ? 202 : 201);
  })
  .patch('/cart/v2/checkout/order/:orderNumber', valid('param', OrderParams), valid('json', AuthenticationPatchBody), async (c) => {
    const result = c.req.valid('json').paymentMethod.additionalData?.threeDS2Result;
    const placed = await completeAuthentication(c, c.req.valid('param').orderNumber, result === 'cancelled');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...placed.order, orderNumber: placed.orderNumber, st: placed.st }));
  })
  .get('/cart/v1/paymentSession', valid('query', PaymentSessionQuery), async (c) => {
    const query = c.req.valid('query');
    const basketId = query.basketId ?? c.get('session')?.claims.basketId;
    if (!basketId) throw new HttpError('BSK404');
    const method = query.paymentMethod ?? query.paymentMethodId ?? '';
    if (method === 'CREDIT_CARD') throw new HttpError('API400', 'Cards are paid through the card fields, not a payment session.');
    c.header('Cache-Control', 'private, no-store');
    if (method === 'DW_APPLE_PAY' || method === 'applepay') {
      return c.json(envelope(c, await applePayMerchantSession(c, apiLocale(c, {}), { basketId, validationUrl: query.validationUrl })));
    }
    const session = await walletPaymentSession(c, apiLocale(c, {}), { basketId, method, referer: query.referer });
    c.header('Cache-Control', 'private, no-store');
    c.header('Retry-After', String(PAYMENT_SESSION_RETRY_MS / 1000));
    return c.json(envelope(c, session));
  })
  .post('/cart/v1/cart/:basketId/applePay/quote', valid('param', BasketParams), valid('json', ApplePayQuoteBody), async (c) => {
    const quote = await applePayQuote(c, apiLocale(c, {}), c.req.valid('param').basketId, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, quote));
  })
  .post('/cart/v1/cart/:basketId/applePay/payment', valid('param', BasketParams), valid('json', ApplePayPaymentBody), async (c) => {
    const body = c.req.valid('json');
    const locale = apiLocale(c, {});
    const placed = await applePayPayment(c, locale, c.req.valid('param').basketId, {
      ...body.payment,
      storeContext: body.storeContext,
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      envelope(c, {
        ...placed.order,
        orderNumber: placed.orderNumber,
        st: placed.st,
        redirect: orderConfirmationPath(locale.code, placed.orderNumber, placed.st, placed.order.storeContext ?? undefined),
      }),
      201,
    );
  })
  .post('/cart/v1/deviceFingerPrint', valid('json', DeviceFingerprintBody), async (c) => {
    callerOf(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await registerDevice(c, c.req.valid('json').timeZone)), 201);
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
  });
