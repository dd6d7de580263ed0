// A shipment's method (commerce-core §7 POST /cart/v1/shippingMethod): any shipment the cart has, by its
// shippingId, and one of the methods that shipment can take; for the home shipment, who chose it
// (shopperAppliedSM, shipment-choice.ts). A pickup point must be one of the basket's site.

import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordCartStep } from '../../observe/funnel.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { type BasketChange, callerOf } from './caller.ts';
import { pricedCart } from './priced-cart.ts';
import { cartStub, throwRefusal } from './service.ts';
import { choiceBasis, expressReachesCart } from './shipment-choice.ts';
import { HOME_SHIPMENT } from './shipments.ts';

export interface ShippingMethodChoice {
  shippingId: string;
  code: string;
  pointId?: string | undefined;
  /** The shopper chose it (kept through changes of the cart), rather than a client on their behalf. */
  shopperApplied: boolean;
}

const unavailable = (field: 'code' | 'shippingId' | 'pointId', message: string) => new HttpError('SHP404', message, [{ field, message }]);

export async function setShippingMethod(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  choice: ShippingMethodChoice,
): Promise<BasketChange> {
  const change = await chooseShippingMethod(deps, shopper, locale, basketId, choice);
  await recordCartStep(deps, shopper, change.result, 'shipping_method', locale.code);
  return change;
}

async function chooseShippingMethod(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  choice: ShippingMethodChoice,
): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  if (choice.shippingId !== HOME_SHIPMENT) {
    // Another shipment (the workshop's) is known by the cart's answer: it exists while it has lines to send.
    const { cart } = await pricedCart(deps, shopper, locale, { result: current });
    const shipment = cart.shippingMethods.find((entry) => entry.shippingId === choice.shippingId);
    if (!shipment) throw unavailable('shippingId', 'This cart has no such shipment.');
    if (!shipment.applicableShippingMethods.some((method) => method.code === choice.code)) {
      throw unavailable('code', 'This shipment cannot go by this delivery method.');
    }
    // Its one method is the one it has: nothing to write.
    return { result: current };
  }
  const state = current.state;
  const basis = choiceBasis(state);
  if (choice.code === 'pudo') {
    const point = choice.pointId
      ? await deps.env.DB.prepare('SELECT id FROM collection_points WHERE id = ?1 AND site_id = ?2').bind(choice.pointId, state.owner.siteId).first()
      : null;
    if (!point) throw unavailable('pointId', 'Choose a pickup point near you.');
    return { result: await stub.setShipping(caller, { code: 'pudo', pointId: choice.pointId as string, shopperApplied: choice.shopperApplied, basis }) };
  }
  if (choice.code !== 'standard' && choice.code !== 'express') throw unavailable('code', 'Home delivery cannot go by this delivery method.');
  if (choice.code === 'express' && !expressReachesCart(state, state.owner.siteId)) {
    throw new HttpError('SHP404', 'Express delivery does not reach this address: standard delivery does.', [
      { field: 'code', message: 'Express delivery does not reach this address.' },
    ]);
  }
  return { result: await stub.setShipping(caller, { code: choice.code, shopperApplied: choice.shopperApplied, basis }) };
}
