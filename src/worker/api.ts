// The service API under /api: every read endpoint of the spec, mounted in one chain so hono/client sees its types.

import { Hono } from 'hono';
import { catalogRoutes } from './commerce/catalog/routes.ts';
import { utilityRoutes } from './commerce/utilities/routes.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './lib/http-error.ts';

export const apiRoutes = new Hono<AppEnv>()
  .route('/', catalogRoutes)
  .route('/', utilityRoutes)
  .all('*', (c) => {
    throw new HttpError('API404', `No API endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`);
  });

export type ApiRoutes = typeof apiRoutes;
