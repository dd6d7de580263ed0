// Mapbox's Geocoding API (v6, forward geocoding with structured input) as the store finder's geocoder
// (geocoder.ts): a postal code as a `postcode`, a city as a `place`, within the site's country, its best match
// only. Answers are kept between shoppers (geocoder.ts), which Mapbox allows for permanent geocoding only,
// hence permanent=true (the account must have it). The token travels in the query string, as Mapbox requires,
// so no URL of these calls is ever logged.

import type { Coordinates, Geocoder } from './geocoder.ts';

export const MAPBOX_FORWARD = 'https://api.mapbox.com/search/geocode/v6/forward';

interface MapboxFeature {
  geometry?: { coordinates?: number[] };
  properties?: { coordinates?: { longitude?: number; latitude?: number } };
}

function coordinatesOf(feature: MapboxFeature): Coordinates | null {
  const [longitude, latitude] = feature.geometry?.coordinates ?? [feature.properties?.coordinates?.longitude, feature.properties?.coordinates?.latitude];
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { latitude, longitude };
}

export function mapboxGeocoder(token: string, fetcher: typeof fetch = fetch): Geocoder {
  return {
    name: 'mapbox',
    async locate(countryCode, query, signal) {
      const params = new URLSearchParams({ country: countryCode.toLowerCase(), limit: '1', autocomplete: 'false', permanent: 'true' });
      if (query.postalCode?.trim()) params.set('postcode', query.postalCode.trim());
      else if (query.city?.trim()) params.set('place', query.city.trim());
      else return null;
      // Only a match of the kind asked for: a postal code Mapbox does not know must not come back as its region.
      params.set('types', query.postalCode?.trim() ? 'postcode' : 'place,locality');
      params.set('access_token', token);
      let response: Response;
      try {
        response = await fetcher(`${MAPBOX_FORWARD}?${params}`, { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
      } catch (error) {
        throw new Error(`Mapbox geocoding: ${error instanceof Error ? error.name : 'network error'}`);
      }
      if (!response.ok) throw new Error(`Mapbox geocoding answered ${response.status}`);
      const body = (await response.json()) as { features?: MapboxFeature[] };
      const feature = body.features?.[0];
      return feature ? coordinatesOf(feature) : null;
    },
  };
}
