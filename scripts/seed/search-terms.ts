// Popular searches a fresh store starts with, per language: what shoppers of an outdoor brand type most,
// with counts that fall off the way search logs do. Each term finds products in the seeded catalog.

import { SEED_TODAY } from './model.ts';
import type { SeedData } from './tables.ts';

export const SEARCH_TERM_TABLE_ORDER = ['search_terms'] as const;

const TERMS: Record<'en' | 'fr' | 'de' | 'it', readonly string[]> = {
  en: ['waterproof boots', 'hiking boots', 'rain jacket', 'sandals', 'fleece', 'wool socks', 'chukka', 'trail runner', 'parka', 'beanie'],
  fr: ['bottes', 'randonnée', 'veste', 'sandales', 'polaire', 'chaussettes', 'chukka', 'parka', 'bonnet', 'sneakers'],
  de: ['boots', 'hiker', 'jacket', 'sandal', 'fleece', 'socks', 'chukka', 'parka', 'beanie', 'sneaker'],
  it: ['boots', 'hiker', 'jacket', 'sandal', 'fleece', 'socks', 'parka', 'chukka', 'sneaker', 'beanie'],
};

export function buildSearchTerms(): SeedData {
  const rows = Object.entries(TERMS).flatMap(([lang, terms]) =>
    terms.map((term, i) => ({ lang, term, searches: Math.round(1200 / (i + 1) ** 0.9), last_searched_at: `${SEED_TODAY}T12:00:00.000Z` })),
  );
  return { search_terms: rows };
}
