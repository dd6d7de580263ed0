// A short-lived copy of cached content in the isolate's memory, in front of KV: pages show several
// documents (menu, footer, espots, the page itself) and should not wait on KV for each. A purge clears
// it where it runs; elsewhere it lapses within seconds, well inside KV's own minute of propagation.

import { isolateMap } from '../lib/isolate-memory.ts';
import type { CacheRead } from './cache.ts';

const TTL_MS = 30_000;
const entries = isolateMap<string, { read: CacheRead<unknown>; expires: number }>();

export function fromMemory<T>(cacheKey: string, now = Date.now()): CacheRead<T> | undefined {
  const entry = entries.get(cacheKey);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    entries.delete(cacheKey);
    return undefined;
  }
  return entry.read as CacheRead<T>;
}

export function remember(cacheKey: string, read: CacheRead<unknown>, now = Date.now()): void {
  // Only a value worth keeping: never a failure, never an absence.
  if (read.value === null || read.outcome.status === 'error') return;
  entries.set(cacheKey, { read: { value: read.value, outcome: { status: 'hit', ttl: Math.round(TTL_MS / 1000) } }, expires: now + TTL_MS });
}

export function forget(cacheKeys: Iterable<string>): void {
  for (const key of cacheKeys) entries.delete(key);
}

export function forgetAll(): void {
  entries.clear();
}
