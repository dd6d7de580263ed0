// What every part of a page may read: locale, translator, navigation tree and the request's path.

import { createContext, useContext } from 'react';
import type { Translate } from '../../shared/i18n/format.ts';
import type { Locale } from '../../shared/locale/sites.ts';
import type { ImageDelivery } from '../../shared/media/image-delivery.ts';
import type { CategoryResource } from '../commerce/catalog/resources.ts';
import type { Chrome } from './layout/chrome.tsx';

export interface PageContextValue {
  locale: Locale;
  t: Translate;
  nav: CategoryResource[];
  /** Navigation and footer markup shared by every page of the locale. */
  chrome: Chrome;
  /** The published mega menu for wide screens and phones, when the CMS has one; else the category navigation. */
  menu: { desktop: string; mobile: string } | null;
  /** Path without the query, for links that keep the current page. */
  pathname: string;
  /** The search box keeps the shopper's query on the results page. */
  searchQuery: string;
  cartCount: number;
  /** How shoppers' photos are requested (image-delivery.ts). */
  imageDelivery: ImageDelivery;
  /** CSP nonce for the page's inline scripts (JSON-LD, state). */
  nonce: string;
  /** Absolute origin, for structured data URLs. */
  origin: string;
  /** Logs a part of the page that failed to render and was left out, with the request's correlation id. */
  reportError: (part: string, error: unknown) => void;
}

const PageContext = createContext<PageContextValue | null>(null);
export const PageContextProvider = PageContext.Provider;

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage needs a PageContextProvider above it');
  return value;
}
