// Cart API (commerce-core §7, Cart): create, read, and the item and coupon calls. Every answer is the whole
// Cart entity, never cached on the way; the basket must be the session's own.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { LOYALTY_MIN_POINTS } from '../../../shared/commerce-config.ts';
import {
  AddItemBody,
  BasketParams,
  CouponBody,
  GiftCardBalanceBody,
  PaymentInstrumentBody,
  RemoveInstrumentBody,
  RemoveItemBody,
  RewardBody,
  UpdateItemBody,
} from '../../../shared/schema/cart.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import {
  addToBasket,
  applyCoupon,
  applyGiftCard,
  applyReward,
  type BasketChange,
  callerOf,
  giftCardBalance,
  openBasket,
  pricedCart,
  removeCoupon,
  removeGiftCard,
  removeLine,
  setLineQuantity,
} from './basket.ts';
import { maskedNumber } from './gift-cards.ts';
import { loyaltyBenefits, loyaltyStanding, vouchersFor } from './loyalty.ts';
import { type CartEntity, cartStub } from './service.ts';

async function answer(c: Context<AppEnv>, change: BasketChange, status: 200 | 201 = 200, notices: CartEntity['flash'] = []) {
  const cart = await pricedCart(c, apiLocale(c, {}), change);
  cart.flash.unshift(...notices);
  c.header('Cache-Control', 'private, no-store');
  return c.json(envelope(c, cart), status);
}

export const cartRoutes = new Hono<AppEnv>()
  .post('/cart/v1/cart', async (c) => {
    const opened = await openBasket(c, apiLocale(c, {}));
    return answer(c, { result: opened.result }, opened.created ? 201 : 200, opened.notices);
  })
  .get('/cart/v1/cart/:basketId', valid('param', BasketParams), async (c) => {
    return answer(c, { result: await cartStub(c.env, c.req.valid('param').basketId).read(callerOf(c)) });
  })
  .post('/cart/v1/item', valid('json', AddItemBody), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await addToBasket(c, apiLocale(c, {}), body.cartId, body));
  })
  .put('/cart/v1/cart/:basketId/item', valid('param', BasketParams), valid('json', UpdateItemBody), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await setLineQuantity(c, apiLocale(c, {}), c.req.valid('param').basketId, body.itemId, body.qty));
  })
  .put('/cart/v1/coupon', valid('json', CouponBody, { code: 'PRM160' }), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await applyCoupon(c, body.cartId, body.code));
  })
  .delete('/cart/v1/coupon', valid('json', CouponBody, { code: 'PRM160' }), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await removeCoupon(c, body.cartId, body.code));
  })
  .delete('/cart/v1/item', valid('json', RemoveItemBody), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await removeLine(c, body.cartId, body.itemId));
  })
  .post('/cart/v1/giftcard/balance', valid('json', GiftCardBalanceBody), async (c) => {
    const card = await giftCardBalance(c, apiLocale(c, {}), c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { maskedNumber: maskedNumber(card.last4), balance: card.balance, currency: card.currency, expiresOn: card.expiresOn }));
  })
  .post('/cart/v1/cart/:basketId/paymentInstruments', valid('param', BasketParams), valid('json', PaymentInstrumentBody), async (c) => {
    return answer(c, await applyGiftCard(c, c.req.valid('param').basketId, c.req.valid('json')));
  })
  .delete('/cart/v1/cart/:basketId/paymentInstruments', valid('param', BasketParams), valid('json', RemoveInstrumentBody), async (c) => {
    return answer(c, await removeGiftCard(c, c.req.valid('param').basketId, c.req.valid('json').payment_instrument_id));
  })
  .get('/consumers-v3/consumer/loyalty/vouchers', async (c) => {
    const locale = apiLocale(c, {});
    const standing = await loyaltyStanding(c.env.DB, c.get('session')?.claims);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      envelope(c, {
        memberId: standing.memberId,
        currentLoyaltyPoints: standing.points,
        minimumPoints: LOYALTY_MIN_POINTS,
        applicableLoyaltyVouchers: vouchersFor(standing, locale.site.currency, locale.tag),
        benefits: loyaltyBenefits(locale.site.id),
      }),
    );
  })
  .put('/cart/v1/cart/:basketId/reward', valid('param', BasketParams), valid('json', RewardBody), async (c) => {
    return answer(c, await applyReward(c, c.req.valid('param').basketId, c.req.valid('json').appliedLoyaltyVoucher?.points ?? null));
  });
