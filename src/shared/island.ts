// Island markers: attribute names and hydration strategies, one definition for the server and the client.

export const ISLAND_ATTR = 'data-island';
export const ISLAND_PROPS_ATTR = 'data-props';
export const ISLAND_HYDRATE_ATTR = 'data-hydrate';
export const STATE_SCRIPT_ID = '__STATE__';

/** When an island's code loads: at once, when the browser is idle, when scrolled into view, or on first use. */
export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';

const ISLAND_NAMES = ['cart-count', 'product-picker', 'listing-filters', 'search-suggest', 'consent-banner'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** The server's snapshot that seeds the client stores, so islands need no fetch to hydrate. */
export interface PageState {
  locale: string;
  localeTag: string;
  brand: string;
  /** Page type for analytics (account-content §2). */
  pageType: string;
  cart: { totalItems: number };
  /** Analytics may run only where C0002 allows (account-content §6). */
  analytics: { allowed: boolean; impressions: Record<string, string>[] };
}

/** JSON that is safe inside a <script> element or an attribute. */
export function serializeForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
