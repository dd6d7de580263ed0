// Pickup points: a parcel locker and a partner shop a short walk from every store, so pickup-point
// delivery can be tried wherever there is a store. Lockers are open all day, every day; shops keep shop hours.

import { createRandom } from './random.ts';
import type { StoreSeed } from './stores.ts';
import type { SeedRow } from './tables.ts';

const ALL_DAY: [string, string] = ['00:00', '23:59'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const SHOP_NAMES: Readonly<Record<string, string>> = {
  US: 'Corner Market',
  CA: 'Dépanneur du Coin',
  GB: 'High Street News',
  FR: 'Relais Presse',
  DE: 'Kiosk am Markt',
  IT: 'Tabaccheria Centrale',
};

export function collectionPointRows(stores: readonly StoreSeed[]): SeedRow[] {
  return stores.flatMap((store) => {
    const random = createRandom(`points:${store.id}`);
    // A few hundred metres from the store, in a direction of its own.
    const near = (scale: number) => ({
      latitude: Math.round((store.latitude + (random.next() - 0.5) * scale) * 10_000) / 10_000,
      longitude: Math.round((store.longitude + (random.next() - 0.5) * scale) * 10_000) / 10_000,
    });
    // Keys in the order of the table's columns (migration 0018).
    const point = (id: string, kind: string, name: string, address: string, at: { latitude: number; longitude: number }, hours: string) => ({
      id,
      site_id: store.siteId,
      country_code: store.country,
      kind,
      name,
      address_line1: address,
      city: store.city,
      province: store.province,
      postal_code: store.postalCode,
      latitude: at.latitude,
      longitude: at.longitude,
      opening_hours: hours,
    });
    const locker = point(
      `${store.id}-L1`,
      'locker',
      `Cairn Locker ${store.city} ${store.name}`,
      `Station concourse, ${store.city}`,
      near(0.01),
      JSON.stringify(Object.fromEntries(DAYS.map((day) => [day, ALL_DAY]))),
    );
    const shop = point(
      `${store.id}-S1`,
      'shop',
      `${SHOP_NAMES[store.country] ?? 'Partner Shop'} ${store.city}`,
      `${10 + Math.floor(random.next() * 180)} ${store.address.replace(/^\d+\s*/, '')}`,
      near(0.02),
      JSON.stringify(Object.fromEntries(DAYS.map((day) => [day, day === 'sun' ? null : ['08:00', '20:00']]))),
    );
    return [locker, shop];
  });
}
