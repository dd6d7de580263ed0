// Popular searches (the store services issue, §4): every search that found products counts its term, once
// the page has been answered; the search hub lists the most searched of the reader's language. An isolate
// tallies its searches and writes the tally in one batch at most every WRITE_EVERY_MS (the first search after a
// quiet spell at once): a write per search was 8% of a search page's CPU in a profile under load. Counts an
// isolate holds when it is evicted are lost; a popularity ranking can spare them.

import type { Lang } from '../../../shared/locale/sites.ts';
import { isolateMap, onForget } from '../../lib/isolate-memory.ts';
import type { Logger } from '../../lib/logger.ts';

const WRITE_EVERY_MS = 5_000;
const tally = isolateMap<string, { lang: Lang; term: string; searches: number }>();
let lastWrite = 0;
onForget(() => {
  lastWrite = 0;
});

const TERM_MAX = 40;

/** The term as counted: lower case, single spaces; null for one not worth keeping (too long, digits only). */
export function countableTerm(q: string): string | null {
  const term = q.toLowerCase().replace(/\s+/g, ' ').trim();
  if (term.length < 2 || term.length > TERM_MAX || /^[\d\s+-]+$/.test(term) || term.includes('@')) return null;
  return term;
}

function countStatement(db: D1Database, lang: Lang, term: string, searches: number, at: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO search_terms (lang, term, searches, last_searched_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (lang, term) DO UPDATE SET searches = searches + excluded.searches, last_searched_at = excluded.last_searched_at`,
    )
    .bind(lang, term, searches, at);
}

/**
 * Counts one search of the term. Answers the write when the tally is due to be written (to be waited for after
 * the answer), else null. A write that fails puts its counts back for the next one.
 */
export function countSearch(db: D1Database, lang: Lang, term: string, now = Date.now()): Promise<void> | null {
  const key = `${lang}|${term}`;
  const counted = tally.get(key);
  if (counted) counted.searches++;
  else tally.set(key, { lang, term, searches: 1 });
  // A clock that went back (another isolate's, a test's) counts as due, rather than holding counts until it catches up.
  if (now >= lastWrite && now - lastWrite < WRITE_EVERY_MS) return null;
  lastWrite = now;
  const rows = [...tally.values()];
  tally.clear();
  const at = new Date(now).toISOString();
  return db.batch(rows.map((row) => countStatement(db, row.lang, row.term, row.searches, at))).then(
    () => undefined,
    (error: unknown) => {
      for (const row of rows) {
        const waiting = tally.get(`${row.lang}|${row.term}`);
        if (waiting) waiting.searches += row.searches;
        else tally.set(`${row.lang}|${row.term}`, row);
      }
      throw error;
    },
  );
}

/** Counts the search once the answer has gone, as countSearch says; a failed write is logged, its counts kept. */
export function countSearchAfterAnswer(db: D1Database, ctx: Pick<ExecutionContext, 'waitUntil'>, logger: Logger, lang: Lang, term: string): void {
  const write = countSearch(db, lang, term);
  if (write) ctx.waitUntil(write.catch((error) => logger.warn('search.count_failed', { error })));
}

export async function popularSearches(db: D1Database, lang: Lang, limit = 10): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT term FROM search_terms WHERE lang = ?1 ORDER BY searches DESC, term LIMIT ?2')
    .bind(lang, limit)
    .all<{ term: string }>();
  return results.map((row) => row.term);
}
