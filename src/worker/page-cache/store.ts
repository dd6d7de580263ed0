// Cached pages and their manifests in the Cache API under explicit keys (key.ts). An entry keeps its own
// freshness: served fresh for FRESH_SECONDS, then served stale while a new copy renders for
// STALE_WHILE_REVALIDATE more, then kept only to answer when rendering fails, for STALE_IF_ERROR. A purge
// (purge-queue.ts) removes entries long before, so the times only bound a purge that went missing.

import type { PageDecisions } from '../../shared/personalisation/decisions.ts';

export const FRESH_SECONDS = 120;
export const STALE_WHILE_REVALIDATE = 600;
export const STALE_IF_ERROR = 86_400;

const STORED_AT = 'x-page-stored-at';

export type Freshness = 'fresh' | 'stale' | 'error-only';

export interface CachedPage {
  response: Response;
  freshness: Freshness;
  /** Seconds of freshness left; negative once stale. */
  ttl: number;
}

function freshness(age: number): Freshness {
  if (age < FRESH_SECONDS) return 'fresh';
  return age < FRESH_SECONDS + STALE_WHILE_REVALIDATE ? 'stale' : 'error-only';
}

/** Headers of a stored entry: never a cookie, tags for a purge, how long the Cache API may keep it. */
function storedHeaders(contentType: string, tags: readonly string[], now: number): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Cache-Control': `public, max-age=${FRESH_SECONDS + STALE_WHILE_REVALIDATE + STALE_IF_ERROR}`,
    'Cache-Tag': tags.join(','),
    [STORED_AT]: String(now),
  });
}

export async function readPage(cache: Cache, url: string, now = Date.now()): Promise<CachedPage | null> {
  const response = await cache.match(url);
  if (!response) return null;
  const storedAt = Number(response.headers.get(STORED_AT));
  const age = Math.max(0, Math.floor((now - storedAt) / 1000));
  return { response, freshness: freshness(age), ttl: FRESH_SECONDS - age };
}

export function writePage(cache: Cache, url: string, html: string, tags: readonly string[], now = Date.now()): Promise<void> {
  return cache.put(url, new Response(html, { headers: storedHeaders('text/html; charset=utf-8', tags, now) }));
}

export interface Manifest {
  decisions: PageDecisions;
}

export async function readManifest(cache: Cache, url: string): Promise<Manifest | null> {
  // Kept as long as its pages are: a page too old to serve but kept for errors still needs its manifest to be found.
  const found = await cache.match(url);
  return found ? ((await found.json()) as Manifest) : null;
}

export function writeManifest(cache: Cache, url: string, manifest: Manifest, tags: readonly string[], now = Date.now()): Promise<void> {
  return cache.put(url, new Response(JSON.stringify(manifest), { headers: storedHeaders('application/json', tags, now) }));
}

/** Workers' own cache of this data centre (the project's types also see the DOM's CacheStorage, which has no default). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}
