// Stores: listing by site, country, text or distance, and store inventory of a product.

export interface Store {
  id: string;
  siteId: string;
  countryCode: string;
  name: string;
  addressLine1: string;
  city: string;
  province: string | null;
  postalCode: string;
  phone: string;
  latitude: number;
  longitude: number;
  openingHours: Record<string, [string, string] | null>;
  services: string[];
  distanceKm?: number;
}

export interface StoreRow {
  id: string;
  site_id: string;
  country_code: string;
  name: string;
  address_line1: string;
  city: string;
  province: string | null;
  postal_code: string;
  phone: string;
  latitude: number;
  longitude: number;
  opening_hours: string;
  services: string;
}

export function toStore(r: StoreRow): Store {
  return {
    id: r.id,
    siteId: r.site_id,
    countryCode: r.country_code,
    name: r.name,
    addressLine1: r.address_line1,
    city: r.city,
    province: r.province,
    postalCode: r.postal_code,
    phone: r.phone,
    latitude: r.latitude,
    longitude: r.longitude,
    openingHours: JSON.parse(r.opening_hours) as Store['openingHours'],
    services: JSON.parse(r.services) as string[],
  };
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres, rounded to 0.1 km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return Math.round(EARTH_RADIUS_KM * 2 * Math.asin(Math.sqrt(a)) * 10) / 10;
}

export interface StoreSearch {
  siteId?: string | undefined;
  country?: string | undefined;
  q?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  limit?: number | undefined;
}

export async function findStores(db: D1Database, search: StoreSearch): Promise<Store[]> {
  const { results } = await db
    .prepare(
      // instr, not LIKE: the shopper's words are matched as written (no wildcards), and D1 refuses a LIKE
      // pattern over 50 bytes, which a search of 49 characters would build.
      `SELECT * FROM stores WHERE (?1 IS NULL OR site_id = ?1) AND (?2 IS NULL OR country_code = ?2)
       AND (?3 IS NULL OR instr(LOWER(name), LOWER(?3)) OR instr(LOWER(city), LOWER(?3)) OR instr(LOWER(postal_code), LOWER(?3)))
       ORDER BY country_code, city, id`,
    )
    .bind(search.siteId ?? null, search.country ?? null, search.q || null)
    .all<StoreRow>();
  let stores = results.map(toStore);
  const { lat, lng } = search;
  if (lat !== undefined && lng !== undefined) {
    stores = stores.map((s) => ({ ...s, distanceKm: distanceKm(lat, lng, s.latitude, s.longitude) })).sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0));
  }
  return stores.slice(0, search.limit ?? 20);
}

export interface StoreInventory {
  storeId: string;
  quantity: number;
  variants: Record<string, number>;
}

/** Units of a product (a variant id, or every variant of a colour-level id) in each named store. */
export async function storeInventory(db: D1Database, productId: string, storeIds: readonly string[]): Promise<StoreInventory[] | null> {
  const [variants, stock] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT id FROM variants WHERE product_id = ?1 OR id = ?1').bind(productId),
    db
      .prepare(
        `SELECT si.store_id, si.variant_id, si.quantity FROM store_inventory si JOIN variants v ON v.id = si.variant_id
         WHERE (v.product_id = ?1 OR v.id = ?1) AND si.store_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(productId, JSON.stringify(storeIds)),
  ]);
  if (!variants?.results.length) return null;
  const byStore = new Map<string, StoreInventory>(storeIds.map((id) => [id, { storeId: id, quantity: 0, variants: {} }]));
  for (const row of (stock?.results ?? []) as { store_id: string; variant_id: string; quantity: number }[]) {
    const entry = byStore.get(row.store_id);
    if (!entry) continue;
    entry.quantity += row.quantity;
    entry.variants[row.variant_id] = row.quantity;
  }
  return [...byStore.values()];
}

export async function knownStoreIds(db: D1Database, storeIds: readonly string[]): Promise<Set<string>> {
  const { results } = await db
    .prepare('SELECT id FROM stores WHERE id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify(storeIds))
    .all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}

/** Every store of a site, by city then name: the store finder's list when nothing is searched. */
export async function storesOfSite(db: D1Database, siteId: string): Promise<Store[]> {
  const { results } = await db.prepare('SELECT * FROM stores WHERE site_id = ?1 ORDER BY city, name').bind(siteId).all<StoreRow>();
  return results.map(toStore);
}

/** A store of the site, or null (another site's store is not found here). */
export async function storeOfSite(db: D1Database, siteId: string, storeId: string): Promise<Store | null> {
  const row = await db.prepare('SELECT * FROM stores WHERE id = ?1 AND site_id = ?2').bind(storeId, siteId).first<StoreRow>();
  return row ? toStore(row) : null;
}
