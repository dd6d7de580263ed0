// German UI strings. Partial by design: missing keys fall back to English.

import type { MessageKey } from './en.ts';

export const de: Partial<Record<MessageKey, string>> = {
  'header.search': 'Suche',
  'header.account': 'Konto',
  'header.cart': 'Warenkorb',
  'breadcrumb.home': 'Startseite',
  'listing.sort': 'Sortieren nach',
  'listing.filters': 'Filter',
  'product.size': 'Größe',
  'product.colour': 'Farbe',
};
