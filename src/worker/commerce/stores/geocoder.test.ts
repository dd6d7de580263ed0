// The store finder's geocoders: Mapbox's forward geocoding against its documented answer, with fetch
// intercepted, and the fallback around it: answers kept, the postal table answering when Mapbox fails, is
// slow or rests after a failure, and what the configuration picks.

import { afterEach, describe, expect, it } from 'vitest';
import { forgetIsolateMemory } from '../../lib/isolate-memory.ts';
import { createLogger } from '../../lib/logger.ts';
import { type Geocoder, geocoderFor, postalTableGeocoder, withFallback } from './geocoder.ts';
import { MAPBOX_FORWARD, mapboxGeocoder } from './mapbox-geocoder.ts';
import { locatePostalCode } from './postal-areas.ts';

/** A Geocoding v6 answer with one feature (a GeoJSON FeatureCollection; coordinates are longitude first). */
const found = (longitude: number, latitude: number, featureType = 'postcode') => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'dXJuOm1ieHBsYzpBVEVKN0E',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: {
        mapbox_id: 'dXJuOm1ieHBsYzpBVEVKN0E',
        feature_type: featureType,
        name: '80302',
        coordinates: { longitude, latitude },
        context: { country: { name: 'United States', country_code: 'US' } },
      },
    },
  ],
  attribution: 'NOTICE: © 2026 Mapbox and its suppliers.',
});

function mapboxAnswering(respond: () => Response | Promise<Response>) {
  const seen: URL[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    seen.push(new URL(String(input)));
    return respond();
  }) as typeof fetch;
  return { geocoder: mapboxGeocoder('pk.test-token', fetcher), seen };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Mapbox geocoding', () => {
  it('places a postal code in the country, asking for postcodes only', async () => {
    const { geocoder, seen } = mapboxAnswering(() => json(found(-105.27, 40.02)));
    expect(await geocoder.locate('US', { postalCode: '80302' })).toEqual({ latitude: 40.02, longitude: -105.27 });
    const url = seen[0] as URL;
    expect(`${url.origin}${url.pathname}`).toBe(MAPBOX_FORWARD);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      postcode: '80302',
      country: 'us',
      types: 'postcode',
      limit: '1',
      autocomplete: 'false',
      permanent: 'true',
      access_token: 'pk.test-token',
    });
  });

  it('places a city as a place', async () => {
    const { geocoder, seen } = mapboxAnswering(() => json(found(-0.1276, 51.5072, 'place')));
    expect(await geocoder.locate('GB', { city: ' London ' })).toEqual({ latitude: 51.5072, longitude: -0.1276 });
    expect([seen[0]?.searchParams.get('place'), seen[0]?.searchParams.get('types'), seen[0]?.searchParams.has('postcode')]).toEqual([
      'London',
      'place,locality',
      false,
    ]);
  });

  it('answers null for a place it does not know, and asks nothing for an empty one', async () => {
    const { geocoder, seen } = mapboxAnswering(() => json({ type: 'FeatureCollection', features: [], attribution: '' }));
    expect(await geocoder.locate('US', { postalCode: '00000' })).toBeNull();
    expect(await geocoder.locate('US', { city: '  ' })).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('fails on an error answer or no answer, without the token in what it says', async () => {
    const refused = mapboxAnswering(() => json({ message: 'Not Authorized - Invalid Token' }, 401)).geocoder.locate('US', { postalCode: '80302' });
    await expect(refused).rejects.toThrow('Mapbox geocoding answered 401');
    const down = mapboxAnswering(() => {
      throw new TypeError('fetch failed: https://api.mapbox.com/...access_token=pk.test-token');
    }).geocoder.locate('US', { postalCode: '80302' });
    await expect(down).rejects.toThrow(/^Mapbox geocoding: TypeError$/);
  });
});

/** A remote geocoder whose answers the test sets, counting its calls. */
function remote(answer: () => Promise<{ latitude: number; longitude: number } | null>) {
  const calls: string[] = [];
  const geocoder: Geocoder = {
    name: 'remote',
    locate: (country, query) => {
      calls.push(`${country}:${query.postalCode ?? query.city}`);
      return answer();
    },
  };
  return { geocoder, calls };
}

const TABLE_80302 = locatePostalCode('US', '80302');
const quiet = createLogger({ test: 'geocoder' });
const silent = { ...quiet, warn: () => {} };

describe('a remote geocoder with the postal table behind it', () => {
  // Answers and rests are kept per isolate, as in the worker: each test starts without them.
  afterEach(forgetIsolateMemory);

  it('answers with the remote geocoder and keeps the answer, however the code is written', async () => {
    const { geocoder, calls } = remote(async () => ({ latitude: 40.02, longitude: -105.27 }));
    const finder = withFallback(geocoder, postalTableGeocoder, { logger: silent });
    expect(await finder.locate('US', { postalCode: '80302' })).toEqual({ latitude: 40.02, longitude: -105.27 });
    expect(await finder.locate('US', { postalCode: ' 80302' })).toEqual({ latitude: 40.02, longitude: -105.27 });
    expect(await finder.locate('GB', { postalCode: 'sw1a 1aa' })).toEqual({ latitude: 40.02, longitude: -105.27 });
    expect(await finder.locate('GB', { postalCode: 'SW1A1AA' })).toEqual({ latitude: 40.02, longitude: -105.27 });
    expect(calls).toEqual(['US:80302', 'GB:sw1a 1aa']);
  });

  it('asks again once a kept answer is a day old', async () => {
    let now = 1_000_000;
    const { geocoder, calls } = remote(async () => ({ latitude: 1, longitude: 2 }));
    const finder = withFallback(geocoder, postalTableGeocoder, { logger: silent, now: () => now });
    await finder.locate('US', { city: 'Boulder' });
    now += 23 * 60 * 60_000;
    await finder.locate('US', { city: 'boulder' });
    now += 2 * 60 * 60_000;
    await finder.locate('US', { city: 'Boulder' });
    expect(calls).toEqual(['US:Boulder', 'US:Boulder']);
  });

  it('lets the table answer a code the remote geocoder does not know, and keeps that it does not', async () => {
    const { geocoder, calls } = remote(async () => null);
    const finder = withFallback(geocoder, postalTableGeocoder, { logger: silent });
    expect(await finder.locate('US', { postalCode: '80302' })).toEqual(TABLE_80302);
    expect(await finder.locate('US', { postalCode: '80302' })).toEqual(TABLE_80302);
    expect(await finder.locate('US', { city: 'Nowhere' })).toBeNull();
    expect(calls).toEqual(['US:80302', 'US:Nowhere']);
  });

  it('falls back to the table when the remote geocoder fails, and rests it thirty seconds', async () => {
    let now = 1_000_000;
    let down = true;
    const { geocoder, calls } = remote(async () => {
      if (down) throw new Error('Mapbox geocoding answered 503');
      return { latitude: 40.02, longitude: -105.27 };
    });
    const warned: unknown[] = [];
    const finder = withFallback(geocoder, postalTableGeocoder, {
      logger: { ...quiet, warn: (event, fields) => warned.push({ event, ...fields }) },
      now: () => now,
    });
    expect(TABLE_80302).not.toBeNull();
    expect(await finder.locate('US', { postalCode: '80302' })).toEqual(TABLE_80302);
    expect(warned).toMatchObject([{ event: 'geocoder.failed', geocoder: 'remote', countryCode: 'US' }]);
    down = false;
    now += 10_000;
    expect(await finder.locate('US', { postalCode: '80303' })).toEqual(locatePostalCode('US', '80303'));
    now += 30_000;
    expect(await finder.locate('US', { postalCode: '80302' })).toEqual({ latitude: 40.02, longitude: -105.27 });
    // The failure was not kept as an answer, and the rest spared the second search a call.
    expect(calls).toEqual(['US:80302', 'US:80302']);
  });

  it('falls back to the table when the remote geocoder is too slow, even one that ignores the deadline', async () => {
    const { geocoder } = remote(() => new Promise(() => {}));
    const finder = withFallback(geocoder, postalTableGeocoder, { logger: silent, timeoutMs: 30 });
    const started = Date.now();
    expect(await finder.locate('US', { postalCode: '80302' })).toEqual(TABLE_80302);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('aborts the remote call at the deadline', async () => {
    let aborted = false;
    const slow: Geocoder = {
      name: 'slow',
      locate: (_country, _query, signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason);
          }),
        ),
    };
    expect(await withFallback(slow, postalTableGeocoder, { logger: silent, timeoutMs: 20 }).locate('US', { postalCode: '80302' })).toEqual(TABLE_80302);
    expect(aborted).toBe(true);
  });
});

describe('the configured geocoder', () => {
  it('is Mapbox, with the table behind it, only when named and given its token', () => {
    expect(geocoderFor({}).name).toBe('postal-table');
    expect(geocoderFor({ GEOCODING_SERVICE: 'mapbox' })).toBe(postalTableGeocoder);
    expect(geocoderFor({ MAPBOX_TOKEN: 'pk.test-token' })).toBe(postalTableGeocoder);
    expect(geocoderFor({ GEOCODING_SERVICE: 'mapbox', MAPBOX_TOKEN: 'pk.test-token' }).name).toBe('mapbox');
  });

  it('the table places postal codes only', async () => {
    expect(await postalTableGeocoder.locate('US', { postalCode: '80302' })).toEqual(TABLE_80302);
    expect(await postalTableGeocoder.locate('US', { city: 'Boulder' })).toBeNull();
  });
});
