// Who chose the home shipment's method (commerce-core §7 shippingMethod, shopperAppliedSM). The shopper's own
// choice stays through later changes of the cart for as long as it can deliver. A method the store picked, or a
// client picked on the shopper's behalf (shopperAppliedSM false), holds only for the cart it was picked for: once
// the cart changes (its lines, where they are collected, its coupons, where it goes), the store picks again, the
// cheapest method that needs nothing more from the shopper (a pickup point needs their point).

import { expressReaches, HOME_DELIVERY } from '../../../shared/commerce/commerce-config.ts';
import type { HomeMethod } from '../../../shared/commerce/delivery.ts';
import type { CartState, HomeShipping } from './cart-state.ts';

type ChoiceFacts = Pick<CartState, 'lines' | 'deliveries' | 'coupons' | 'shippingAddress' | 'deliveryEstimate'>;

/** Where the cart goes, as far as delivery and tax can tell: its delivery address, else its estimate. */
export function destinationOf(state: Pick<CartState, 'shippingAddress' | 'deliveryEstimate'>): Record<string, string | boolean> | null {
  return state.shippingAddress ?? state.deliveryEstimate;
}

/** Whether express reaches where the cart goes (anywhere, until it is known). */
export function expressReachesCart(state: ChoiceFacts, siteId: string): boolean {
  return expressReaches(siteId, String(destinationOf(state)?.province ?? '') || undefined);
}

/** What a pick was made for: the cart's contents and destination, digested (FNV-1a) to stay small in the basket. */
export function choiceBasis(state: ChoiceFacts): string {
  const where = destinationOf(state);
  const facts = JSON.stringify([
    state.lines.map((line) => [line.id, line.qty, state.deliveries[line.id]?.storeId ?? null]),
    state.coupons,
    where ? [where.countryCode, where.province, where.postalCode] : null,
  ]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < facts.length; index++) {
    hash ^= facts.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A choice is the shopper's unless it says otherwise: baskets chosen for before the flag keep what they had. */
export const shopperApplied = (shipping: HomeShipping): boolean => shipping.shopperApplied !== false;

/** The store's own pick: the cheapest of the methods that reach, a pickup point left to the shopper. */
function storePick(siteId: string, reaches: boolean): HomeMethod {
  const prices = HOME_DELIVERY[siteId] ?? HOME_DELIVERY.US;
  if (!prices) throw new Error(`no delivery prices for ${siteId}`);
  const candidates: HomeMethod[] = reaches ? ['standard', 'express'] : ['standard'];
  return candidates.reduce((best, code) => (prices[code].amount < prices[best].amount ? code : best));
}

/** The method the home shipment goes by now: the choice that stands, else the store's pick; express only where it reaches. */
export function homeMethodOf(state: ChoiceFacts & Pick<CartState, 'shipping'>, siteId: string): HomeMethod {
  const reaches = expressReachesCart(state, siteId);
  const { shipping } = state;
  if (!shopperApplied(shipping) && shipping.basis !== choiceBasis(state)) return storePick(siteId, reaches);
  return (shipping.code === 'express' && !reaches ? 'standard' : shipping.code) as HomeMethod;
}

/** The store's pick for the cart `state` will be: what a choice that cannot stand gives way to. */
export function storeChoice(state: ChoiceFacts, siteId: string): HomeShipping {
  return { code: storePick(siteId, expressReachesCart(state, siteId)), shopperApplied: false, basis: choiceBasis(state) };
}
