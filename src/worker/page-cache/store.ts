// Cached pages and their manifests in the Cache API under explicit keys (key.ts), with a short-lived copy of the
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
const MANIFEST_TYPE = 'application/json';
const TAGS = 'cache-tag';
const COUNTED_SEARCH = 'x-page-counted-search';

export type Freshness = 'fresh' | 'stale' | 'error-only';

export interface CachedPage {
  /** The kept markup, cut at its nonce slots (nonce.ts). */
  page: SlottedPage;
  countedSearch: CountedSearch | null;
  freshness: Freshness;
  /** Seconds of freshness left; negative once stale. */
  ttl: number;
}

export interface Manifest {
  decisions: PageDecisions;
}

interface Remembered {
  text: string;
  /** A manifest (JSON) rather than a page. */
  manifest: boolean;
  storedAt: number;
  tags: readonly string[];
  /** When this isolate last read it from (or wrote it to) the cache. */
  seenAt: number;
  /** A page's text cut at its slots, made on its first answer from this isolate. */
  slotted?: SlottedPage;
  /** A manifest's decisions, read on its first use in this isolate. */
  parsed?: Manifest;
  countedSearch: CountedSearch | null;
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
  const entry = {
    manifest: response.headers.get('content-type') === MANIFEST_TYPE,
    text: await response.text(),
    storedAt: Number(response.headers.get(STORED_AT)),
    tags: (response.headers.get(TAGS) ?? '').split(',').filter(Boolean),
    seenAt: now,
    countedSearch: JSON.parse(response.headers.get(COUNTED_SEARCH) ?? 'null') as CountedSearch | null,
  };
  keep(url, entry);
  return entry;
}

async function write(
  url: string,
  text: string,
  contentType: string,
  tags: readonly string[],
  now: number,
  countedSearch: CountedSearch | null = null,
): Promise<void> {
  const headers = new Headers({
    'Content-Type': contentType,
    // Never a cookie; tags for a purge; as long as the Cache API may keep it.
    'Cache-Control': `public, max-age=${FRESH_SECONDS + STALE_WHILE_REVALIDATE + STALE_IF_ERROR}`,
    [TAGS]: tags.join(','),
    [STORED_AT]: String(now),
    // JSON: a header value must be Latin-1 and a search term may not be.
    ...(countedSearch
      ? { [COUNTED_SEARCH]: JSON.stringify(countedSearch).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) }
      : {}),
  });
  await edgeCache().put(url, new Response(text, { headers }));
  keep(url, { text, manifest: contentType === MANIFEST_TYPE, storedAt: now, tags, seenAt: now, countedSearch });
}

function page(entry: Remembered, now: number): CachedPage {
  const age = Math.max(0, Math.floor((now - entry.storedAt) / 1000));
  entry.slotted ??= slotted(entry.text);
  return { page: entry.slotted, freshness: freshness(age), ttl: FRESH_SECONDS - age, countedSearch: entry.countedSearch };
}

/**
 * What the key of a page's address holds: the page itself when it personalises nothing (most pages, one read),
 * or its manifest, naming the decisions whose outcomes key each of its renderings.
 */
export async function readEntry(url: string, now = Date.now()): Promise<{ page: CachedPage } | { manifest: Manifest } | null> {
  const entry = await read(url, now);
  if (!entry) return null;
  if (!entry.manifest) return { page: page(entry, now) };
  entry.parsed ??= JSON.parse(entry.text) as Manifest;
  return { manifest: entry.parsed };
}

export async function readPage(url: string, now = Date.now()): Promise<CachedPage | null> {
  const entry = await read(url, now);
  return entry && !entry.manifest ? page(entry, now) : null;
}

export function writePage(url: string, html: string, tags: readonly string[], countedSearch: CountedSearch | null = null, now = Date.now()): Promise<void> {
  return write(url, html, 'text/html; charset=utf-8', tags, now, countedSearch);
}

/** Kept as long as its pages are: a page too old to serve but kept for errors still needs its manifest to be found. */
export function writeManifest(url: string, manifest: Manifest, tags: readonly string[], now = Date.now()): Promise<void> {
  return write(url, JSON.stringify(manifest), MANIFEST_TYPE, tags, now);
}

/** Forgets this isolate's copies of entries carrying any of the tags (a purge asked from here). */
export function forgetTagged(tags: readonly string[]): void {
  const doomed = new Set(tags);
  for (const [url, entry] of memory) if (entry.tags.some((tag) => doomed.has(tag))) memory.delete(url);
}
