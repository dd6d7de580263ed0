// The content cache in KV: key `{siteId}:{mode}:{kind}:{locale}:{key}`, metadata with fetch time, freshness and
// tags. Fresh entries are hits; a stale one is served at once while a refresh runs in the background,
// and keeps being served while the source fails, until KV expires it. Every read reports its outcome
// for the RFC 9211 Cache-Status header.

import type { CacheStrategy } from './strategies.ts';

const CACHE_NAME = 'cairn-content';

export type CacheOutcome = { status: 'hit'; ttl: number } | { status: 'stale'; ttl: number } | { status: 'miss' } | { status: 'bypass' } | { status: 'error' };

export interface EntryMetadata {
  fetchedAt: number;
  freshSeconds: number;
  tags: string[];
}

export interface Loaded<T> {
  value: T | null;
  tags: string[];
}

export interface CacheRead<T> {
  value: T | null;
  outcome: CacheOutcome;
}

export interface CacheDeps {
  kv: KVNamespace;
  waitUntil: (promise: Promise<unknown>) => void;
  onError: (event: string, error: unknown) => void;
  now?: () => number;
}

async function store<T>(deps: CacheDeps, key: string, strategy: CacheStrategy, loaded: Loaded<T>, now: number): Promise<void> {
  const metadata: EntryMetadata = { fetchedAt: now, freshSeconds: strategy.freshSeconds, tags: loaded.tags };
  await deps.kv.put(key, JSON.stringify(loaded.value), { metadata, expirationTtl: strategy.freshSeconds + strategy.staleSeconds });
}

/**
 * Reads `key` through the cache. Absent content (null) is not stored: a document created later shows
 * at once. A failure is never stored either.
 */
export async function cachedRead<T>(deps: CacheDeps, key: string, strategy: CacheStrategy, load: () => Promise<Loaded<T>>): Promise<CacheRead<T>> {
  const now = deps.now?.() ?? Date.now();
  const entry = await deps.kv.getWithMetadata<EntryMetadata>(key, 'text');
  if (entry.value !== null && entry.metadata) {
    const ttl = Math.round(entry.metadata.freshSeconds - (now - entry.metadata.fetchedAt) / 1000);
    const value = JSON.parse(entry.value) as T;
    if (ttl > 0) return { value, outcome: { status: 'hit', ttl } };
    const refresh = load()
      .then((loaded) => (loaded.value === null ? deps.kv.delete(key) : store(deps, key, strategy, loaded, now)))
      .catch((error: unknown) => deps.onError('content.refresh_failed', error));
    deps.waitUntil(refresh);
    return { value, outcome: { status: 'stale', ttl } };
  }
  let loaded: Loaded<T>;
  try {
    loaded = await load();
  } catch (error) {
    deps.onError('content.load_failed', error);
    return { value: null, outcome: { status: 'error' } };
  }
  if (loaded.value !== null) deps.waitUntil(store(deps, key, strategy, loaded, now).catch((error: unknown) => deps.onError('content.store_failed', error)));
  return { value: loaded.value, outcome: { status: 'miss' } };
}

/** One RFC 9211 Cache-Status member for an outcome. */
export function cacheStatus(outcome: CacheOutcome, key?: string): string {
  const keyParam = key ? `; key="${key}"` : '';
  switch (outcome.status) {
    case 'hit':
      return `${CACHE_NAME}; hit; ttl=${outcome.ttl}${keyParam}`;
    case 'stale':
      return `${CACHE_NAME}; hit; ttl=${outcome.ttl}; detail=stale-while-revalidate${keyParam}`;
    case 'miss':
      return `${CACHE_NAME}; fwd=uri-miss; stored${keyParam}`;
    case 'bypass':
      return `${CACHE_NAME}; fwd=bypass; detail=preview${keyParam}`;
    case 'error':
      return `${CACHE_NAME}; fwd=uri-miss; fwd-status=502; detail=origin-error${keyParam}`;
  }
}
