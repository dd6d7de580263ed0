// The page cache's entry in the RFC 9211 Cache-Status header (README, The page cache), after the content
// cache's own entry when the page read content: hit, stale, miss or bypass, and why.

export const PAGE_CACHE_NAME = 'cairn-page';

export type PageCacheOutcome =
  | { kind: 'hit'; ttl: number }
  | { kind: 'stale'; ttl: number; detail: 'stale-while-revalidate' | 'revalidating' | 'stale-if-error' }
  | { kind: 'miss'; stored: boolean; fwd: 'uri-miss' | 'vary-miss' | 'stale'; detail?: string }
  | { kind: 'bypass'; detail: string }
  | { kind: 'method' };

export function pageCacheStatus(outcome: PageCacheOutcome): string {
  switch (outcome.kind) {
    case 'hit':
      return `${PAGE_CACHE_NAME}; hit; ttl=${outcome.ttl}`;
    case 'stale':
      return `${PAGE_CACHE_NAME}; hit; ttl=${outcome.ttl}; detail=${outcome.detail}`;
    case 'miss':
      return `${PAGE_CACHE_NAME}; fwd=${outcome.fwd}${outcome.stored ? '; stored' : ''}${outcome.detail ? `; detail=${outcome.detail}` : ''}`;
    case 'bypass':
      return `${PAGE_CACHE_NAME}; fwd=bypass; detail=${outcome.detail}`;
    case 'method':
      return `${PAGE_CACHE_NAME}; fwd=method`;
  }
}

/** Adds the page cache's entry to a response's Cache-Status (a redirect's headers may be immutable: then none). */
export function withPageCacheStatus(response: Response, outcome: PageCacheOutcome): Response {
  const previous = response.headers.get('cache-status');
  const entry = pageCacheStatus(outcome);
  try {
    response.headers.set('Cache-Status', previous ? `${previous}, ${entry}` : entry);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('Cache-Status', previous ? `${previous}, ${entry}` : entry);
    return copy;
  }
}

/** Whether the page cache answered with a stored copy: no cookie may be written on such an answer. */
export function servedFromPageCache(response: Response): boolean {
  return response.headers.get('cache-status')?.includes(`${PAGE_CACHE_NAME}; hit`) ?? false;
}
