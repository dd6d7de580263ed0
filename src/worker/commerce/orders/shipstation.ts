// ShipStation as the warehouse (FULFILMENT_SERVICE=shipstation; warehouse.ts). Its v1 REST API, with Basic
// auth of the API key and secret: POST /orders/createorder makes the order, and updates the one with the same
// orderKey when sent again; GET /shipments?orderNumber= lists the labels made for it, with the carrier code
// and tracking number. v1 never says when a parcel arrives, so delivery is read from ShipStation's v2 API
// (GET /v2/labels?tracking_number=, then /v2/labels/{label_id}/track) when its API key is set too.

import type { Warehouse, WarehouseAddress, WarehouseOrder, WarehouseParcel } from './warehouse.ts';
import { WarehouseUnavailable } from './warehouse.ts';

export const SHIPSTATION_API = 'https://ssapi.shipstation.com';
export const SHIPSTATION_V2_API = 'https://api.shipstation.com/v2';

export interface ShipStationCredentials {
  apiKey: string;
  apiSecret: string;
  /** ShipStation's v2 API key: how the fulfilment learns that a parcel was delivered. */
  v2ApiKey?: string | undefined;
}

export interface ShipStationOptions {
  fetcher?: typeof fetch;
  /** Calls one run may make: v1 allows 40 a minute per key, and a run comes every five minutes. */
  maxCalls?: number;
  timeoutMs?: number;
}

interface ShipStationShipment {
  orderNumber: string;
  orderKey?: string | null;
  trackingNumber?: string | null;
  carrierCode?: string | null;
  voided?: boolean;
  isReturnLabel?: boolean;
}

/** The carrier as shoppers know it; a code not listed is shown as ShipStation gives it. */
const CARRIER_NAMES: Record<string, string> = {
  ups: 'UPS',
  ups_walleted: 'UPS',
  fedex: 'FedEx',
  fedex_walleted: 'FedEx',
  stamps_com: 'USPS',
  usps: 'USPS',
  dhl_express: 'DHL Express',
  dhl_express_worldwide: 'DHL Express',
  canada_post: 'Canada Post',
  royal_mail: 'Royal Mail',
  colissimo: 'Colissimo',
  poste_italiane: 'Poste Italiane',
};

/** ShipStation takes money in units of the currency; the store's currencies all have two decimals. */
const major = (minor: number) => minor / 100;

function addressFor(address: WarehouseAddress) {
  return {
    name: address.name,
    company: address.company ?? null,
    street1: address.street1,
    street2: address.street2 ?? null,
    city: address.city,
    state: address.state ?? null,
    postalCode: address.postalCode,
    country: address.country,
    phone: address.phone ?? null,
    residential: address.company === undefined,
  };
}

/** The order as POST /orders/createorder takes it (ShipStation's Order model). */
export function shipStationOrder(order: WarehouseOrder) {
  return {
    orderNumber: order.orderNumber,
    orderKey: order.orderKey,
    orderDate: order.placedAt,
    paymentDate: order.placedAt,
    orderStatus: order.status === 'cancelled' ? 'cancelled' : 'awaiting_shipment',
    customerUsername: order.email,
    customerEmail: order.email,
    billTo: addressFor(order.billTo ?? order.shipTo),
    shipTo: addressFor(order.shipTo),
    items: order.lines.map((line) => ({
      lineItemKey: String(line.lineNo),
      sku: line.sku,
      name: line.name,
      quantity: line.qty,
      unitPrice: major(line.unitPrice),
      options: [{ name: 'Colour / size', value: line.option }],
    })),
    ...(order.amounts ? { amountPaid: major(order.amounts.paid), shippingAmount: major(order.amounts.shipping), taxAmount: major(order.amounts.tax) } : {}),
  };
}

export function shipStationWarehouse(credentials: ShipStationCredentials, options: ShipStationOptions = {}): Warehouse {
  const { fetcher = fetch, maxCalls = 30, timeoutMs = 10_000 } = options;
  const basic = `Basic ${btoa(`${credentials.apiKey}:${credentials.apiSecret}`)}`;
  let calls = 0;

  /** One call's JSON answer; a failure says what was asked and how it went, never the keys. */
  async function call<T>(what: string, url: string, init: RequestInit): Promise<T> {
    if (calls >= maxCalls) throw new WarehouseUnavailable(`ShipStation: this run's ${maxCalls} calls are made`, 'budget');
    calls += 1;
    let response: Response;
    try {
      response = await fetcher(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new WarehouseUnavailable(`ShipStation ${what}: ${error instanceof Error ? error.name : 'network error'}`, 'failed');
    }
    if (response.status === 429) throw new WarehouseUnavailable(`ShipStation ${what}: rate limited`, 'rate-limited');
    if (!response.ok) {
      const refused = response.status >= 400 && response.status < 500 && response.status !== 408;
      throw new WarehouseUnavailable(`ShipStation ${what}: answered ${response.status}`, refused ? 'refused' : 'failed');
    }
    try {
      return (await response.json()) as T;
    } catch {
      throw new WarehouseUnavailable(`ShipStation ${what}: an answer that is not JSON`, 'failed');
    }
  }

  const v1 = <T>(what: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    call<T>(what, `${SHIPSTATION_API}${path}`, { ...init, headers: { authorization: basic, accept: 'application/json', ...init.headers } });
  const v2 = <T>(what: string, path: string) =>
    call<T>(what, `${SHIPSTATION_V2_API}${path}`, { headers: { 'api-key': credentials.v2ApiKey ?? '', accept: 'application/json' } });

  return {
    name: 'shipstation',
    tracksDelivery: Boolean(credentials.v2ApiKey),
    async send(order) {
      await v1('createorder', '/orders/createorder', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(shipStationOrder(order)),
      });
    },
    async parcels(orderNumber) {
      const listed = await v1<{ shipments?: ShipStationShipment[] }>('shipments', `/shipments?orderNumber=${encodeURIComponent(orderNumber)}&pageSize=100`);
      // Only this order's labels, whatever else the filter lets through; a voided or return label is no parcel on its way.
      return (listed.shipments ?? []).flatMap((shipment): WarehouseParcel[] =>
        shipment.orderNumber === orderNumber && !shipment.voided && !shipment.isReturnLabel && shipment.trackingNumber
          ? [
              {
                orderNumber,
                orderKey: shipment.orderKey ?? null,
                carrier: CARRIER_NAMES[shipment.carrierCode ?? ''] ?? shipment.carrierCode ?? 'carrier',
                trackingNumber: shipment.trackingNumber,
              },
            ]
          : [],
      );
    },
    async delivered(parcel) {
      if (!credentials.v2ApiKey) return false;
      const tracking = encodeURIComponent(parcel.trackingNumber);
      const labels = await v2<{ labels?: { label_id: string; tracking_number?: string | null }[] }>(
        'labels',
        `/labels?tracking_number=${tracking}&page_size=5`,
      );
      const label = (labels.labels ?? []).find((l) => l.tracking_number === parcel.trackingNumber);
      if (!label) return false;
      const track = await v2<{ status_code?: string }>('track', `/labels/${encodeURIComponent(label.label_id)}/track`);
      // DE is the carrier's "delivered"; every other code (in transit, exception, unknown) is not yet.
      return track.status_code === 'DE';
    },
  };
}
