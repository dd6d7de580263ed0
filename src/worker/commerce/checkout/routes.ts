// Checkout API (commerce-core §7, the checkout rows): prepare the order, open a wallet's or Apple Pay's
// payment session, pay with Apple Pay, and score the device. Placing the order, its 3-D Secure challenge and
// reading it back are the orders domain's (orders/routes.ts).

import { Hono } from 'hono';
import { orderConfirmationPath } from '../../../shared/commerce/checkout.ts';
import { BasketParams } from '../../../shared/schema/cart.ts';
import { ApplePayPaymentBody, ApplePayQuoteBody, DeviceFingerprintBody, PaymentSessionQuery, PrepareOrderQuery } from '../../../shared/schema/checkout.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { callerOf } from '../cart/caller.ts';
import { applyCookies, shopperOf } from '../from-request.ts';
import { applePayMerchantSession, applePayPayment, applePayQuote } from './apple-pay.ts';
import { prepareOrder, registerDevice, walletPaymentSession } from './payment.ts';

/** Payment session retry delay the islands use (commerce-core §9): said once, here, in the answer's header. */
const PAYMENT_SESSION_RETRY_MS = 3000;

export const checkoutRoutes = new Hono<AppEnv>()
  .post('/cart/v1/cart/prepareOrder', valid('query', PrepareOrderQuery), async (c) => {
    const query = c.req.valid('query');
    const { cart, checkoutStatus, cookies } = await prepareOrder(depsOf(c), shopperOf(c), apiLocale(c, {}), query.basketId, query.express === 'true');
    applyCookies(c, cookies);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { ...cart, checkoutStatus, step: checkoutStatus === 'EXPRESS' ? 'summary' : null }));
  })
  .get('/cart/v1/paymentSession', valid('query', PaymentSessionQuery), async (c) => {
    const query = c.req.valid('query');
    const basketId = query.basketId ?? c.get('session')?.claims.basketId;
    if (!basketId) throw new HttpError('BSK404');
    const method = query.paymentMethod ?? query.paymentMethodId ?? '';
    if (method === 'CREDIT_CARD') throw new HttpError('API400', 'Cards are paid through the card fields, not a payment session.');
    c.header('Cache-Control', 'private, no-store');
    if (method === 'DW_APPLE_PAY' || method === 'applepay') {
      const merchant = await applePayMerchantSession(depsOf(c), shopperOf(c), apiLocale(c, {}), {
        basketId,
        validationUrl: query.validationUrl,
        requestUrl: c.req.url,
      });
      applyCookies(c, merchant.cookies);
      return c.json(envelope(c, merchant.session));
    }
    const { session, cookies } = await walletPaymentSession(depsOf(c), shopperOf(c), apiLocale(c, {}), {
      basketId,
      method,
      referer: query.referer,
      requestUrl: c.req.url,
    });
    applyCookies(c, cookies);
    c.header('Cache-Control', 'private, no-store');
    c.header('Retry-After', String(PAYMENT_SESSION_RETRY_MS / 1000));
    return c.json(envelope(c, session));
  })
  .post('/cart/v1/cart/:basketId/applePay/quote', valid('param', BasketParams), valid('json', ApplePayQuoteBody), async (c) => {
    const { quote, cookies } = await applePayQuote(depsOf(c), shopperOf(c), apiLocale(c, {}), c.req.valid('param').basketId, c.req.valid('json'));
    applyCookies(c, cookies);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, quote));
  })
  .post('/cart/v1/cart/:basketId/applePay/payment', valid('param', BasketParams), valid('json', ApplePayPaymentBody), async (c) => {
    const body = c.req.valid('json');
    const locale = apiLocale(c, {});
    const placed = await applePayPayment(depsOf(c), shopperOf(c), locale, c.req.valid('param').basketId, {
      ...body.payment,
      storeContext: body.storeContext,
      requestUrl: c.req.url,
    });
    applyCookies(c, placed.cookies);
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
    callerOf(shopperOf(c));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await registerDevice(depsOf(c), c.req.valid('json').timeZone)), 201);
  });
