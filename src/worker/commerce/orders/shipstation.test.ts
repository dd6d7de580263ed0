// The ShipStation warehouse against ShipStation's documented shapes, with fetch intercepted: the order it
// makes (keyed by our order number, Basic auth of the key and secret), the parcels it reads back from the
// labels made for it, delivery from the v2 API's tracking, and each way a call can go wrong.

import { describe, expect, it } from 'vitest';
import { SHIPSTATION_API, SHIPSTATION_V2_API, shipStationWarehouse } from './shipstation.ts';
import type { WarehouseOrder } from './warehouse.ts';
import { WarehouseUnavailable } from './warehouse.ts';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A fetch answering by path (the first match of each prefix), recording each call. */
function answering(routes: Record<string, () => Response | Promise<Response>>) {
  const seen: Seen[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    seen.push({ method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    if (!route) throw new Error(`unexpected call ${url}`);
    return (routes[route] as () => Response)();
  }) as typeof fetch;
  return { fetcher, seen };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ORDER: WarehouseOrder = {
  orderNumber: 'CR000000123',
  orderKey: 'CR000000123',
  status: 'open',
  placedAt: '2026-03-02T10:00:00.000Z',
  email: 'ana@example.com',
  currency: 'USD',
  shipTo: { name: 'Ana Lima', street1: '12 Pine Street', city: 'Portland', state: 'OR', postalCode: '97205', country: 'US', phone: '+1 5035550142' },
  billTo: null,
  lines: [{ lineNo: 1, sku: 'V-1001-9', name: 'Ridge Boot', option: 'Brown / 9', qty: 2, unitPrice: 12_950 }],
  amounts: { paid: 27_340, shipping: 900, tax: 540 },
};

const CREDENTIALS = { apiKey: 'ss-key', apiSecret: 'ss-secret', v2ApiKey: 'ss-v2-key' };

/** A shipment as GET /shipments lists it (ShipStation's Shipment model, the fields the warehouse reads and some it does not). */
const shipment = (over: Record<string, unknown> = {}) => ({
  shipmentId: 33974374,
  orderId: 43945660,
  orderKey: 'CR000000123',
  userId: 'c9f06d74-95de-4263-9b04-e87095cababf',
  orderNumber: 'CR000000123',
  createDate: '2026-03-03T08:50:50.0670000',
  shipDate: '2026-03-03',
  shipmentCost: 9.06,
  trackingNumber: '1Z999AA10123456784',
  isReturnLabel: false,
  carrierCode: 'ups',
  serviceCode: 'ups_ground',
  voided: false,
  voidDate: null,
  ...over,
});

describe('ShipStation', () => {
  it('creates the order keyed by our order number, with Basic auth of the key and secret', async () => {
    const { fetcher, seen } = answering({ [`${SHIPSTATION_API}/orders/createorder`]: () => json({ orderId: 43945660, orderKey: 'CR000000123' }) });
    await shipStationWarehouse(CREDENTIALS, { fetcher }).send(ORDER);
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect([call?.method, call?.url]).toEqual(['POST', 'https://ssapi.shipstation.com/orders/createorder']);
    expect(call?.headers.get('authorization')).toBe(`Basic ${btoa('ss-key:ss-secret')}`);
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.body).toMatchObject({
      orderNumber: 'CR000000123',
      orderKey: 'CR000000123',
      orderStatus: 'awaiting_shipment',
      customerEmail: 'ana@example.com',
      shipTo: { name: 'Ana Lima', street1: '12 Pine Street', city: 'Portland', state: 'OR', postalCode: '97205', country: 'US', residential: true },
      // Without a billing address of its own, the parcel's is used.
      billTo: { name: 'Ana Lima', postalCode: '97205' },
      items: [
        { lineItemKey: '1', sku: 'V-1001-9', name: 'Ridge Boot', quantity: 2, unitPrice: 129.5, options: [{ name: 'Colour / size', value: 'Brown / 9' }] },
      ],
      amountPaid: 273.4,
      shippingAmount: 9,
      taxAmount: 5.4,
    });
  });

  it('sends a cancelled parcel as cancelled, under the same key, so the warehouse updates its order', async () => {
    const { fetcher, seen } = answering({ [`${SHIPSTATION_API}/orders/createorder`]: () => json({ orderId: 43945660 }) });
    await shipStationWarehouse(CREDENTIALS, { fetcher }).send({ ...ORDER, status: 'cancelled', lines: [], amounts: null });
    expect(seen[0]?.body).toMatchObject({ orderKey: 'CR000000123', orderStatus: 'cancelled', items: [] });
    expect(seen[0]?.body).not.toHaveProperty('amountPaid');
  });

  it('reads the parcels from the labels made for the order: carrier and tracking number, never a voided or return label', async () => {
    const { fetcher, seen } = answering({
      [`${SHIPSTATION_API}/shipments`]: () =>
        json({
          shipments: [
            shipment(),
            shipment({ trackingNumber: '1Z999AA10000000001', voided: true, voidDate: '2026-03-03T09:00:00.0000000' }),
            shipment({ trackingNumber: '9400100000000000000001', isReturnLabel: true, carrierCode: 'stamps_com' }),
            // Another order's label, should the filter let it through, is not this order's parcel.
            shipment({ orderNumber: 'CR0000001234', orderKey: 'CR0000001234', trackingNumber: '1Z999AA10000000002' }),
            shipment({ orderKey: 'CR000000123-US-0007', trackingNumber: '9400100000000000000002', carrierCode: 'stamps_com' }),
          ],
          total: 5,
          page: 1,
          pages: 1,
        }),
    });
    const parcels = await shipStationWarehouse(CREDENTIALS, { fetcher }).parcels('CR000000123');
    expect(parcels).toEqual([
      { orderNumber: 'CR000000123', orderKey: 'CR000000123', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { orderNumber: 'CR000000123', orderKey: 'CR000000123-US-0007', carrier: 'USPS', trackingNumber: '9400100000000000000002' },
    ]);
    const url = new URL(seen[0]?.url ?? '');
    expect([url.pathname, url.searchParams.get('orderNumber')]).toEqual(['/shipments', 'CR000000123']);
    expect(seen[0]?.headers.get('authorization')).toBe(`Basic ${btoa('ss-key:ss-secret')}`);
  });

  it('answers no parcel while no label is made', async () => {
    const { fetcher } = answering({ [`${SHIPSTATION_API}/shipments`]: () => json({ shipments: [], total: 0, page: 1, pages: 0 }) });
    expect(await shipStationWarehouse(CREDENTIALS, { fetcher }).parcels('CR000000123')).toEqual([]);
  });

  it('learns delivery from the v2 label tracking (status DE), with the v2 key', async () => {
    const parcel = { orderNumber: 'CR000000123', orderKey: 'CR000000123', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    let status = 'IT';
    const { fetcher, seen } = answering({
      [`${SHIPSTATION_V2_API}/labels?`]: () =>
        json({ labels: [{ label_id: 'se-324658', tracking_number: '1Z999AA10123456784', status: 'completed' }], total: 1, page: 1, pages: 1 }),
      [`${SHIPSTATION_V2_API}/labels/se-324658/track`]: () =>
        json({ tracking_number: '1Z999AA10123456784', status_code: status, status_description: status === 'DE' ? 'Delivered' : 'In Transit', events: [] }),
    });
    const warehouse = shipStationWarehouse(CREDENTIALS, { fetcher });
    expect(warehouse.tracksDelivery).toBe(true);
    expect(await warehouse.delivered(parcel)).toBe(false);
    status = 'DE';
    expect(await warehouse.delivered(parcel)).toBe(true);
    expect(new URL(seen[0]?.url ?? '').searchParams.get('tracking_number')).toBe('1Z999AA10123456784');
    expect(seen.every((call) => call.headers.get('api-key') === 'ss-v2-key' && !call.headers.has('authorization'))).toBe(true);
    // A tracking number v2 has no label for is not delivered: nothing is tracked from it.
    const unknown = answering({ [`${SHIPSTATION_V2_API}/labels?`]: () => json({ labels: [], total: 0, page: 1, pages: 0 }) });
    expect(await shipStationWarehouse(CREDENTIALS, { fetcher: unknown.fetcher }).delivered(parcel)).toBe(false);
  });

  it('tracks no delivery without the v2 key', () => {
    expect(shipStationWarehouse({ apiKey: 'ss-key', apiSecret: 'ss-secret' }).tracksDelivery).toBe(false);
  });

  it('says how each failure went: a server error or no answer is retried, a refusal is not, a rate limit stops the run', async () => {
    const outcome = (respond: () => Response | Promise<Response>) =>
      shipStationWarehouse(CREDENTIALS, { fetcher: answering({ [SHIPSTATION_API]: respond }).fetcher })
        .send(ORDER)
        .then(
          () => 'sent',
          (error: unknown) => (error instanceof WarehouseUnavailable ? `${error.kind}${error.stopsRun ? ' (stops the run)' : ''}` : String(error)),
        );
    expect(await outcome(() => json({ Message: 'An error has occurred.' }, 500))).toBe('failed');
    expect(await outcome(() => json({}, 503))).toBe('failed');
    expect(
      await outcome(() => {
        throw new TypeError('fetch failed');
      }),
    ).toBe('failed');
    expect(await outcome(() => new Response('<html>gateway</html>', { status: 200 }))).toBe('failed');
    expect(await outcome(() => json({ Message: 'The request is invalid.' }, 400))).toBe('refused');
    expect(await outcome(() => json({ message: 'Too Many Requests' }, 429))).toBe('rate-limited (stops the run)');
  });

  it('gives up on a call that takes too long', async () => {
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    const sent = shipStationWarehouse(CREDENTIALS, { fetcher: hanging, timeoutMs: 20 }).send(ORDER);
    await expect(sent).rejects.toMatchObject({ kind: 'failed' });
  });

  it('makes no more calls in a run than allowed, and never names the keys in a failure', async () => {
    const { fetcher, seen } = answering({ [SHIPSTATION_API]: () => json({}, 500) });
    const warehouse = shipStationWarehouse(CREDENTIALS, { fetcher, maxCalls: 2 });
    const errors: WarehouseUnavailable[] = [];
    for (let i = 0; i < 3; i++) await warehouse.send(ORDER).catch((error: WarehouseUnavailable) => errors.push(error));
    expect(seen).toHaveLength(2);
    expect(errors.map((error) => error.kind)).toEqual(['failed', 'failed', 'budget']);
    expect(errors.every((error) => !/ss-key|ss-secret|ss-v2-key/.test(`${error.message} ${error.stack}`))).toBe(true);
  });
});
