// The standard headers (commerce-core §7) of a call from the browser, from what the page says of its
// locale and site: the browser never loads the sites table just to name them.

import { standardHeaders } from '../shared/standard-headers.ts';
import { pageState } from './stores/snapshot.ts';

export function browserHeaders(): Record<string, string> {
  const state = pageState();
  return state
    ? standardHeaders({ locale: { code: state.locale, site: state.site }, brand: state.brand, clientApp: 'storefront-web', trackingChannel: 'web' })
    : {};
}
