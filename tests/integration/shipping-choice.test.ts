// The cart's shipments as any client sets them (commerce-core §7 Cart): POST /cart/v1/shippingMethod names a
// shipment by shippingId and says with shopperAppliedSM whether the shopper chose its method; POST
// /cart/v2/cart/{basketId}/shippingAddress says where the call comes from (context) and names its basket (bid).
// The attacks: another shopper's basket named as bid, a method the workshop's shipment cannot take, a shipment
// the cart does not have, and a context that would skip the guest's bot check.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOME_DELIVERY } from '../../src/shared/commerce/commerce-config.ts';
import { MA_ADDRESS } from './addresses.ts';
import { one } from './helpers.ts';
import { guestsAt, type Jar } from './jar.ts';

type Json = Record<string, any>;
const US = HOME_DELIVERY.US as (typeof HOME_DELIVERY)[string];
const EXPRESS_ON_TOP = US.express.amount - US.standard.amount;
const guest = guestsAt('198.51.103.');

const ALASKA = { ...MA_ADDRESS, city: 'Anchorage', postalCode: '99501', province: 'AK', phone: '(907) 555-0123' };

/** Boots priced over the free-shipping threshold: standard delivery costs nothing, express only its difference. */
let boot: { variantId: string; otherVariantId: string };
let design: { variantId: string };

beforeAll(async () => {
  const rows = await env.DB.prepare(
    `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 10 JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
     WHERE s.product_type = 'boot' AND s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.target_publish_date IS NULL
       AND s.max_qty IS NULL AND COALESCE(pr.sale_amount, pr.list_amount) >= 10000 AND s.id NOT IN (SELECT style_id FROM custom_styles)
     ORDER BY v.id LIMIT 2`,
  ).all<{ id: string }>();
  boot = { variantId: rows.results[0]?.id as string, otherVariantId: rows.results[1]?.id as string };
  const made = await one<{ variant_id: string }>(
    `SELECT v.id AS variant_id FROM custom_recipes r JOIN variants v ON v.product_id = r.product_id
     JOIN inventory i ON i.variant_id = v.id AND i.quantity >= 5 WHERE r.precreated_code = 'TRAIL-ICON' ORDER BY v.position LIMIT 1`,
  );
  design = { variantId: made.variant_id };
});

async function cartOf(jar: Jar, variantId = boot.variantId): Promise<string> {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  expect((await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: variantId })).status).toBe(200);
  return basketId;
}

const home = (cart: Json) => cart.shippingMethods.find((shipment: Json) => shipment.shippingId === 'me');

describe('shopperAppliedSM: who chose the home shipment’s method', () => {
  it('re-picks the cheapest method once the cart changes when the store or a client chose it', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    const picked = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'express', shopperAppliedSM: false });
    expect(picked.status).toBe(200);
    expect(home(picked.body)).toMatchObject({ code: 'express', shopperAppliedSM: false });
    expect(picked.body.totals.shipping).toBe(EXPRESS_ON_TOP);
    // Reading the cart changes nothing: the pick holds for the cart it was made for.
    expect(home((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body).code).toBe('express');
    const changed = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.otherVariantId });
    expect(home(changed.body)).toMatchObject({ code: 'standard', shopperAppliedSM: false });
    expect(changed.body.totals.shipping).toBe(0);
    // A delivery address is a change of the cart too.
    await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'express', shopperAppliedSM: false });
    const addressed = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [MA_ADDRESS]);
    expect(home(addressed.body).code).toBe('standard');
    expect(addressed.body.flash.map((f: Json) => f.type)).not.toContain('OrderShippingMethodDowngraded');
  });

  it('keeps the shopper’s own choice through changes of the cart while it can still deliver', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    const chosen = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'express', shopperAppliedSM: true });
    expect(home(chosen.body)).toMatchObject({ code: 'express', shopperAppliedSM: true });
    const changed = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.otherVariantId });
    expect(home(changed.body).code).toBe('express');
    expect(changed.body.totals.shipping).toBe(EXPRESS_ON_TOP);
    const addressed = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [MA_ADDRESS]);
    expect(home(addressed.body).code).toBe('express');
    // Where express cannot go, the shopper's choice cannot stand: standard, said once, and the store's from then on.
    const beyond = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [ALASKA]);
    expect(home(beyond.body)).toMatchObject({ code: 'standard', shopperAppliedSM: false });
    expect(beyond.body.flash.map((f: Json) => f.type)).toContain('OrderShippingMethodDowngraded');
    expect(beyond.body.totals.shipping).toBe(0);
  });

  it('takes the cart page’s choice as the shopper’s', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    expect((await jar.post('/en-us/cart/shipping', { code: 'express' })).status).toBe(303);
    const changed = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: boot.otherVariantId });
    expect(home(changed.body)).toMatchObject({ code: 'express', shopperAppliedSM: true });
  });
});

describe('shippingId: any shipment the cart has', () => {
  it('names the workshop’s shipment of a pair made to order, which goes by its own method only', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: design.variantId, precreatedCustomsCode: 'TRAIL-ICON' });
    expect(added.status).toBe(200);
    const customs = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, shippingId: 'customs', code: 'customs' });
    expect(customs.status).toBe(200);
    expect(customs.body.shippingMethods.find((shipment: Json) => shipment.shippingId === 'customs')).toMatchObject({ code: 'customs', lines: 1 });
    // The workshop does not send by standard, express or to a pickup point; the home shipment never goes by 'customs'.
    for (const code of ['standard', 'express', 'pudo']) {
      const refused = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, shippingId: 'customs', code });
      expect([refused.status, refused.body.errorId, refused.body.details?.[0]?.field]).toEqual([409, 'SHP404', 'code']);
    }
    const homeCustoms = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, shippingId: 'me', code: 'customs' });
    expect([homeCustoms.status, homeCustoms.body.errorId, homeCustoms.body.details?.[0]?.field]).toEqual([409, 'SHP404', 'code']);
    expect(home((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body).code).toBe('standard');
  });

  it('refuses a shipment the cart does not have, at shippingId', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    for (const shippingId of ['customs', 'gift-2']) {
      const refused = await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, shippingId, code: 'customs' });
      expect([refused.status, refused.body.errorId, refused.body.details?.[0]?.field]).toEqual([409, 'SHP404', 'shippingId']);
    }
  });
});

describe('shippingAddress: bid', () => {
  it('refuses a bid that is not the basket of the path: another shopper’s basket is neither read nor written', async () => {
    const victim = guest();
    const victimBasket = await cartOf(victim);
    const attacker = guest();
    const ownBasket = await cartOf(attacker);
    const refused = await attacker.api('POST', `/api/cart/v2/cart/${ownBasket}/shippingAddress?bid=${victimBasket}`, [MA_ADDRESS]);
    expect([refused.status, refused.body.errorId, refused.body.details?.[0]?.field]).toEqual([400, 'API400', 'bid']);
    expect(JSON.stringify(refused.body)).not.toContain(victimBasket.slice(0, 12));
    expect((await victim.api('GET', `/api/cart/v1/cart/${victimBasket}`)).body.shippingAddress ?? null).toBeNull();
    expect((await attacker.api('GET', `/api/cart/v1/cart/${ownBasket}`)).body.shippingAddress ?? null).toBeNull();
    // Its own basket as bid is the same call as without one.
    const same = await attacker.api('POST', `/api/cart/v2/cart/${ownBasket}/shippingAddress?bid=${ownBasket}`, [MA_ADDRESS]);
    expect(same.status).toBe(200);
    expect(same.body.shippingAddress).toMatchObject({ city: 'Boston' });
  });
});

describe('shippingAddress: context', () => {
  it('takes an express wallet’s address by the wallet’s rules, to its own door rather than a pickup point', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    const longCity = { ...MA_ADDRESS, city: 'Boston Back Bay Newbury District' };
    const form = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [longCity]);
    expect([form.status, form.body.errorId, form.body.details?.[0]?.field]).toEqual([400, 'CHK320', 'city']);
    await jar.api('POST', '/api/cart/v1/shippingMethod', { cartId: basketId, code: 'pudo', pointId: 'US-0001-L1' });
    // The checkout's form keeps the pickup point (its address serves the tax and a pair made to order).
    const checkout = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress?context=checkout`, [MA_ADDRESS]);
    expect(home(checkout.body).code).toBe('pudo');
    const wallet = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress?context=wallet`, [longCity]);
    expect(wallet.status).toBe(200);
    expect(wallet.body.shippingAddress.city).toBe('Boston Back Bay Newbury District');
    expect(home(wallet.body)).toMatchObject({ code: 'standard', shopperAppliedSM: false });
    expect(home(wallet.body).pointId).toBeUndefined();
    expect(wallet.body.flash).toContainEqual({
      type: 'OrderShippingMethodChanged',
      message: 'Your order goes to this address by standard delivery instead of the pickup point.',
    });
  });

  it('takes the cart’s estimate from where the order goes alone, without making it the delivery address', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    const before = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(before.body.totals.tax).toBe(0);
    const path = `/api/cart/v2/cart/${basketId}/shippingAddress`;
    // The checkout's form needs the whole address.
    const partial = await jar.api('POST', path, [{ countryCode: 'US', postalCode: '90012' }]);
    expect([partial.status, partial.body.errorId]).toEqual([400, 'CHK320']);
    const estimate = await jar.api('POST', `${path}?context=cart`, [{ countryCode: 'us', postalCode: '90012' }]);
    expect(estimate.status).toBe(200);
    expect(estimate.body.deliveryEstimate).toEqual({ countryCode: 'US', postalCode: '90012', province: 'CA' });
    expect(estimate.body.shippingAddress ?? null).toBeNull();
    expect(estimate.body.totals.tax).toBeGreaterThan(0);
    // Express does not reach Alaska, estimated or not.
    const far = await jar.api('POST', `${path}?context=cart`, [{ countryCode: 'US', postalCode: '99501', province: 'AK' }]);
    expect(home(far.body).applicableShippingMethods.map((m: Json) => m.code)).not.toContain('express');
    // The same rules of where: the state the ZIP code is in, a country the site delivers to.
    const wrongState = await jar.api('POST', `${path}?context=cart`, [{ countryCode: 'US', postalCode: '90012', province: 'OR' }]);
    expect([wrongState.status, wrongState.body.errorId, wrongState.body.details?.[0]?.suggestion]).toEqual([400, 'CHK320', 'CA']);
    const abroad = await jar.api('POST', `${path}?context=cart`, [{ countryCode: 'CA', postalCode: 'M5V 2T6' }]);
    expect([abroad.status, abroad.body.errorId]).toEqual([400, 'CHK380']);
    // The delivery address, once given, is what the order goes by.
    const address = await jar.api('POST', path, [MA_ADDRESS]);
    expect(address.body.shippingAddress).toMatchObject({ province: 'MA' });
  });

  it('asks a guest’s wallet address for the bot check as the form’s, and refuses a context it does not know', async () => {
    const jar = guest();
    const basketId = await cartOf(jar);
    jar.bindings = { ...env, BOT_CHECK: 'fail' };
    const wallet = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress?context=wallet`, [MA_ADDRESS]);
    expect([wallet.status, wallet.body.errorId]).toEqual([403, 'AUT403']);
    jar.bindings = env;
    const unknown = await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress?context=kiosk`, [MA_ADDRESS]);
    expect([unknown.status, unknown.body.errorId, unknown.body.details?.[0]?.field]).toEqual([400, 'API400', 'context']);
  });
});
