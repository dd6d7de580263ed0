// Cart API (commerce-core §7, Cart): create, read, and the item and coupon calls. Every answer is the whole
// Cart entity, never cached on the way; the basket must be the session's own.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { LOYALTY_MIN_POINTS } from '../../../shared/commerce/commerce-config.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { AddressSchema } from '../../../shared/schema/address.ts';
import {
  AddItemBody,
  AddItemQuery,
  AddressListBody,
  AdjustmentParams,
  AnyObject,
  BasketParams,
  CartReadQuery,
  CartWithItemBody,
  CartWithItemQuery,
  CouponBody,
  PaymentInstrumentBody,
  PriceAdjustmentBody,
  PriceAdjustmentPatch,
  RemoveInstrumentBody,
  RemoveItemBody,
  ReserveWithItemBody,
  RewardBody,
  ShippingAddressQuery,
  ShippingMethodBody,
  ShippingParams,
  UpdateItemBody,
} from '../../../shared/schema/cart.ts';
import { requireHuman } from '../../bot/bot-verifier.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { today } from '../catalog/service.ts';
import { payLaterOffer, setCardPayment, setWalletPayment } from '../checkout/payment.ts';
import { applyCookies, myStoreCookie, openSessionBasket, pricedCartOf, shopperOf } from '../from-request.ts';
import { ensureRequestSession } from '../identity/http-session.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import {
  addressCorrections,
  checkDeliveryAddress,
  clearAddress,
  parseAddress,
  setBillingAddress,
  setDeliveryEstimate,
  setPickupContacts,
  setShippingAddress,
} from './addresses.ts';
import { addToBasket, applyCoupon, removeCoupon, reservationBasket, walletBasket } from './basket.ts';
import { type BasketChange, callerOf } from './caller.ts';
import { applyGiftCard, applyReward, removeGiftCard, setAthletePayment } from './instruments.ts';
import { checkDescribedLine } from './line-claims.ts';
import { changeLineVariant, patchBasket, removeLine, setLineGift, setLineQuantity, setLineStore } from './lines.ts';
import { loyaltyBenefits, loyaltyStanding, vouchersFor } from './loyalty.ts';
import { paymentMethodsFor } from './payment-methods.ts';
import { adjustPrice, removeAdjustment } from './price-adjustments.ts';
import { applyRewardInstrument, memberRewards } from './reward-instruments.ts';
import { type CartEntity, cartStub, throwRefusal } from './service.ts';
import { setShippingMethod } from './shipping-method.ts';

async function answer(c: Context<AppEnv>, change: BasketChange, status: 200 | 201 = 200, notices: CartEntity['flash'] = []) {
  return answerCart(c, await pricedCartOf(c, apiLocale(c, {}), change), status, notices);
}

/** A cart already priced, with the notices the call adds, never stored on the way. */
function answerCart(c: Context<AppEnv>, cart: CartEntity, status: 200 | 201 = 200, notices: CartEntity['flash'] = []) {
  cart.flash.unshift(...notices);
  c.header('Cache-Control', 'private, no-store');
  return c.json(envelope(c, cart), status);
}

/** The payment_instrument_id the athlete allowance goes by in the cart's answers and removals. */
const ATHLETE_INSTRUMENT = 'athletes';

export const cartRoutes = new Hono<AppEnv>()
  .post('/cart/v1/cart', async (c) => {
    const opened = await openSessionBasket(c, apiLocale(c, {}));
    return answer(c, { result: opened.result }, opened.created ? 201 : 200, opened.notices);
  })
  .get('/cart/v1/cart/:basketId', valid('param', BasketParams), valid('query', CartReadQuery), async (c) => {
    const { basketId } = c.req.valid('param');
    const query = c.req.valid('query');
    const locale = apiLocale(c, {});
    if (query.isPatchRequired) {
      const patched = await patchBasket(depsOf(c), shopperOf(c), locale, basketId);
      return answerCart(c, await pricedCartOf(c, locale, patched.change), 200, patched.notices);
    }
    const change = { result: await cartStub(c.env, basketId).read(callerOf(shopperOf(c))) };
    return answerCart(c, await pricedCartOf(c, locale, change, query.inventorySupplyCheck ? 'fresh' : 'recent'));
  })
  .post('/cart/v1/item', valid('json', AddItemBody), valid('query', AddItemQuery), async (c) => {
    const body = c.req.valid('json');
    const query = c.req.valid('query');
    // ?action=pickup with the favourite store stands for a storeId the body did not give.
    const storeId = body.storeId ?? (query.action === 'pickup' ? (query.favStoreId ?? myStoreCookie(c)) : undefined);
    if (query.action === 'pickup' && !storeId) {
      throw new HttpError('API400', 'Pickup needs a store.', [{ field: 'storeId', message: 'Choose a store to pick this up from.' }]);
    }
    return answer(c, await addToBasket(depsOf(c), shopperOf(c), apiLocale(c, {}), body.cartId, { ...body, storeId }));
  })
  .put('/cart/v1/cart/:basketId/item', valid('param', BasketParams), valid('json', UpdateItemBody), async (c) => {
    const body = c.req.valid('json');
    const { basketId } = c.req.valid('param');
    // What the call says of the line (its UPC, its design) is checked before anything changes.
    await checkDescribedLine(depsOf(c), shopperOf(c), basketId, body.itemId, body);
    // The variant first, then where the line is collected, then its quantity: the answer prices all three.
    if (body.productId !== undefined) {
      const changed = await changeLineVariant(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, body.itemId, body.productId);
      if (!changed.result.ok) return answer(c, changed);
      // Joined to the line that already held that size: that line's quantity and delivery stand.
      if (!changed.result.state.lines.some((line) => line.id === body.itemId)) return answer(c, changed);
    }
    if (body.storeId !== undefined) {
      const moved = await setLineStore(depsOf(c), shopperOf(c), basketId, body.itemId, body.storeId);
      if (!moved.result.ok) return answer(c, moved);
    }
    if (body.giftOption !== undefined) {
      const gifted = await setLineGift(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, body.itemId, body.giftOption);
      if (!gifted.result.ok) return answer(c, gifted);
      // Joined to the line that already went to that recipient: that line's quantity stands.
      if (!gifted.result.state.lines.some((line) => line.id === body.itemId)) return answer(c, gifted);
    }
    return answer(c, await setLineQuantity(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, body.itemId, body.qty, body.maxQty));
  })
  .put('/cart/v1/coupon', valid('json', CouponBody, { code: 'PRM160' }), async (c) => {
    const body = c.req.valid('json');
    const locale = apiLocale(c, {});
    const cart = await pricedCartOf(c, locale, await applyCoupon(depsOf(c), shopperOf(c), body.cartId, body.code));
    // Kept on the cart, and said (commerce-core §8 PRM175): a code for boots on a cart of socks takes nothing off yet.
    const idle = cart.couponItems.some((item) => item.code.toUpperCase() === body.code.toUpperCase() && !item.applied);
    return answerCart(c, cart, 200, idle ? [{ type: 'PRM175', message: translator(locale.lang, locale.tag)('error.couponNotApplied') }] : []);
  })
  .delete('/cart/v1/coupon', valid('json', CouponBody, { code: 'PRM160' }), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await removeCoupon(depsOf(c), shopperOf(c), body.cartId, body.code));
  })
  .delete('/cart/v1/item', valid('json', RemoveItemBody), async (c) => {
    const body = c.req.valid('json');
    await checkDescribedLine(depsOf(c), shopperOf(c), body.cartId, body.itemId, { upc: body.upc });
    return answer(c, await removeLine(depsOf(c), shopperOf(c), body.cartId, body.itemId));
  })
  .post('/cart/v1/cart/:basketId/paymentInstruments', valid('param', BasketParams), valid('json', PaymentInstrumentBody), async (c) => {
    const { basketId } = c.req.valid('param');
    const body = c.req.valid('json');
    if (body.payment_method_id === 'GIFT_CERTIFICATE' || body.payment_method_id === 'GIFT_CARD')
      return answer(c, await applyGiftCard(depsOf(c), shopperOf(c), basketId, body));
    if (body.payment_method_id === 'CREDIT_CARD') return answer(c, await setCardPayment(depsOf(c), shopperOf(c), basketId, body.additionalDetails));
    if (body.payment_method_id === 'ATHLETES_PAYMENT') return answer(c, await setAthletePayment(depsOf(c), shopperOf(c), basketId, true));
    if (body.payment_method_id === 'REWARD_CODE')
      return answer(
        c,
        await applyRewardInstrument(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, { kind: 'REWARD_CODE', code: body.code, rewardId: body.rewardId }),
      );
    if (body.payment_method_id === 'REWARD_CARD') {
      return answer(
        c,
        await applyRewardInstrument(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, {
          kind: 'REWARD_CARD',
          code: body.cardNumber,
          rewardId: body.rewardId,
        }),
      );
    }
    return answer(c, await setWalletPayment(depsOf(c), shopperOf(c), apiLocale(c, {}), basketId, body.payment_method_id));
  })
  .get('/cart/v1/cart/:basketId/payLater', valid('param', BasketParams), async (c) => {
    const { offer, cookies } = await payLaterOffer(depsOf(c), shopperOf(c), apiLocale(c, {}), c.req.valid('param').basketId);
    applyCookies(c, cookies);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, offer));
  })
  .delete('/cart/v1/cart/:basketId/paymentInstruments', valid('param', BasketParams), valid('json', RemoveInstrumentBody), async (c) => {
    const { basketId } = c.req.valid('param');
    const { payment_instrument_id: instrumentId } = c.req.valid('json');
    // The athlete allowance is the cart's instrument named "athletes"; the others are gift cards.
    if (instrumentId === ATHLETE_INSTRUMENT) return answer(c, await setAthletePayment(depsOf(c), shopperOf(c), basketId, false));
    return answer(c, await removeGiftCard(depsOf(c), shopperOf(c), basketId, instrumentId));
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
    return answer(
      c,
      await applyReward(depsOf(c), shopperOf(c), apiLocale(c, {}), c.req.valid('param').basketId, c.req.valid('json').appliedLoyaltyVoucher?.points ?? null),
    );
  })
  .post('/cart/v1/shippingMethod', valid('json', ShippingMethodBody), async (c) => {
    const body = c.req.valid('json');
    return answer(
      c,
      await setShippingMethod(depsOf(c), shopperOf(c), apiLocale(c, {}), body.cartId, {
        shippingId: body.shippingId,
        code: body.code,
        pointId: body.pointId,
        shopperApplied: body.shopperAppliedSM,
      }),
    );
  })
  .get('/cart/v1/cart/:basketId/shippingMethod/:shippingId', valid('param', ShippingParams), async (c) => {
    const cart = await pricedCartOf(c, apiLocale(c, {}), { result: await cartStub(c.env, c.req.valid('param').basketId).read(callerOf(shopperOf(c))) });
    const { shippingId } = c.req.valid('param');
    const shipment = cart.shippingMethods.find((m) => m.shippingId === shippingId);
    // The workshop's shipment exists while the cart holds a pair made to order.
    if (!shipment && shippingId === 'customs') throw new HttpError('API404', 'This cart holds nothing made to order.');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { shippingId, selected: shipment?.code ?? 'standard', applicableShippingMethods: shipment?.applicableShippingMethods ?? [] }));
  })
  .post(
    '/cart/v2/cart/:basketId/shippingAddress',
    valid('param', BasketParams),
    valid('query', ShippingAddressQuery),
    valid('json', AddressListBody),
    async (c) => {
      const locale = apiLocale(c, {});
      const { basketId } = c.req.valid('param');
      const { context, bid } = c.req.valid('query');
      // bid names the basket the caller means: only this one, whoever else's it may be.
      if (bid !== undefined && bid !== basketId)
        throw new HttpError('API400', 'bid is the basket of the path.', [{ field: 'bid', message: 'bid is the basket of the path.' }]);
      const given = c.req.valid('json')[0];
      // The cart's estimate names no one and goes nowhere: it carries no bot check.
      if (context === 'cart') return answer(c, await setDeliveryEstimate(depsOf(c), shopperOf(c), locale, basketId, given));
      // A guest's address is where scripts test stolen cards' addresses: it carries the bot check (commerce-core §5), from a wallet too.
      if (c.get('session')?.claims.type !== 'registered') {
        const token = given?.recaptcha_response;
        await requireHuman(c.env, typeof token === 'string' ? token : undefined, 'shippingAddress', c.req.header('cf-connecting-ip'));
      }
      const source = context === 'wallet' ? 'wallet' : 'checkout';
      const { cart, cookies, taxMoved, downgraded, pointReplaced } = await setShippingAddress(
        depsOf(c),
        shopperOf(c),
        locale,
        basketId,
        given,
        undefined,
        source,
      );
      applyCookies(c, cookies);
      const t = translator(locale.lang, locale.tag);
      return answerCart(c, cart, 200, [
        ...(taxMoved ? [{ type: 'TAX310', message: t('error.taxUpdated') }] : []),
        ...(downgraded ? [{ type: 'OrderShippingMethodDowngraded', message: t('delivery.downgraded') }] : []),
        ...(pointReplaced ? [{ type: 'OrderShippingMethodChanged', message: t('delivery.pointReplaced') }] : []),
      ]);
    },
  )
  .delete('/cart/v2/cart/:basketId/shippingAddress', valid('param', BasketParams), async (c) => {
    return answer(c, await clearAddress(depsOf(c), shopperOf(c), c.req.valid('param').basketId, 'shippingAddress'));
  })
  .post('/cart/v1/cart/:basketId/shippingAddress/validation', valid('param', BasketParams), valid('json', AnyObject), async (c) => {
    const current = await cartStub(c.env, c.req.valid('param').basketId).read(callerOf(shopperOf(c)));
    if (!current.ok) throwRefusal(current);
    const address = parseAddress(AddressSchema, c.req.valid('json'));
    checkDeliveryAddress(apiLocale(c, {}), address);
    const corrections = addressCorrections(address);
    if (corrections.length > 0) throw new HttpError('CHK320', corrections[0]?.message, corrections);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { valid: true, address }));
  })
  .put('/cart/v1/cart/:basketId/pickupContacts', valid('param', BasketParams), valid('json', AnyObject), async (c) => {
    return answer(c, await setPickupContacts(depsOf(c), shopperOf(c), apiLocale(c, {}), c.req.valid('param').basketId, c.req.valid('json')));
  })
  .post('/cart/v1/cart/:basketId/billingAddress', valid('param', BasketParams), valid('json', AnyObject), async (c) => {
    return answer(c, await setBillingAddress(depsOf(c), shopperOf(c), c.req.valid('param').basketId, c.req.valid('json')));
  })
  .delete('/cart/v1/cart/:basketId/billingAddress', valid('param', BasketParams), async (c) => {
    return answer(c, await clearAddress(depsOf(c), shopperOf(c), c.req.valid('param').basketId, 'billingAddress'));
  })
  .get('/cart/v1/cart/:basketId/paymentMethods', valid('param', BasketParams), async (c) => {
    const current = await cartStub(c.env, c.req.valid('param').basketId).read(callerOf(shopperOf(c)));
    if (!current.ok) throwRefusal(current);
    c.header('Cache-Control', 'private, no-store');
    const methods = paymentMethodsFor(current.state.owner.siteId, c.get('session')?.claims, paymentProviderFor(c.env).applePay);
    // The athlete allowance says what is left of it and what it could pay on this cart (commerce-core §3).
    const athlete = methods.some((m) => m.id === 'ATHLETES_PAYMENT') ? (await pricedCartOf(c, apiLocale(c, {}), { result: current })).athletePayment : null;
    // A member's reward codes and cards that can pay now, to apply by id without typing them.
    const claims = c.get('session')?.claims;
    const rewards =
      methods.some((m) => m.id === 'REWARD_CODE') && claims?.type === 'registered' && claims.consumerNo
        ? await memberRewards(c.env.DB, claims.consumerNo, current.state.owner.currency, today())
        : null;
    return c.json(
      envelope(c, {
        paymentMethods: methods.map((method) =>
          method.id === 'ATHLETES_PAYMENT' && athlete
            ? { ...method, additionalData: { remainingAmount: athlete.remainingAmount, payableAmount: athlete.payableAmount } }
            : (method.id === 'REWARD_CODE' || method.id === 'REWARD_CARD') && rewards
              ? {
                  ...method,
                  additionalData: {
                    rewards: rewards
                      .filter((reward) => reward.kind === method.id)
                      .map((reward) => ({
                        rewardId: reward.id,
                        masked: reward.masked,
                        balance: reward.balance,
                        reason: reward.reason,
                        expiresOn: reward.expiresOn,
                      })),
                  },
                }
              : method,
        ),
      }),
    );
  })
  .post('/cart/v1/cart/:basketId/price_adjustments', valid('param', BasketParams), valid('json', PriceAdjustmentBody), async (c) => {
    return answer(c, await adjustPrice(depsOf(c), shopperOf(c), c.req.valid('param').basketId, c.req.valid('json')));
  })
  .patch('/cart/v1/cart/:basketId/price_adjustments/:adjustmentId', valid('param', AdjustmentParams), valid('json', PriceAdjustmentPatch), async (c) => {
    const { basketId, adjustmentId } = c.req.valid('param');
    return answer(c, await adjustPrice(depsOf(c), shopperOf(c), basketId, { ...c.req.valid('json'), adjustmentId }));
  })
  .delete('/cart/v1/cart/:basketId/price_adjustments/:adjustmentId', valid('param', AdjustmentParams), async (c) => {
    const { basketId, adjustmentId } = c.req.valid('param');
    return answer(c, await removeAdjustment(depsOf(c), shopperOf(c), basketId, adjustmentId));
  })
  .post('/cart/v1/cartWithItem', valid('query', CartWithItemQuery), valid('json', CartWithItemBody), async (c) => {
    await ensureRequestSession(c);
    return answer(c, await walletBasket(depsOf(c), shopperOf(c), apiLocale(c, {}), c.req.valid('query').bid, c.req.valid('json')), 201);
  })
  .post('/cart/v1/reserveWithItem', valid('json', ReserveWithItemBody), async (c) => {
    await ensureRequestSession(c);
    return answer(c, await reservationBasket(depsOf(c), shopperOf(c), apiLocale(c, {}), c.req.valid('json')), 201);
  });
