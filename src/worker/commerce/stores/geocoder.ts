// Where a postal code or a city is, for the store finder (search.ts). The postal table (postal-areas.ts) is
// the local default; with GEOCODING_SERVICE=mapbox, Mapbox's geocoding places them more finely and knows the
// cities the table does not. A store finder must still answer: a remote geocoder that fails or is slow leaves
// the table's answer, and is not asked again for a while; what it answers is kept, since places do not move.

import { isolateMap } from '../../lib/isolate-memory.ts';
import type { Logger } from '../../lib/logger.ts';
import { mapboxGeocoder } from './mapbox-geocoder.ts';
import { locatePostalCode } from './postal-areas.ts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A postal code, or else a city, in one country. */
export interface PlaceQuery {
  postalCode?: string | undefined;
  city?: string | undefined;
}

export interface Geocoder {
  readonly name: string;
  /** Where the place is in the country (ISO 3166-1 alpha-2), or null when the geocoder knows no such place. */
  locate(countryCode: string, query: PlaceQuery, signal?: AbortSignal): Promise<Coordinates | null>;
}

/** The store finder's own table: postal codes only, by their leading characters. */
export const postalTableGeocoder: Geocoder = {
  name: 'postal-table',
  locate: async (countryCode, query) => (query.postalCode ? locatePostalCode(countryCode, query.postalCode) : null),
};

/** A shopper waits this long for the remote geocoder before the table answers. */
export const GEOCODER_TIMEOUT_MS = 1_500;

/** Answers are kept a day per isolate, found or not: a postal code does not move, and a search repeats them. */
const PLACE_MS = 24 * 60 * 60_000;
const PLACES_MAX = 2_000;
const places = isolateMap<string, { at: number; found: Coordinates | null }>();

/** After a failure the remote geocoder rests: each search would otherwise wait out its timeout. */
const RESTING_MS = 30_000;
const resting = isolateMap<string, number>();

function deadline(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('the geocoder timed out')), { once: true }));
}

export interface FallbackOptions {
  timeoutMs?: number;
  logger?: Logger | undefined;
  now?: () => number;
}

/**
 * The remote geocoder, remembered, with `local` answering whenever it cannot: when it fails, times out, rests
 * after a failure, or knows no such place (the table's coarse area still ranks the nearby stores).
 */
export function withFallback(remote: Geocoder, local: Geocoder, options: FallbackOptions = {}): Geocoder {
  const { timeoutMs = GEOCODER_TIMEOUT_MS, logger, now = Date.now } = options;
  return {
    name: remote.name,
    async locate(countryCode, query) {
      const place = query.postalCode ? `postal:${query.postalCode.toUpperCase().replace(/[^A-Z0-9]/g, '')}` : `city:${query.city?.trim().toLowerCase() ?? ''}`;
      const key = `${remote.name}:${countryCode}:${place}`;
      const kept = places.get(key);
      if (kept && now() - kept.at < PLACE_MS) return kept.found ?? local.locate(countryCode, query);
      if ((resting.get(remote.name) ?? 0) > now()) return local.locate(countryCode, query);
      let found: Coordinates | null;
      try {
        const signal = AbortSignal.timeout(timeoutMs);
        // Raced as well as passed on: the deadline holds even against a geocoder that does not heed the signal.
        found = await Promise.race([remote.locate(countryCode, query, signal), deadline(signal)]);
      } catch (error) {
        resting.set(remote.name, now() + RESTING_MS);
        logger?.warn('geocoder.failed', { geocoder: remote.name, countryCode, error });
        return local.locate(countryCode, query);
      }
      if (places.size >= PLACES_MAX) places.delete(places.keys().next().value as string);
      places.set(key, { at: now(), found });
      return found ?? local.locate(countryCode, query);
    },
  };
}

export interface GeocodingEnv {
  GEOCODING_SERVICE?: string | undefined;
  MAPBOX_TOKEN?: string | undefined;
}

/** Mapbox when GEOCODING_SERVICE=mapbox and its token is set, falling back to the table; the table otherwise. */
export function geocoderFor(env: GeocodingEnv, logger?: Logger): Geocoder {
  if (env.GEOCODING_SERVICE === 'mapbox' && env.MAPBOX_TOKEN) return withFallback(mapboxGeocoder(env.MAPBOX_TOKEN), postalTableGeocoder, { logger });
  return postalTableGeocoder;
}
