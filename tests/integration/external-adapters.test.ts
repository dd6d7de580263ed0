// The production adapters for outside services against the real migrated D1, with only the services' HTTP
// faked: the fulfilment with ShipStation (FULFILMENT_SERVICE=shipstation) sending a paid order once under its
// number, shipping it with the label's carrier and tracking number, taking its money then, delivering it, and
// leaving an order where it was when ShipStation cannot be reached; and the store finder asking its geocoder
// only for a place no store is at, with the postal table answering when the geocoder cannot.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { cancelLines } from '../../src/worker/commerce/orders/after-sales.ts';
import { cancelOrder } from '../../src/worker/commerce/orders/cancel.ts';
import { readOrder } from '../../src/worker/commerce/orders/order-entity.ts';
import { runFulfilment } from '../../src/worker/commerce/orders/run-fulfilment.ts';
import { paymentProviderFor } from '../../src/worker/commerce/payments/choose.ts';
import { type Geocoder, postalTableGeocoder, withFallback } from '../../src/worker/commerce/stores/geocoder.ts';
import { locatePostalCode } from '../../src/worker/commerce/stores/postal-areas.ts';
import { searchStores } from '../../src/worker/commerce/stores/search.ts';
import { authorizationsFor, stockedVariant } from './checkout-helpers.ts';
import { deps, member, placedOrder, readyBasket, review } from './checkout-services.ts';
import { one } from './helpers.ts';

interface FakeOrder {
  creates: number;
  updates: number;
  body: { orderKey: string; orderStatus: string; items: { sku: string; quantity: number }[]; shipTo: { postalCode: string } };
}

/** ShipStation as its documentation answers, in memory: orders by key, labels made by the test, carrier tracking. */
class FakeShipStation {
  readonly orders = new Map<string, FakeOrder>();
  readonly labels: { orderNumber: string; orderKey: string; trackingNumber: string; carrierCode: string; labelId: string }[] = [];
  readonly delivered = new Set<string>();
  readonly authorizations = new Set<string>();
  /** While set, every call fails this way. */
  down: 'server-error' | 'unreachable' | null = null;
  /** What happens in the store while ShipStation is taking an order, once. */
  meanwhile: (() => Promise<unknown>) | null = null;

  ship(orderKey: string, carrierCode: string, trackingNumber: string): void {
    const order = this.orders.get(orderKey);
    if (!order) throw new Error(`no order ${orderKey}`);
    this.labels.push({ orderNumber: orderKey.slice(0, 11), orderKey, trackingNumber, carrierCode, labelId: `se-${this.labels.length + 1}` });
  }

  readonly fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    if (this.down === 'unreachable') throw new TypeError('fetch failed');
    if (this.down === 'server-error') return Response.json({ Message: 'An error has occurred.' }, { status: 503 });
    if (url.origin === 'https://ssapi.shipstation.com') this.authorizations.add(headers.get('authorization') ?? '');
    if (url.href === 'https://ssapi.shipstation.com/orders/createorder' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as FakeOrder['body'];
      const meanwhile = this.meanwhile;
      this.meanwhile = null;
      await meanwhile?.();
      const kept = this.orders.get(body.orderKey);
      this.orders.set(body.orderKey, { creates: (kept?.creates ?? 0) + (kept ? 0 : 1), updates: (kept?.updates ?? 0) + (kept ? 1 : 0), body });
      return Response.json({ orderId: 40_000 + this.orders.size, orderKey: body.orderKey, orderStatus: body.orderStatus });
    }
    if (url.origin === 'https://ssapi.shipstation.com' && url.pathname === '/shipments') {
      const number = url.searchParams.get('orderNumber') ?? '';
      const shipments = this.labels
        .filter((label) => label.orderNumber.startsWith(number))
        .map((label, i) => ({
          shipmentId: 7_000 + i,
          orderKey: label.orderKey,
          orderNumber: label.orderNumber,
          trackingNumber: label.trackingNumber,
          carrierCode: label.carrierCode,
          voided: false,
          isReturnLabel: false,
        }));
      return Response.json({ shipments, total: shipments.length, page: 1, pages: 1 });
    }
    if (url.origin === 'https://api.shipstation.com' && headers.get('api-key') === 'v2-key') {
      const tracked = /^\/v2\/labels\/([^/]+)\/track$/.exec(url.pathname);
      if (tracked) {
        const label = this.labels.find((l) => l.labelId === tracked[1]);
        return Response.json({
          tracking_number: label?.trackingNumber,
          status_code: label && this.delivered.has(label.trackingNumber) ? 'DE' : 'IT',
          events: [],
        });
      }
      if (url.pathname === '/v2/labels') {
        const labels = this.labels.filter((l) => l.trackingNumber === url.searchParams.get('tracking_number'));
        return Response.json({
          labels: labels.map((l) => ({ label_id: l.labelId, tracking_number: l.trackingNumber })),
          total: labels.length,
          page: 1,
          pages: 1,
        });
      }
    }
    return Response.json({ message: 'unexpected' }, { status: 404 });
  }) as typeof fetch;
}

const SHIPSTATION = { FULFILMENT_SERVICE: 'shipstation', SHIPSTATION_API_KEY: 'key', SHIPSTATION_API_SECRET: 'secret', SHIPSTATION_V2_API_KEY: 'v2-key' };

/** One fulfilment run with ShipStation configured, `minutes` from now, for this order alone. */
const runWith = (fake: FakeShipStation, orderNumber: string, minutes = 1, bindings: Partial<typeof SHIPSTATION> = SHIPSTATION) =>
  runFulfilment({ ...deps.env, ...bindings }, new Date(Date.now() + minutes * 60_000), orderNumber, fake.fetch);

async function ordered(address: string, offset: number, qty = 1) {
  const ana = await member('ana@cairn.test', address);
  const variant = await stockedVariant(6, offset);
  const basketId = await readyBasket(ana, variant.id, 'ana@cairn.test', false, qty);
  await review(ana, basketId);
  const placed = await placedOrder(ana, basketId);
  return { ana, orderNumber: placed.orderNumber, itemId: placed.order.items[0]?.itemId as string, variantId: variant.id };
}

const statusOf = async (orderNumber: string) => (await one<{ status: string }>('SELECT status FROM orders WHERE order_number = ?1', orderNumber)).status;

describe('the fulfilment with ShipStation', () => {
  it('sends a paid order once under its number, ships it with the label’s carrier and tracking, takes the money, and delivers it', async () => {
    const fake = new FakeShipStation();
    const { orderNumber, variantId } = await ordered('198.19.71.1', 91);

    expect(await runWith(fake, orderNumber)).toEqual({ processing: 1 });
    expect([...fake.orders.keys()]).toEqual([orderNumber]);
    expect(fake.orders.get(orderNumber)).toMatchObject({
      creates: 1,
      updates: 0,
      body: { orderKey: orderNumber, orderStatus: 'awaiting_shipment', items: [{ sku: variantId, quantity: 1 }], shipTo: { postalCode: '97205' } },
    });
    expect([...fake.authorizations]).toEqual([`Basic ${btoa('key:secret')}`]);

    // No label yet: nothing moves, and the order is not sent again.
    expect(await runWith(fake, orderNumber, 5)).toEqual({});
    expect(fake.orders.get(orderNumber)).toMatchObject({ creates: 1, updates: 0 });
    expect((await authorizationsFor(orderNumber))[0]?.status).toBe('authorized');

    fake.ship(orderNumber, 'ups', '1Z999AA10123456784');
    expect(await runWith(fake, orderNumber, 30)).toEqual({ shipped: 1, captured: 1 });
    const shipped = await readOrder(env.DB, orderNumber);
    expect(shipped?.statusHistory.at(-1)).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect((await authorizationsFor(orderNumber))[0]?.status).toBe('captured');

    expect(await runWith(fake, orderNumber, 24 * 60)).toEqual({});
    fake.delivered.add('1Z999AA10123456784');
    expect(await runWith(fake, orderNumber, 48 * 60)).toEqual({ delivered: 1 });
    expect((await readOrder(env.DB, orderNumber))?.statusHistory.map((h) => h.status)).toEqual(['paid', 'processing', 'shipped', 'delivered']);
    expect(fake.orders.get(orderNumber)).toMatchObject({ creates: 1, updates: 0 });
  });

  it('leaves an order ShipStation cannot take where it was, counts it, and sends it on the next run', async () => {
    const fake = new FakeShipStation();
    const { orderNumber } = await ordered('198.19.71.2', 92);

    fake.down = 'server-error';
    expect(await runWith(fake, orderNumber)).toEqual({ warehouseFailed: 1 });
    fake.down = 'unreachable';
    expect(await runWith(fake, orderNumber, 5)).toEqual({ warehouseFailed: 1 });
    expect([await statusOf(orderNumber), fake.orders.size]).toEqual(['paid', 0]);

    fake.down = null;
    expect(await runWith(fake, orderNumber, 10)).toEqual({ processing: 1 });
    fake.ship(orderNumber, 'fedex', '794644746986');
    // Down again when its label is made: it stays processing, its money held, until ShipStation answers.
    fake.down = 'server-error';
    expect(await runWith(fake, orderNumber, 30)).toEqual({ warehouseFailed: 1 });
    expect([await statusOf(orderNumber), (await authorizationsFor(orderNumber))[0]?.status]).toEqual(['processing', 'authorized']);
    fake.down = null;
    expect(await runWith(fake, orderNumber, 35)).toEqual({ shipped: 1, captured: 1 });
    expect((await readOrder(env.DB, orderNumber))?.statusHistory.at(-1)).toMatchObject({ carrier: 'FedEx', trackingNumber: '794644746986' });
  });

  it('tells ShipStation of lines cancelled after it took the order, and of the whole order cancelled, once each', async () => {
    const fake = new FakeShipStation();
    const { ana, orderNumber, itemId } = await ordered('198.19.71.3', 93, 2);
    await runWith(fake, orderNumber);
    expect(fake.orders.get(orderNumber)?.body.items.map((item) => item.quantity)).toEqual([2]);

    await cancelLines(deps, ana, paymentProviderFor(env), ana.claims.consumerNo as string, orderNumber, [{ itemId, quantity: 1 }]);
    expect(await runWith(fake, orderNumber, 5)).toEqual({ warehouseUpdated: 1 });
    expect(fake.orders.get(orderNumber)).toMatchObject({ creates: 1, updates: 1, body: { orderStatus: 'awaiting_shipment' } });
    expect(fake.orders.get(orderNumber)?.body.items.map((item) => item.quantity)).toEqual([1]);
    expect(await runWith(fake, orderNumber, 6)).toEqual({});

    await cancelOrder(deps, ana, ana.claims.consumerNo as string, orderNumber);
    expect(await runWith(fake, orderNumber, 10)).toEqual({ warehouseUpdated: 1 });
    expect(fake.orders.get(orderNumber)).toMatchObject({ creates: 1, updates: 2, body: { orderKey: orderNumber, orderStatus: 'cancelled' } });
    expect(await runWith(fake, orderNumber, 11)).toEqual({});
    expect(fake.orders.get(orderNumber)?.updates).toBe(2);
    expect(await one("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'warehouse.sent' AND subject = ?1", `order:${orderNumber}`)).toEqual({ n: 3 });
  });

  it('tells ShipStation of a cancellation that lands while it is taking the order, on the next run', async () => {
    const fake = new FakeShipStation();
    const { ana, orderNumber } = await ordered('198.19.71.5', 95);
    fake.meanwhile = () => cancelOrder(deps, ana, ana.claims.consumerNo as string, orderNumber);

    expect(await runWith(fake, orderNumber)).toEqual({});
    expect([await statusOf(orderNumber), fake.orders.get(orderNumber)?.body.orderStatus]).toEqual(['cancelled', 'awaiting_shipment']);
    expect(await runWith(fake, orderNumber, 5)).toEqual({ warehouseUpdated: 1 });
    expect(fake.orders.get(orderNumber)).toMatchObject({ creates: 1, updates: 1, body: { orderStatus: 'cancelled' } });
    expect(await runWith(fake, orderNumber, 10)).toEqual({});
  });

  it('moves no order when ShipStation is named without its keys, rather than ship them on the sandbox’s made-up tracking', async () => {
    const fake = new FakeShipStation();
    const { orderNumber } = await ordered('198.19.71.4', 94);
    expect(await runWith(fake, orderNumber, 30, { FULFILMENT_SERVICE: 'shipstation' })).toEqual({});
    expect([await statusOf(orderNumber), fake.orders.size]).toEqual(['paid', 0]);
  });
});

/** A geocoder answering `answer`, counting what it is asked. */
function stubGeocoder(answer: () => Promise<{ latitude: number; longitude: number } | null>) {
  const asked: string[] = [];
  const geocoder: Geocoder = {
    name: 'stub',
    locate: (country, query) => {
      asked.push(`${country}:${query.postalCode ?? query.city}`);
      return answer();
    },
  };
  return { geocoder, asked };
}

describe('the store finder with a geocoder', () => {
  it('places a postal code a store is at by that store, without asking the geocoder', async () => {
    const { geocoder, asked } = stubGeocoder(async () => ({ latitude: 0, longitude: 0 }));
    const boulder = await one<{ id: string; latitude: number; longitude: number }>("SELECT id, latitude, longitude FROM stores WHERE postal_code = '80302'");
    const found = await searchStores(env.DB, DEFAULT_LOCALE, { postalCode: '80302', radiusKm: 50, limit: 3 }, undefined, geocoder);
    expect([found.origin, found.stores[0]?.id, asked]).toEqual([{ latitude: boulder.latitude, longitude: boulder.longitude }, boulder.id, []]);
  });

  it('asks the geocoder for a city no store is in, and finds the stores near where it says', async () => {
    const { geocoder, asked } = stubGeocoder(async () => ({ latitude: 39.7555, longitude: -105.2211 }));
    const found = await searchStores(env.DB, DEFAULT_LOCALE, { city: 'Golden', radiusKm: 60, limit: 5 }, undefined, geocoder);
    expect(asked).toEqual(['US:Golden']);
    expect(found.origin).toEqual({ latitude: 39.7555, longitude: -105.2211 });
    expect(found.stores.map((store) => store.city)).toEqual(expect.arrayContaining(['Denver', 'Boulder']));
    // The table knows no city: without a geocoding service, the store finder cannot place it.
    expect((await searchStores(env.DB, DEFAULT_LOCALE, { city: 'Golden', radiusKm: 60, limit: 5 })).origin).toBeNull();
  });

  it('still answers from the postal table when the geocoder fails', async () => {
    const { geocoder, asked } = stubGeocoder(async () => {
      throw new Error('Mapbox geocoding answered 503');
    });
    const quiet = { ...deps.logger, warn: () => {} };
    const found = await searchStores(
      env.DB,
      DEFAULT_LOCALE,
      { postalCode: '80305', radiusKm: 60, limit: 5 },
      undefined,
      withFallback(geocoder, postalTableGeocoder, { logger: quiet }),
    );
    expect(asked).toEqual(['US:80305']);
    expect(found.origin).toEqual(locatePostalCode('US', '80305'));
    expect(found.stores.length).toBeGreaterThan(0);
  });
});
