// Store and pickup-point searches (account-content §7, Stores): by postal code, city or coordinates,
// optionally with a variant whose stock in each store the answer shows.

import * as v from 'valibot';
import { messages } from './messages.ts';

const coordinate = (name: string, limit: number) =>
  v.pipe(v.number(`${name} is a number.`), v.minValue(-limit, messages.minValue(-limit)), v.maxValue(limit, messages.maxValue(limit)));

const place = {
  postalCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(12, messages.maxLength(12)))),
  city: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, messages.maxLength(80)))),
  latitude: v.optional(coordinate('latitude', 90)),
  longitude: v.optional(coordinate('longitude', 180)),
  radiusKm: v.optional(v.pipe(v.number('radiusKm is a number.'), v.minValue(1, messages.minValue(1)), v.maxValue(500, messages.maxValue(500))), 100),
  limit: v.optional(
    v.pipe(
      v.number('limit is a whole number.'),
      v.integer('limit is a whole number.'),
      v.minValue(1, messages.minValue(1)),
      v.maxValue(50, messages.maxValue(50)),
    ),
    10,
  ),
};

const somewhere = <T extends { postalCode?: string | undefined; city?: string | undefined; latitude?: number | undefined; longitude?: number | undefined }>(
  body: T,
) => Boolean(body.postalCode || body.city || (body.latitude !== undefined && body.longitude !== undefined));

export const StoreSearchBody = v.pipe(
  v.object({
    ...place,
    /** A variant: each store says how many it has, and whether it can be picked up today. */
    productId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{9,11}$/, 'productId is a variant id.'))),
    qty: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, messages.minValue(1))), 1),
  }),
  v.check(somewhere, 'Say where: a postal code, a city, or latitude and longitude.'),
  v.check((body) => (body.latitude === undefined) === (body.longitude === undefined), 'latitude and longitude must be given together.'),
);

export const CollectionPointsBody = v.pipe(
  v.object(place),
  v.check(somewhere, 'Say where: a postal code, a city, or latitude and longitude.'),
  v.check((body) => (body.latitude === undefined) === (body.longitude === undefined), 'latitude and longitude must be given together.'),
);
