// Finding stores and pickup points near a place (the cart issue, §4): coordinates as given, or those of
// the site's stores at a postal code or in a city, else where the geocoder places it (geocoder.ts: the
// postal table, or a geocoding service with the table behind it). Answers sort by distance, within a radius,
// with hours; a store search for a variant says how many each store has and whether it can be picked up
// today or shipped there.

import { type Locale, SITES, type SiteId } from '../../../shared/locale/sites.ts';
import { type Geocoder, postalTableGeocoder } from './geocoder.ts';
import { distanceKm, type Store, type StoreRow, toStore } from './service.ts';

export interface Place {
  postalCode?: string | undefined;
  city?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  radiusKm: number;
  limit: number;
}

/** The coordinates of a place on a site, or null when the site has no store there to place it by. */
export async function locate(
  db: D1Database,
  siteId: string,
  place: Place,
  geocoder: Geocoder = postalTableGeocoder,
): Promise<{ latitude: number; longitude: number } | null> {
  if (place.latitude !== undefined && place.longitude !== undefined) return { latitude: place.latitude, longitude: place.longitude };
  const postal = place.postalCode?.replace(/\s+/g, '').toUpperCase() ?? '';
  // A store at that very postal code or in that city.
  const exact = await db
    .prepare(
      `SELECT latitude, longitude FROM stores WHERE site_id = ?1 AND (
         (?2 != '' AND REPLACE(UPPER(postal_code), ' ', '') = ?2) OR (?3 != '' AND LOWER(city) = LOWER(?3)))
       ORDER BY id LIMIT 1`,
    )
    .bind(siteId, postal, place.city ?? '')
    .first<{ latitude: number; longitude: number }>();
  if (exact) return exact;
  // Where the postal code, or else the city, is: a city only a geocoding service can place.
  const country = SITES[siteId as SiteId]?.countries[0];
  const city = place.city?.trim() ?? '';
  const area = country && (postal || city) ? await geocoder.locate(country, postal ? { postalCode: place.postalCode } : { city }) : null;
  if (area || !postal) return area;
  // A code the table does not know: a store whose code starts the same way (compared as text, so a % or _
  // the shopper typed is no wildcard).
  return db
    .prepare(
      "SELECT latitude, longitude FROM stores WHERE site_id = ?1 AND substr(REPLACE(UPPER(postal_code), ' ', ''), 1, length(?2)) = ?2 ORDER BY id LIMIT 1",
    )
    .bind(siteId, postal.slice(0, 3))
    .first<{ latitude: number; longitude: number }>();
}

/** A store near the place, with its distance and, for a variant, what it can do with it. */
export interface StoreResult extends Store {
  distanceKm: number;
  /** With a variant: units in the store, and what the shopper can do with them. */
  storeInventory?: number;
  pickupToday?: boolean;
  shipToStore?: boolean;
}

export async function searchStores(
  db: D1Database,
  locale: Locale,
  place: Place,
  variant?: { id: string; qty: number },
  geocoder?: Geocoder,
): Promise<{ origin: { latitude: number; longitude: number } | null; stores: StoreResult[] }> {
  const origin = await locate(db, locale.site.id, place, geocoder);
  if (!origin) return { origin, stores: [] };
  const { results } = await db
    .prepare(
      `SELECT s.*, si.quantity FROM stores s
       LEFT JOIN store_inventory si ON si.store_id = s.id AND si.variant_id = ?2
       WHERE s.site_id = ?1`,
    )
    .bind(locale.site.id, variant?.id ?? '')
    .all<StoreRow & { quantity: number | null }>();
  const stores = results
    .map((row): StoreResult => {
      const store = toStore(row);
      const quantity = row.quantity ?? 0;
      return {
        ...store,
        distanceKm: distanceKm(origin.latitude, origin.longitude, store.latitude, store.longitude),
        ...(variant
          ? {
              storeInventory: quantity,
              pickupToday: store.services.includes('pickup') && quantity >= variant.qty,
              shipToStore: store.services.includes('ship-to-store'),
            }
          : {}),
      };
    })
    .filter((store) => store.distanceKm <= place.radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id))
    .slice(0, place.limit);
  return { origin, stores };
}

export interface CollectionPoint {
  id: string;
  kind: 'locker' | 'shop';
  name: string;
  addressLine1: string;
  city: string;
  province: string | null;
  postalCode: string;
  latitude: number;
  longitude: number;
  distanceKm: number;
  openingHours: Record<string, [string, string] | null>;
}

export async function searchCollectionPoints(db: D1Database, locale: Locale, place: Place, geocoder?: Geocoder): Promise<CollectionPoint[]> {
  const origin = await locate(db, locale.site.id, place, geocoder);
  if (!origin) return [];
  const { results } = await db
    .prepare('SELECT * FROM collection_points WHERE site_id = ?1')
    .bind(locale.site.id)
    .all<Omit<StoreRow, 'phone' | 'services' | 'site_id' | 'country_code'> & { kind: 'locker' | 'shop' }>();
  return results
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      addressLine1: row.address_line1,
      city: row.city,
      province: row.province,
      postalCode: row.postal_code,
      latitude: row.latitude,
      longitude: row.longitude,
      distanceKm: distanceKm(origin.latitude, origin.longitude, row.latitude, row.longitude),
      openingHours: JSON.parse(row.opening_hours) as CollectionPoint['openingHours'],
    }))
    .filter((point) => point.distanceKm <= place.radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id))
    .slice(0, place.limit);
}
