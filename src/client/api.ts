// Typed client for /api (hono/client) with the standard header set. The import of the route types is
// type-only: no worker code ships to the browser.

import { hc } from 'hono/client';
import { findLocale } from '../shared/sites.ts';
import { standardHeaders } from '../shared/standard-headers.ts';
import type { ApiRoutes } from '../worker/api.ts';
import { pageState } from './stores/snapshot.ts';

const CLIENT_APP = 'storefront-web';

export const api = hc<ApiRoutes>('/api', {
  headers: () => {
    const locale = findLocale(pageState()?.locale);
    return locale ? standardHeaders({ locale, brand: pageState()?.brand ?? '', clientApp: CLIENT_APP, trackingChannel: 'web' }) : {};
  },
});
