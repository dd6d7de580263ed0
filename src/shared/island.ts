// Islands: attribute names, hydration strategies and the one list of islands with what each one is, a
// definition the server, the client entry and the build all read.

import type { MessageSubset } from './i18n/format.ts';
import type { Site } from './locale/sites.ts';

export const ISLAND_ATTR = 'data-island';
export const ISLAND_PROPS_ATTR = 'data-props';
export const ISLAND_HYDRATE_ATTR = 'data-hydrate';
/** On a control outside an island (a header mini-cart button): interacting with it wakes the named island. */
export const ISLAND_WAKE_ATTR = 'data-island-wake';
export const STATE_SCRIPT_ID = '__STATE__';

/** When an island's code loads: at once, when the browser is idle, when scrolled into view, or on first use. */
export type HydrateStrategy = 'load' | 'idle' | 'visible' | 'interaction';

/**
 * A vanilla island is a module exporting mount(element, props), a few hundred bytes, reading the server's
 * markup. A React island is a component hydrated over that markup, inside the same I18nProvider it was
 * rendered in, translating the keys island-messages.ts lists for it (carried once per page in its state).
 */
export interface IslandDefinition {
  kind: 'vanilla' | 'react';
}

export const ISLANDS = {
  'cart-count': { kind: 'vanilla' },
  'search-suggest': { kind: 'vanilla' },
  'listing-filters': { kind: 'vanilla' },
  'consent-banner': { kind: 'vanilla' },
  'account-link': { kind: 'vanilla' },
  'favorite-toggle': { kind: 'vanilla' },
  'notify-me': { kind: 'vanilla' },
  'save-card': { kind: 'vanilla' },
  'product-picker': { kind: 'react' },
  checkout: { kind: 'react' },
} as const satisfies Record<string, IslandDefinition>;

export type IslandName = keyof typeof ISLANDS;
export type ReactIslandName = { [N in IslandName]: (typeof ISLANDS)[N]['kind'] extends 'react' ? N : never }[IslandName];

export function isReactIsland(name: IslandName): boolean {
  return ISLANDS[name].kind === 'react';
}

/** The server's snapshot that seeds the client stores, so islands need no fetch to hydrate. */
export interface PageState {
  locale: string;
  localeTag: string;
  /** The locale's site, for the standard headers of the browser's API calls (without the sites table). */
  site: Pick<Site, 'id' | 'region'>;
  brand: string;
  /** Page type for analytics (account-content §2). */
  pageType: string;
  cart: { totalItems: number };
  /**
   * The experiences the page shows, for analytics. Whether they may be reported (C0002, account-content §6)
   * the browser reads from the consent cookie (client/analytics-consent.ts): the page is the same for every
   * choice, so the page cache keeps one copy of it, not one per choice.
   */
  analytics: { impressions: Record<string, string>[] };
  /** What the page's React islands translate, in the page's language. */
  messages: MessageSubset;
  /** Turnstile's site key when the bot check runs in the browser; absent locally. */
  botSiteKey?: string;
  /** Set on a store that is not production: calls may be answered by mock mode (client/mock-mode.ts). */
  mockable?: true;
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
