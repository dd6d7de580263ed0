// Island name -> the module that brings it to life. Vanilla islands export mount(); React islands a component.

import type { IslandName } from '../../shared/island.ts';

export type IslandModule = { mount: (element: HTMLElement, props: never) => void } | { default: (props: never) => unknown };

export const islands: Record<IslandName, () => Promise<IslandModule>> = {
  'cart-count': () => import('./cart-count/cart-count.ts'),
  'search-suggest': () => import('./search-suggest/search-suggest.ts'),
  'listing-filters': () => import('./listing-filters/listing-filters.ts'),
  'product-picker': () => import('./product-picker/ProductPicker.tsx'),
  'consent-banner': () => import('./consent-banner/consent-banner.ts'),
  'account-link': () => import('./account-link/account-link.ts'),
  'favorite-toggle': () => import('./favorite-toggle/favorite-toggle.ts'),
  'notify-me': () => import('./notify-me/notify-me.ts'),
  'save-card': () => import('./save-card/save-card.ts'),
  checkout: () => import('./checkout/Checkout.tsx'),
};
