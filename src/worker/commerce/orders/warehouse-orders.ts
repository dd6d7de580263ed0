// What the warehouse is asked to send for an order (warehouse.ts): its lines from the warehouse by where they
// go, the delivery address, or the store a ship-to-store line (or a pickup's free gift) travels to. Read from
// D1 each time it is sent, so a parcel sent again after a cancellation carries what is left of it.

import type { OrderLineRow, OrderRow } from './stored-order.ts';
import type { WarehouseAddress, WarehouseOrder } from './warehouse.ts';

/** An order (`o`) the warehouse still has something to send for: units of a line from its shelves. */
export const FROM_WAREHOUSE = `EXISTS (SELECT 1 FROM order_lines l WHERE l.order_number = o.order_number AND l.stock_source = 'warehouse' AND l.qty > l.cancelled_qty)`;

/** Everything else (picked up from a store's own stock, gift cards sent by email): no warehouse takes part. */
export const NOT_FROM_WAREHOUSE = `NOT ${FROM_WAREHOUSE}`;

interface StoreRow {
  id: string;
  name: string;
  address_line1: string;
  city: string;
  province: string | null;
  postal_code: string;
  country_code: string;
  phone: string;
}

type StoredAddress = Partial<
  Record<'firstName' | 'lastName' | 'addressLine1' | 'addressLine2' | 'city' | 'province' | 'postalCode' | 'countryCode', string>
> & {
  phone?: string;
  phoneCode?: string;
};

const HOME = '';

function addressOf(text: string | null): WarehouseAddress | null {
  if (!text) return null;
  const address = JSON.parse(text) as StoredAddress;
  if (!address.addressLine1 || !address.countryCode) return null;
  return {
    name: [address.firstName, address.lastName].filter(Boolean).join(' '),
    street1: address.addressLine1,
    street2: address.addressLine2 || undefined,
    city: address.city ?? '',
    state: address.province || undefined,
    postalCode: address.postalCode ?? '',
    country: address.countryCode,
    phone: address.phone ? [address.phoneCode, address.phone].filter(Boolean).join(' ') : undefined,
  };
}

/** A store receiving the shopper's parcel: addressed to the shopper, in the store's care. */
function storeAddress(store: StoreRow, shopper: string): WarehouseAddress {
  return {
    name: shopper || store.name,
    company: store.name,
    street1: store.address_line1,
    city: store.city,
    state: store.province ?? undefined,
    postalCode: store.postal_code,
    country: store.country_code,
    phone: store.phone,
  };
}

/** The key of the parcel going to `destination`: the order number itself for the delivery address. */
export function orderKeyOf(orderNumber: string, destination: string): string {
  return destination === HOME ? orderNumber : `${orderNumber}-${destination}`;
}

/** The order's parcels for the warehouse, each with the units still wanted; none when nothing comes from the warehouse. */
export async function warehouseOrdersOf(db: D1Database, orderNumber: string): Promise<WarehouseOrder[]> {
  const [orderRows, lineRows] = await db.batch<unknown>([
    db.prepare('SELECT * FROM orders WHERE order_number = ?1').bind(orderNumber),
    db.prepare("SELECT * FROM order_lines WHERE order_number = ?1 AND stock_source = 'warehouse' ORDER BY line_no").bind(orderNumber),
  ]);
  const order = orderRows?.results[0] as OrderRow | undefined;
  const lines = (lineRows?.results ?? []) as OrderLineRow[];
  if (!order || lines.length === 0) return [];
  const byDestination = new Map<string, OrderLineRow[]>();
  for (const line of lines) {
    const destination = line.store_id ?? HOME;
    byDestination.set(destination, [...(byDestination.get(destination) ?? []), line]);
  }
  const storeIds = [...byDestination.keys()].filter((id) => id !== HOME);
  const stores = storeIds.length
    ? (
        await db
          .prepare(`SELECT * FROM stores WHERE id IN (${storeIds.map((_, i) => `?${i + 1}`).join(', ')})`)
          .bind(...storeIds)
          .all<StoreRow>()
      ).results
    : [];
  const shipping = addressOf(order.shipping_address);
  const billing = addressOf(order.billing_address);
  const totals = JSON.parse(order.totals) as { total?: number; shipping?: number; tax?: number };
  // Cancelled, or released when its payment failed: nothing of it may leave.
  const gone = order.status === 'cancelled' || order.status === 'failed';
  const paying = byDestination.has(HOME) ? HOME : lines[0]?.store_id;
  return [...byDestination].map(([destination, destinationLines]): WarehouseOrder => {
    const store = stores.find((row) => row.id === destination);
    const shipTo = destination === HOME ? shipping : store ? storeAddress(store, (shipping ?? billing)?.name ?? '') : null;
    // Never a parcel without an address: the run counts it as failed and says which order, every run, until it is put right.
    if (!shipTo) throw new Error(`order ${orderNumber} has no address for its parcel to ${destination || 'the delivery address'}`);
    const wanted = destinationLines.filter((line) => line.qty > line.cancelled_qty);
    return {
      orderNumber,
      orderKey: orderKeyOf(orderNumber, destination),
      status: gone || wanted.length === 0 ? 'cancelled' : 'open',
      placedAt: order.created_at,
      email: order.email,
      currency: order.currency,
      shipTo,
      billTo: billing,
      lines: wanted.map((line) => ({
        lineNo: line.line_no,
        sku: line.variant_id,
        name: line.name,
        option: `${line.colour} / ${line.size}`,
        qty: line.qty - line.cancelled_qty,
        unitPrice: Math.round(line.row_total / line.qty),
      })),
      amounts: destination === paying ? { paid: totals.total ?? 0, shipping: totals.shipping ?? 0, tax: totals.tax ?? 0 } : null,
    };
  });
}
