// What both the worker and the seed say of reviews: the name Cairn answers questions under, by language.

import type { Lang } from '../../../shared/locale/sites.ts';

export const BRAND_ANSWERER: Record<Lang, string> = {
  en: 'Cairn customer service',
  fr: 'Service client Cairn',
  de: 'Cairn Kundenservice',
  it: 'Servizio clienti Cairn',
};
