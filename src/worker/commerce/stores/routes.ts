// Stores API (account-content §7, Stores): stores near a place, with a variant's stock in each, and
// pickup points near a place. Answers to a POST: not stored on the way.

import { Hono } from 'hono';
import * as v from 'valibot';
import { CollectionPointsBody, StoreSearchBody } from '../../../shared/schema/stores.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { geocoderFor } from './geocoder.ts';
import { searchCollectionPoints, searchStores } from './search.ts';
import { type StoreRow, toStore } from './service.ts';

// Here rather than in the shared schema, which the browser's bundles carry: only the worker reads a store id.
const StoreIdParams = v.object({ storeId: v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{4}$/, 'A store id is two letters, a dash and four digits (US-0012).')) });

export const storeRoutes = new Hono<AppEnv>()
  // One store, of any site (STR404 for an id no store has).
  .get('/stores/v1/stores/:storeId', valid('param', StoreIdParams), async (c) => {
    const row = await c.env.DB.prepare('SELECT * FROM stores WHERE id = ?1').bind(c.req.valid('param').storeId).first<StoreRow>();
    if (!row) throw new HttpError('STR404', `No store ${c.req.valid('param').storeId}.`);
    return c.json(envelope(c, { store: toStore(row) }));
  })
  .post('/stores/v1/search', valid('json', StoreSearchBody), async (c) => {
    const body = c.req.valid('json');
    const found = await searchStores(
      c.env.DB,
      apiLocale(c, {}),
      body,
      body.productId ? { id: body.productId, qty: body.qty } : undefined,
      geocoderFor(c.env, c.get('logger')),
    );
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { total: found.stores.length, origin: found.origin, stores: found.stores }));
  })
  .post('/stores/v1/collectionPoints', valid('json', CollectionPointsBody), async (c) => {
    const points = await searchCollectionPoints(c.env.DB, apiLocale(c, {}), c.req.valid('json'), geocoderFor(c.env, c.get('logger')));
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { total: points.length, collectionPoints: points }));
  });
