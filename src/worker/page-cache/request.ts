// What a page request tells the page cache while it renders: that its answer is the same for everyone with
// its key (cacheable), and what it was made from (tags, for purges). Routes reach it as c.get('pageCache');
// it is there only on a request the cache may answer or store.

import type { Lang } from '../../shared/locale/sites.ts';
import type { Bindings } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { flushPurgeIndex, purgeQueue } from './purge-index.ts';
import { forgetTagged } from './store.ts';

export interface CountedSearch {
  lang: Lang;
  term: string;
}

export class PageCacheRequest {
  readonly tags = new Set<string>();
  cacheable = false;
  /** A part of the page failed and was left out or replaced: this rendering is not kept. */
  spoiled = false;
  /** The search this page counts toward the popular searches: each answer from a kept copy counts it too. */
  countedSearch: CountedSearch | null = null;

  /** The route's answer depends only on the key's inputs; it may be stored under these tags. */
  cacheAs(...tags: string[]): void {
    this.cacheable = true;
    this.tag(...tags);
  }

  /** The page shows a failure in place of some part: answered, not kept. */
  spoil(): void {
    this.spoiled = true;
  }

  tag(...tags: string[]): void {
    for (const tag of tags) this.tags.add(tag);
  }
}

/** A page that read a content document carries its content-cache key; purging that key purges the page. */
export function contentPageTag(contentCacheKey: string): string {
  return `content:${contentCacheKey}`;
}

/** Tags of catalog things a page shows; a change to the thing purges the tag. */
export const catalogTags = {
  category: (id: number | string) => `category:${id}`,
  product: (styleId: string) => `product:${styleId}`,
  store: (storeId: string) => `store:${storeId}`,
  stores: (siteId: string) => `stores:${siteId}`,
  /** Every listing and search of a site: a price or stock change may move a product in or out of any of them. */
  listings: (siteId: string) => `listings:${siteId}`,
};

/** Purges the pages carrying any of the tags, through the batching queue; answers what went out at once. */
export async function purgePages(env: Pick<Bindings, 'PAGE_PURGE' | 'CF_ZONE_ID'>, tags: readonly string[]): Promise<{ purged: string[]; pending: number }> {
  if (tags.length === 0) return { purged: [], pending: 0 };
  forgetTagged(tags);
  await flushPurgeIndex(env, createLogger({ module: 'page-purge' }));
  return purgeQueue(env).enqueue([...tags]);
}
