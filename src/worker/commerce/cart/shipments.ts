// The cart's shipments (commerce-core §3 Shipping method entry): the home delivery ('me'), with its method, who
// chose it and the pickup point it may go to, and the workshop's shipment ('customs') beside it while the cart
// holds a pair made to order; who collects what is picked up; and a shipment's address by its id.

import { PICKUP_CONTACT_LOCALES } from '../../../shared/commerce/commerce-config.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { customsShipment } from '../customs/cart-customs.ts';
import type { CartState } from './cart-state.ts';
import type { Deliveries } from './delivery.ts';
import type { CartEntity, PickupPoint } from './service.ts';
import { shopperApplied } from './shipment-choice.ts';

/** The shipment every cart has: home delivery, to an address or a pickup point. */
export const HOME_SHIPMENT = 'me';

export async function pickupPoint(db: D1Database, pointId: string): Promise<PickupPoint | null> {
  const row = await db
    .prepare('SELECT id, kind, name, address_line1, city, postal_code FROM collection_points WHERE id = ?1')
    .bind(pointId)
    .first<{ id: string; kind: 'locker' | 'shop'; name: string; address_line1: string; city: string; postal_code: string }>();
  return row ? { id: row.id, kind: row.kind, name: row.name, addressLine1: row.address_line1, city: row.city, postalCode: row.postal_code } : null;
}

/** The one home delivery shipment: its method and who chose it, the pickup point it goes to, its address and lines. */
function homeShipment(state: CartState, deliveries: Deliveries, point: PickupPoint | null): CartEntity['shippingMethods'][number] {
  // A point stays with the basket while another method stands (the store's pick after a change): not shown then.
  const toPoint = deliveries.home.method === 'pudo';
  const storeTookOver = deliveries.home.method !== state.shipping.code;
  return {
    shippingId: HOME_SHIPMENT,
    code: deliveries.home.method,
    shopperAppliedSM: shopperApplied(state.shipping) && !storeTookOver,
    ...(toPoint && state.shipping.pointId ? { pointId: state.shipping.pointId } : {}),
    ...(toPoint && point ? { point } : {}),
    applicableShippingMethods: deliveries.home.options,
    address: state.shippingAddress,
    lines: deliveries.home.lines,
  };
}

/** The cart's shipments as its answer lists them: home first, then the workshop's while it has lines. */
export function shipmentsOf(state: CartState, deliveries: Deliveries, point: PickupPoint | null): CartEntity['shippingMethods'] {
  return [homeShipment(state, deliveries, point), ...customsShipment(state, deliveries)];
}

/**
 * A shipment's address by its id, for a billing address "the same as this shipment's": every shipment goes to
 * the delivery address (null until there is one); undefined for a shipment the cart does not have.
 */
export function shipmentAddress(state: CartState, shippingId: string): CartState['shippingAddress'] | undefined {
  const madeToOrder = state.lines.some((line) => line.recipeId !== null);
  if (shippingId !== HOME_SHIPMENT && !(shippingId === 'customs' && madeToOrder)) return undefined;
  return state.shippingAddress;
}

/** Where the locale asks for them: who collects at a pickup point, and the email for a store pickup. */
export function pickupContactsRequired(locale: Locale, deliveries: Deliveries): CartEntity['pickupContactsRequired'] {
  return {
    collectionPoint: PICKUP_CONTACT_LOCALES.collectionPoint.includes(locale.code) && deliveries.home.method === 'pudo' && deliveries.home.lines > 0,
    storePickup:
      PICKUP_CONTACT_LOCALES.storePickup.includes(locale.code) &&
      [...deliveries.byLine.values()].some((d) => d.selected === 'BOPIS_SD' || d.selected === 'BOPIS_STS'),
  };
}
