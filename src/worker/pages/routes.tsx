// Page routes under the locale prefix; everything else without one is sent to the visitor's locale.

import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { localeRedirect } from '../middleware/locale.ts';
import { categoryRoute } from './category/route.tsx';
import { notFoundPage } from './errors/not-found.tsx';
import { homeRoute } from './home/route.tsx';
import { productRoute } from './product/route.tsx';
import { searchRoute } from './search/route.tsx';

const LOCALE = ':locale{[a-z]{2}-[a-z]{2}}';

export const pageRoutes = new Hono<AppEnv>();

pageRoutes.use(`/${LOCALE}/*`, async (c, next) => {
  // A locale-shaped prefix the store does not serve ("/en-au/...") goes to the visitor's own locale.
  if (c.get('locale').code !== c.req.param('locale')?.toLowerCase()) return localeRedirect(c);
  await next();
});
pageRoutes.get(`/${LOCALE}`, homeRoute);
pageRoutes.get(`/${LOCALE}/c/:segment`, categoryRoute);
pageRoutes.get(`/${LOCALE}/p/:segment`, productRoute);
pageRoutes.get(`/${LOCALE}/search`, searchRoute);
pageRoutes.get(`/${LOCALE}/*`, notFoundPage);
pageRoutes.get('*', localeRedirect);
