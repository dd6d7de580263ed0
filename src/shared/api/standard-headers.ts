// The standard header set of every outbound call (commerce-core §7), one definition for both sides.

import type { Locale } from '../locale/sites.ts';

const SOURCE = 'ECOM15';
const CHANNEL = 'ECOMM';

export interface StandardHeaderInput {
  locale: { code: Locale['code']; site: Pick<Locale['site'], 'id' | 'region'> };
  brand: string;
  /** Which client calls: "storefront-web" from the browser, the app id from the worker. */
  clientApp: string;
  /** Anonymous session id, when the visitor has one. */
  usid?: string | undefined;
  /** Present when tracking is on: web or mobile-app. */
  trackingChannel?: 'web' | 'mobile-app';
}

export function standardHeaders(input: StandardHeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-locale': input.locale.code,
    'x-correlation-id': crypto.randomUUID(),
    'x-site-id': input.locale.site.id,
    'x-channel': CHANNEL,
    'x-brand': input.brand,
    'x-region': input.locale.site.region,
    'x-source': SOURCE,
    'x-client-app': input.clientApp,
  };
  if (input.usid) headers['x-usid'] = input.usid;
  if (input.trackingChannel) headers['x-tracking-channel'] = input.trackingChannel;
  return headers;
}
