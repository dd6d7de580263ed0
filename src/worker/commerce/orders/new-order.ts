// The order as it is written from a priced basket: each line's stock source and shipment, the buyer, and
// what the basket must have before an order is placed from it.

import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Shopper } from '../call.ts';
import type { CartState } from '../cart/cart-state.ts';
import { refuseUnbuyableLines } from '../cart/on-sale.ts';
import type { CartEntity } from '../cart/service.ts';
import type { NewOrder, OrderLineInput } from './order-rows.ts';
import type { PlaceOrderInput } from './place-order.ts';

export function stockSource(item: CartEntity['items'][number], cart: CartEntity): Pick<OrderLineInput, 'shipmentId' | 'storeId' | 'stockSource'> {
  if (item.isDigitalProduct) return { shipmentId: 'digital', storeId: null, stockSource: 'digital' };
  // A free gift travels with the home delivery, or, when everything is picked up, to the first pickup's store.
  if (item.bonus) {
    const carriers = cart.items.filter((other) => !other.bonus && !other.isDigitalProduct).map((other) => stockSource(other, cart));
    const pickup = carriers.every((c) => c.shipmentId !== 'me') ? carriers[0] : undefined;
    return pickup ? { ...pickup, stockSource: 'warehouse' } : { shipmentId: 'me', storeId: null, stockSource: 'warehouse' };
  }
  const delivery = item.shippingOptions;
  // Made to order: the workshop's own parcel, to the delivery address, when the pair is ready.
  if (item.isCustoms) return { shipmentId: 'customs', storeId: null, stockSource: 'warehouse' };
  if (delivery?.selected === 'BOPIS_SD' && delivery.storeInfo)
    return { shipmentId: `pickup-${delivery.storeInfo.id}`, storeId: delivery.storeInfo.id, stockSource: 'store' };
  // Shipped to a store: it leaves the warehouse like a parcel, bound for the store.
  if (delivery?.selected === 'BOPIS_STS' && delivery.storeInfo)
    return { shipmentId: `pickup-${delivery.storeInfo.id}`, storeId: delivery.storeInfo.id, stockSource: 'warehouse' };
  return { shipmentId: 'me', storeId: null, stockSource: 'warehouse' };
}

function shipmentsOf(cart: CartEntity): NewOrder['shipments'] {
  const home = cart.shippingMethods[0];
  const shipments: {
    shipmentId: string;
    method: string;
    storeId?: string;
    pointId?: string;
    address?: unknown;
    contact?: { contactName?: string; mobilePhone?: string; email: string };
    lines: number;
  }[] = [];
  const byId = new Map<string, number>();
  for (const item of cart.items) {
    const source = stockSource(item, cart);
    const existing = byId.get(source.shipmentId);
    if (existing !== undefined) {
      const shipment = shipments[existing];
      if (shipment) shipment.lines += 1;
      continue;
    }
    byId.set(source.shipmentId, shipments.length);
    if (source.shipmentId === 'me') {
      const collector = cart.pickupContactsRequired.collectionPoint ? cart.pickupContacts?.collectionPoint : undefined;
      shipments.push({
        shipmentId: 'me',
        method: home?.code ?? 'standard',
        ...(home?.pointId ? { pointId: home.pointId } : {}),
        ...(collector ? { contact: collector } : {}),
        address: cart.shippingAddress,
        lines: 1,
      });
    } else if (source.shipmentId === 'digital') {
      shipments.push({ shipmentId: 'digital', method: 'digital', lines: 1 });
    } else if (source.shipmentId === 'customs') {
      shipments.push({ shipmentId: 'customs', method: 'customs', address: cart.shippingAddress, lines: 1 });
    } else {
      const notice = cart.pickupContactsRequired.storePickup ? cart.pickupContacts?.storePickup : undefined;
      shipments.push({
        shipmentId: source.shipmentId,
        method: item.shippingOptions?.selected === 'BOPIS_SD' ? 'pickup' : 'ship-to-store',
        storeId: source.storeId ?? '',
        ...(notice ? { contact: notice } : {}),
        lines: 1,
      });
    }
  }
  return shipments;
}

export interface Buyer {
  usid: string;
  consumerNo: string | null;
  email: string | null;
}

export async function buyerOf(db: D1Database, shopper: Shopper, state: CartState, billingEmail: string | undefined): Promise<Buyer> {
  const claims = shopper.claims;
  if (claims?.type === 'registered' && claims.consumerNo) {
    const row = await db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1').bind(claims.consumerNo).first<{ email: string }>();
    return { usid: claims.usid, consumerNo: claims.consumerNo, email: row?.email ?? null };
  }
  return { usid: claims?.usid ?? '', consumerNo: null, email: state.email ?? billingEmail ?? null };
}

/** The tax shown is the table's estimate while the tax service cannot answer (TAX309): no order is reviewed or charged on it. */
export function refuseEstimatedTax(cart: CartEntity): void {
  if (cart.flash.some((f) => f.type === 'TAX309')) throw new HttpError('TAX309', undefined, [{ field: 'totals.tax', message: 'TAX309' }]);
}

/** An order needs an item (the flash type ProductItemRequired names what is missing). */
export function emptyCart(): HttpError {
  return new HttpError('API409', 'Your cart is empty.', [{ field: 'items', message: 'ProductItemRequired' }]);
}

/** What a basket must have before an order can be placed from it, each refusal with its code. */
export function checkReady(cart: CartEntity, state: CartState, shopper: Buyer, billing: Record<string, unknown> | null): void {
  if (cart.items.length === 0 && !cart.flash.some((f) => f.type === 'ProductItemNotAvailable')) throw emptyCart();
  refuseUnbuyableLines(cart);
  refuseEstimatedTax(cart);
  // A line whose product is gone (commerce-core §8 ORD430, the client's ITEM_NO_LONGER_AVAILABLE): the cart is read again.
  const gone = cart.flash.filter((f) => f.type === 'ProductItemNotAvailable');
  if (gone.length > 0) {
    throw new HttpError(
      'ORD430',
      undefined,
      gone.map((f) => ({ field: f.itemId ?? 'items', message: f.type })),
    );
  }
  const short = cart.flash.filter((f) => ['ProductLineItemInventoryMissing', 'ProductLineItemFullInventoryMissing', 'NO_PRICE'].includes(f.type));
  if (short.length > 0) {
    throw new HttpError(
      'INV700',
      'Some items are no longer available in the quantity you chose.',
      short.map((f) => ({ field: f.itemId ?? 'items', message: f.type })),
    );
  }
  if (!shopper.email)
    throw new HttpError('ORD400', 'Enter an email address for your order confirmation.', [{ field: 'email', message: 'This field is required' }]);
  const shipsHome = cart.items.some((item) => stockSource(item, cart).shipmentId === 'me');
  const madeToOrder = cart.items.some((item) => item.isCustoms);
  if (((shipsHome && cart.shippingMethods[0]?.code !== 'pudo') || madeToOrder) && !state.shippingAddress) {
    throw new HttpError('CHK320', 'Enter a delivery address.', [{ field: 'shippingAddress', message: 'InvalidShippingAddress' }]);
  }
  // Where the locale's carriers tell the person collecting a parcel themselves, they must be named.
  if (cart.pickupContactsRequired.collectionPoint && !cart.pickupContacts?.collectionPoint) {
    throw new HttpError('SHP410', 'Tell us who collects the parcel at the pickup point: a name, a mobile phone and an email.', [
      { field: 'collectionPoint.contactName', message: 'This field is required' },
      { field: 'collectionPoint.mobilePhone', message: 'This field is required' },
      { field: 'collectionPoint.email', message: 'This field is required' },
    ]);
  }
  if (cart.pickupContactsRequired.storePickup && !cart.pickupContacts?.storePickup) {
    throw new HttpError('ORD400', 'Enter the email the store tells when your order is ready.', [
      { field: 'storePickup.email', message: 'This field is required' },
    ]);
  }
  if (!billing) throw new HttpError('BIL400');
  if (!billing.phone) throw new HttpError('BILL410', undefined, [{ field: 'phone', message: 'The billing phone number is missing.' }]);
}

/** What an order is written from, read and checked by the placement. */
export interface OrderDraft {
  orderNumber: string;
  locale: Locale;
  input: PlaceOrderInput;
  state: CartState;
  cart: CartEntity;
  usid: string;
  buyer: Buyer;
  stHash: string;
  inStoreSalesInfo: NewOrder['inStoreSalesInfo'];
  tenders: NewOrder['tenders'];
  couponCodes: string[];
  customerKeys: NewOrder['customerKeys'];
  paymentSessionId: string | null;
  employeeDiscount: boolean;
}

/** The order's rows as reserveOrder writes them: the priced basket's lines, shipments and totals. */
export function newOrderOf(draft: OrderDraft): NewOrder {
  const { orderNumber, locale, input, state, cart, buyer } = draft;
  return {
    orderNumber,
    siteId: state.owner.siteId,
    locale: locale.code,
    currency: cart.currency,
    basketId: input.basketId,
    usid: draft.usid,
    consumerNo: buyer.consumerNo,
    email: buyer.email as string,
    stHash: draft.stHash,
    checkoutStatus: input.checkoutStatus ?? null,
    storeContext: input.storeContext ?? null,
    totals: cart.totals,
    promoSummary: cart.promoSummary,
    shippingAddress: state.shippingAddress,
    billingAddress: state.billingAddress,
    shipments: shipmentsOf(cart),
    inStoreSalesInfo: draft.inStoreSalesInfo,
    employeeDiscount: draft.employeeDiscount,
    lines: cart.items.map((item) => ({
      itemId: item.id,
      variantId: item.productId,
      productId: item.masterId,
      name: item.name,
      colour: item.variants.color,
      size: item.variants.size,
      qty: item.qty,
      unitPrice: item.price.current ?? 0,
      rowTotal: item.price.priceAfterOrderDiscount,
      price: item.price,
      gift: item.giftOption,
      recipeId: item.recipeId,
      ...stockSource(item, cart),
    })),
    tenders: draft.tenders,
    couponCodes: draft.couponCodes,
    customerKeys: draft.customerKeys,
    paymentSessionId: draft.paymentSessionId,
    idempotencyKey: input.idempotencyKey ?? null,
  };
}
