// Italian UI strings. Partial by design: missing keys fall back to English.

import type { MessageKey } from './en.ts';

export const it: Partial<Record<MessageKey, string>> = {
  'header.search': 'Cerca',
  'header.account': 'Account',
  'header.cart': 'Carrello',
  'breadcrumb.home': 'Home',
  'listing.sort': 'Ordina per',
  'listing.filters': 'Filtri',
  'product.size': 'Taglia',
  'product.colour': 'Colore',
};
