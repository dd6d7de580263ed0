// Cached pages in the Cache API under explicit keys (key.ts), with a short-lived copy of the
// hot ones in the isolate's memory: a hit then costs no round trip to the cache. An entry keeps its own
// freshness: served fresh for FRESH_SECONDS, then served stale while a new copy renders for
// STALE_WHILE_REVALIDATE more, then kept only to answer when rendering fails, for STALE_IF_ERROR. A purge
// (purge-queue.ts) removes entries long before, so the times only bound a purge that went missing. The
// isolate's copy is checked against the cache again after MEMORY_MS: a purge clears it at once in the isolate
// that asked for the purge (forgetTagged), and elsewhere within that time.

import type { PageDecisions } from '../../shared/personalisation/decisions.ts';
import { isolateMap } from '../lib/isolate-memory.ts';
import { type SlottedPage, slotted } from './nonce.ts';
import type { CountedSearch } from './request.ts';

export const FRESH_SECONDS = 120;
export const STALE_WHILE_REVALIDATE = 600;
export const STALE_IF_ERROR = 86_400;
const MEMORY_MS = 10_000;
/** Pages of 30 to 80 KB: the isolate keeps at most this many, the least recently used going first. */
const MEMORY_ENTRIES = 200;

const STORED_AT = 'x-page-stored-at';
const TAGS = 'cache-tag';
const COUNTED_SEARCH = 'x-page-counted-search';
/** On a page that personalises: the decisions it holds (naming the copies for other outcomes) and its own outcomes. */
const DECISIONS = 'x-page-decisions';
const OUTCOMES = 'x-page-outcomes';

export type Freshness = 'fresh' | 'stale' | 'error-only';

export interface CachedPage {
  /** The kept markup, cut at its nonce slots (nonce.ts). */
  page: SlottedPage;
  countedSearch: CountedSearch | null;
  freshness: Freshness;
  /** Seconds of freshness left; negative once stale. */
  ttl: number;
}

/** A page that personalises, as kept under its address's own key: which outcomes this copy is. */
export interface Personalised {
  decisions: PageDecisions;
  outcomes: string;
}

export interface AddressEntry {
  page: CachedPage;
  /** Null for a page that personalises nothing: the copy is everyone's. */
  personalised: Personalised | null;
}

interface Remembered {
  text: string;
  storedAt: number;
  tags: readonly string[];
  /** When this isolate last read it from (or wrote it to) the cache. */
  seenAt: number;
  /** A page's text cut at its slots, made on its first answer from this isolate. */
  slotted?: SlottedPage;
  countedSearch: CountedSearch | null;
  personalised: Personalised | null;
}

const memory = isolateMap<string, Remembered>();

function freshness(age: number): Freshness {
  if (age < FRESH_SECONDS) return 'fresh';
  return age < FRESH_SECONDS + STALE_WHILE_REVALIDATE ? 'stale' : 'error-only';
}

/** Workers' own cache of this data centre (the project's types also see the DOM's CacheStorage, which has no default). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

function keep(url: string, entry: Remembered): void {
  memory.delete(url);
  if (memory.size >= MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
  memory.set(url, entry);
}

/** An entry's text and when it was stored: from memory while recent, else from the cache (and remembered). */
async function read(url: string, now: number): Promise<Remembered | null> {
  const known = memory.get(url);
  if (known && now - known.seenAt < MEMORY_MS) {
    keep(url, known);
    return known;
  }
  const response = await edgeCache().match(url);
  if (!response) {
    memory.delete(url);
    return null;
  }
  // The same copy as this isolate holds (no purge or new rendering since): keep what was made from it.
  if (known && Number(response.headers.get(STORED_AT)) === known.storedAt) {
    await response.body?.cancel();
    known.seenAt = now;
    keep(url, known);
    return known;
  }
  // A copy that names its outcomes but not the decisions behind them cannot be matched to a visitor: a miss.
  if (response.headers.has(OUTCOMES) && !response.headers.has(DECISIONS)) {
    await response.body?.cancel();
    memory.delete(url);
    return null;
  }
  const entry: Remembered = {
    text: await response.text(),
    storedAt: Number(response.headers.get(STORED_AT)),
    tags: (response.headers.get(TAGS) ?? '').split(',').filter(Boolean),
    seenAt: now,
    countedSearch: JSON.parse(response.headers.get(COUNTED_SEARCH) ?? 'null') as CountedSearch | null,
    personalised: personalisedIn(response.headers),
  };
  keep(url, entry);
  return entry;
}

/** JSON a header can carry: a header value must be Latin-1, and a search term or a label may not be. */
function headerJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function page(entry: Remembered, now: number): CachedPage {
  const age = Math.max(0, Math.floor((now - entry.storedAt) / 1000));
  entry.slotted ??= slotted(entry.text);
  return { page: entry.slotted, freshness: freshness(age), ttl: FRESH_SECONDS - age, countedSearch: entry.countedSearch };
}

/**
 * Whether a rendering of a personalised page is kept under its address's key: when that key holds no copy,
 * one that personalises nothing, one of the same outcomes, or one whose decisions are no longer the page's
 * (a scheduled publish or a late content read changes them without a purge). Else it goes under its
 * outcomes' own key, which visitors find through the decisions the address's copy holds.
 */
export function keptUnderAddress(held: Personalised | null | undefined, rendered: Personalised): boolean {
  if (!held || held.outcomes === rendered.outcomes) return true;
  return JSON.stringify(held.decisions) !== JSON.stringify(rendered.decisions);
}

function personalisedIn(headers: Headers): Personalised | null {
  const decisions = headers.get(DECISIONS);
  const outcomes = headers.get(OUTCOMES);
  return decisions && outcomes !== null ? { decisions: JSON.parse(decisions) as PageDecisions, outcomes } : null;
}

/**
 * The copy under a page's address's own key, one read for any page: everyone's copy for a page that
 * personalises nothing (most pages), else the first rendering kept, with the decisions that name the key of
 * the copy for any other outcomes (pageKey).
 */
export async function readEntry(url: string, now = Date.now()): Promise<AddressEntry | null> {
  const entry = await read(url, now);
  return entry ? { page: page(entry, now), personalised: entry.personalised } : null;
}

/** The copy for one set of outcomes of a page that personalises. */
export async function readPage(url: string, now = Date.now()): Promise<CachedPage | null> {
  const entry = await read(url, now);
  return entry ? page(entry, now) : null;
}

/** Keeps a page; under its address's own key, a page that personalises keeps its decisions with it. */
export async function writePage(
  url: string,
  html: string,
  tags: readonly string[],
  options: { countedSearch?: CountedSearch | null; personalised?: Personalised | null; now?: number } = {},
): Promise<void> {
  const { countedSearch = null, personalised = null, now = Date.now() } = options;
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    // Never a cookie; tags for a purge; as long as the Cache API may keep it.
    'Cache-Control': `public, max-age=${FRESH_SECONDS + STALE_WHILE_REVALIDATE + STALE_IF_ERROR}`,
    [TAGS]: tags.join(','),
    [STORED_AT]: String(now),
  });
  if (countedSearch) headers.set(COUNTED_SEARCH, headerJson(countedSearch));
  if (personalised) {
    headers.set(DECISIONS, headerJson(personalised.decisions));
    headers.set(OUTCOMES, personalised.outcomes);
  }
  await edgeCache().put(url, new Response(html, { headers }));
  keep(url, { text: html, storedAt: now, tags, seenAt: now, countedSearch, personalised });
}

/** Forgets this isolate's copies of entries carrying any of the tags (a purge asked from here). */
export function forgetTagged(tags: readonly string[]): void {
  const doomed = new Set(tags);
  for (const [url, entry] of memory) if (entry.tags.some((tag) => doomed.has(tag))) memory.delete(url);
}
