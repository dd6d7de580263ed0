// Stores and pickup points near a place (the cart issue, §4): by postal code, city or coordinates, sorted
// by distance within a radius, with hours; a variant's stock and what it allows in each store.

import { describe, expect, it } from 'vitest';
import { one } from './helpers.ts';
import { Jar } from './jar.ts';

describe('store search', () => {
  it('finds the stores near a postal code, nearest first, with distance and hours', async () => {
    const jar = new Jar();
    const boston = await one<{ postal_code: string; id: string }>("SELECT id, postal_code FROM stores WHERE site_id = 'US' AND city = 'Boston'");
    const found = await jar.api('POST', '/api/stores/v1/search', { postalCode: boston.postal_code, radiusKm: 500 });
    expect(found.status).toBe(200);
    expect(found.body.stores[0]).toMatchObject({ id: boston.id, distanceKm: 0 });
    const distances = found.body.stores.map((s: { distanceKm: number }) => s.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((d: number) => d <= 500)).toBe(true);
    expect(Object.keys(found.body.stores[0].openingHours)).toContain('mon');
    // Only the locale's site: no Canadian store from a US search.
    expect(found.body.stores.every((s: { id: string }) => s.id.startsWith('US-'))).toBe(true);
  });

  it('finds by city and by coordinates, and answers nothing for a place it cannot place', async () => {
    const jar = new Jar();
    const byCity = await jar.api('POST', '/api/stores/v1/search', { city: 'new york', radiusKm: 500, limit: 3 });
    expect(byCity.body.stores).toHaveLength(3);
    expect(byCity.body.stores[0].city).toBe('New York');
    const byPoint = await jar.api('POST', '/api/stores/v1/search', { latitude: 40.72, longitude: -74.0, radiusKm: 5 });
    expect(byPoint.body.stores.every((s: { distanceKm: number }) => s.distanceKm <= 5)).toBe(true);
    const nowhere = await jar.api('POST', '/api/stores/v1/search', { postalCode: '00000' });
    expect(nowhere.body).toMatchObject({ total: 0, stores: [], origin: null });
    const unsaid = await jar.api('POST', '/api/stores/v1/search', {});
    expect([unsaid.status, unsaid.body.errorId]).toEqual([400, 'API400']);
  });

  it('says how many of a variant each store has and whether it can be picked up today', async () => {
    const jar = new Jar();
    const stocked = await one<{ store_id: string; variant_id: string; quantity: number; postal_code: string }>(
      `SELECT si.store_id, si.variant_id, si.quantity, s.postal_code FROM store_inventory si JOIN stores s ON s.id = si.store_id
       WHERE s.site_id = 'US' AND si.quantity > 1 AND s.services LIKE '%"pickup"%' ORDER BY si.store_id LIMIT 1`,
    );
    const found = await jar.api('POST', '/api/stores/v1/search', { postalCode: stocked.postal_code, productId: stocked.variant_id, qty: 1 });
    const store = found.body.stores.find((s: { id: string }) => s.id === stocked.store_id);
    expect(store).toMatchObject({ storeInventory: stocked.quantity, pickupToday: true });
    const tooMany = await jar.api('POST', '/api/stores/v1/search', {
      postalCode: stocked.postal_code,
      productId: stocked.variant_id,
      qty: stocked.quantity + 1,
    });
    expect(tooMany.body.stores.find((s: { id: string }) => s.id === stocked.store_id).pickupToday).toBe(false);
  });
});

describe('pickup points', () => {
  it('lists lockers and shops near a place with their hours', async () => {
    const jar = new Jar();
    const found = await jar.api('POST', '/api/stores/v1/collectionPoints', { city: 'Boston', radiusKm: 10 });
    expect(found.status).toBe(200);
    expect(found.body.total).toBeGreaterThanOrEqual(2);
    const kinds = new Set(found.body.collectionPoints.map((p: { kind: string }) => p.kind));
    expect(kinds).toEqual(new Set(['locker', 'shop']));
    const locker = found.body.collectionPoints.find((p: { kind: string }) => p.kind === 'locker');
    expect(locker.openingHours.sun).toEqual(['00:00', '23:59']);
    const shop = found.body.collectionPoints.find((p: { kind: string }) => p.kind === 'shop');
    expect(shop.openingHours.sun).toBeNull();
  });
});
