// Cart API (commerce-core §7, Cart): create, read, and the item calls. Every answer is the whole Cart
// entity, never cached on the way; the basket must be the session's own.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { AddItemBody, BasketParams, CouponBody, RemoveItemBody, UpdateItemBody } from '../../../shared/schema/cart.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { ensureSession, updateSession } from '../../middleware/session.ts';
import type { CartAnswer, CartCaller } from './cart-object.ts';
import { activePromotions, checkCoupon } from './promotions.ts';
import {
  type CartEntity,
  cartEntity,
  cartStub,
  consumerBasket,
  DEFAULT_MAX_QTY,
  findVariant,
  setConsumerBasket,
  throwRefusal,
  type VariantFacts,
  variantFacts,
} from './service.ts';

const newBasketId = () => crypto.randomUUID().replace(/-/g, '');

async function answer(
  c: Context<AppEnv>,
  result: CartAnswer,
  status: 200 | 201 = 200,
  notices: CartEntity['flash'] = [],
  known: ReadonlyMap<string, VariantFacts> = new Map(),
) {
  if (!result.ok) throwRefusal(result);
  const claims = c.get('session')?.claims;
  const shopper = { registered: claims?.type === 'registered', employee: claims?.consumerType === 'EMPLOYEE' };
  const locale = apiLocale(c, {});
  const cart = await cartEntity(c.env.DB, locale, result.state, shopper, await activePromotions(c.env.DB, locale.site.id), known);
  cart.flash.unshift(...notices);
  c.header('Cache-Control', 'private, no-store');
  return c.json(envelope(c, cart), status);
}

/** Who is asking: a cart call without a session cannot be about anyone's basket. */
function callerOf(c: Context<AppEnv>): CartCaller {
  const claims = c.get('session')?.claims;
  if (!claims) throw new HttpError('AUT498', 'This cart belongs to another session.');
  return { usid: claims.usid, consumerNo: claims.type === 'registered' ? claims.consumerNo : undefined };
}

export const cartRoutes = new Hono<AppEnv>()
  .post('/cart/v1/cart', async (c) => {
    const session = await ensureSession(c);
    const locale = apiLocale(c, {});
    const caller = callerOf(c);
    // The session's basket (or a registered shopper's own, from another device) if it still exists; a new one otherwise.
    const known = session.claims.basketId ?? (caller.consumerNo ? await consumerBasket(c.env.DB, caller.consumerNo) : undefined);
    let expired = false;
    if (known) {
      const existing = await cartStub(c.env, known).read(caller);
      if (existing.ok) {
        if (session.claims.basketId !== known) await updateSession(c, { ...session.claims, basketId: known });
        return answer(c, existing);
      }
      // The basket this shopper had is gone (30 days without a change): the new one says so.
      expired = existing.refusal === 'missing';
    }
    const basketId = newBasketId();
    const owner = {
      usid: caller.usid,
      ...(caller.consumerNo ? { consumerNo: caller.consumerNo } : {}),
      siteId: locale.site.id,
      currency: locale.site.currency,
    };
    const created = await cartStub(c.env, basketId).create(basketId, owner);
    if (caller.consumerNo) await setConsumerBasket(c.env.DB, caller.consumerNo, basketId);
    await updateSession(c, { ...session.claims, basketId });
    return answer(c, created, 201, expired ? [{ type: 'CartExpired', message: 'Your cart expired after 30 days without a visit.' }] : []);
  })
  .get('/cart/v1/cart/:basketId', valid('param', BasketParams), async (c) => {
    return answer(c, await cartStub(c.env, c.req.valid('param').basketId).read(callerOf(c)));
  })
  .post('/cart/v1/item', valid('json', AddItemBody), async (c) => {
    const body = c.req.valid('json');
    const caller = callerOf(c);
    if (!body.productId && !body.upc)
      throw new HttpError('API400', 'productId or upc names the item.', [{ field: 'productId', message: 'This field is required' }]);
    const variant = await findVariant(c.env.DB, apiLocale(c, {}), { variantId: body.productId, upc: body.upc });
    if (!variant) throw new HttpError('ORD404');
    if (variant.listAmount === null) throw new HttpError('INV702');
    const maxQty = Math.min(body.maxQty ?? DEFAULT_MAX_QTY, DEFAULT_MAX_QTY);
    const result = await cartStub(c.env, body.cartId).addItem(caller, {
      variantId: variant.variantId,
      productId: variant.productId,
      qty: body.qty,
      maxQty,
      stock: variant.stock,
    });
    return answer(c, result);
  })
  .put('/cart/v1/cart/:basketId/item', valid('param', BasketParams), valid('json', UpdateItemBody), async (c) => {
    const caller = callerOf(c);
    const body = c.req.valid('json');
    const stub = cartStub(c.env, c.req.valid('param').basketId);
    const current = await stub.read(caller);
    if (!current.ok) throwRefusal(current);
    const line = current.state.lines.find((l) => l.id === body.itemId);
    if (!line) throw new HttpError('ORD404', 'This item is not in the cart.');
    const variant = (await variantFacts(c.env.DB, apiLocale(c, {}), [line.variantId])).get(line.variantId);
    if (!variant) throw new HttpError('ORD404');
    return answer(
      c,
      await stub.setQuantity(caller, body.itemId, body.qty, { maxQty: DEFAULT_MAX_QTY, stock: variant.stock }),
      200,
      [],
      new Map([[variant.variantId, variant]]),
    );
  })
  .put('/cart/v1/coupon', valid('json', CouponBody, { code: 'PRM160' }), async (c) => {
    const body = c.req.valid('json');
    const caller = callerOf(c);
    const stub = cartStub(c.env, body.cartId);
    const current = await stub.read(caller);
    if (!current.ok) throwRefusal(current);
    const code = await checkCoupon(c.env.DB, current.state.owner.siteId, body.code, current.state.coupons);
    return answer(c, await stub.addCoupon(caller, code));
  })
  .delete('/cart/v1/coupon', valid('json', CouponBody, { code: 'PRM160' }), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await cartStub(c.env, body.cartId).removeCoupon(callerOf(c), body.code.trim().toUpperCase()));
  })
  .delete('/cart/v1/item', valid('json', RemoveItemBody), async (c) => {
    const body = c.req.valid('json');
    return answer(c, await cartStub(c.env, body.cartId).removeItem(callerOf(c), body.itemId));
  });
