// Named cache strategies (as Hydrogen's CacheShort/CacheLong): each maps to a KV freshness, how long a
// stale copy may still be served, and the Cache-Control header of the content API.

import type { ContentKind } from '../../shared/content/blocks.ts';

export interface CacheStrategy {
  name: 'short' | 'long';
  /** Seconds an entry is served as a fresh hit. */
  freshSeconds: number;
  /** Seconds after that it may still be served while it revalidates, or when the source fails. */
  staleSeconds: number;
}

const CacheShort: CacheStrategy = { name: 'short', freshSeconds: 60, staleSeconds: 60 * 60 * 24 };
const CacheLong: CacheStrategy = { name: 'long', freshSeconds: 60 * 60, staleSeconds: 60 * 60 * 24 * 7 };

/** Navigation and footer change rarely; pages, espots and fragments are what marketers edit. */
export function strategyFor(kind: ContentKind): CacheStrategy {
  return kind === 'menu' || kind === 'footer' || kind === 'popups' ? CacheLong : CacheShort;
}

export function cacheControl(strategy: CacheStrategy): string {
  return `public, max-age=${strategy.freshSeconds}, stale-while-revalidate=${strategy.staleSeconds}, stale-if-error=${strategy.staleSeconds}`;
}

export const NO_STORE = 'private, no-store';
