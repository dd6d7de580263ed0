// Popular searches (the store services issue, §4): every search that found products counts its term, once
// the page has been answered; the search hub lists the most searched of the reader's language.

import type { Lang } from '../../../shared/locale/sites.ts';

const TERM_MAX = 40;

/** The term as counted: lower case, single spaces; null for one not worth keeping (too long, digits only). */
export function countableTerm(q: string): string | null {
  const term = q.toLowerCase().replace(/\s+/g, ' ').trim();
  if (term.length < 2 || term.length > TERM_MAX || /^[\d\s+-]+$/.test(term) || term.includes('@')) return null;
  return term;
}

export function countSearchStatement(db: D1Database, lang: Lang, term: string, now = new Date()): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO search_terms (lang, term, searches, last_searched_at) VALUES (?1, ?2, 1, ?3)
       ON CONFLICT (lang, term) DO UPDATE SET searches = searches + 1, last_searched_at = excluded.last_searched_at`,
    )
    .bind(lang, term, now.toISOString());
}

export async function popularSearches(db: D1Database, lang: Lang, limit = 10): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT term FROM search_terms WHERE lang = ?1 ORDER BY searches DESC, term LIMIT ?2')
    .bind(lang, limit)
    .all<{ term: string }>();
  return results.map((row) => row.term);
}
