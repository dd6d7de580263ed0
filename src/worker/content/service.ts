// The content service behind pages and the content API: documents through the KV cache (publish) or
// straight from the source (preview), and augmented documents ready to render.

import type { Block, ContentKind } from '../../shared/content/blocks.ts';
import type { Locale } from '../../shared/locale/sites.ts';
import { checkDocument } from '../../shared/schema/content.ts';
import type { CatalogIndex } from '../commerce/catalog/catalog-index.ts';
import type { Logger } from '../lib/logger.ts';
import type { OutboundContext } from '../lib/outbound.ts';
import { augmentBlocks } from './augment.ts';
import { type CacheDeps, type CacheOutcome, type CacheRead, cachedRead } from './cache.ts';
import { fromMemory, remember } from './memory.ts';
import type { Preview } from './preview.ts';
import { type ContentMode, type ContentRequest, type ContentSource, d1Source, originSource } from './source.ts';
import { type CacheStrategy, strategyFor } from './strategies.ts';

export interface ContentServiceOptions {
  db: D1Database;
  kv: KVNamespace;
  index: CatalogIndex;
  locale: Locale;
  /** Live content, always as of the moment it is read; or an authorised preview of drafts at its moment. */
  preview: Preview;
  logger: Logger;
  waitUntil: (promise: Promise<unknown>) => void;
  /** When set, content comes from this external service instead of D1. */
  origin?: string | undefined;
  outbound: OutboundContext;
}

export interface ContentRead<T> extends CacheRead<T> {
  cacheKey: string;
  strategy: CacheStrategy;
}

/** KV key `{siteId}:{mode}:{kind}:{locale}:{key}`: content is per locale, and a site may have two. */
export function contentKey(siteId: string, mode: ContentMode, kind: string, locale: string, key: string): string {
  return `${siteId}:${mode}:${kind}:${locale}:${key}`;
}

/** Blocks of a document: a page's sections flattened, or a blocks document's items. */
function blocksOf(body: unknown): Block[] {
  const doc = body as { items?: Block[]; content?: { sections?: { items?: Block[] }[] } } | null;
  return doc?.items ?? doc?.content?.sections?.flatMap((s) => s.items ?? []) ?? [];
}

export function createContentService(options: ContentServiceOptions) {
  const source: ContentSource = options.origin ? originSource(options.origin, options.outbound) : d1Source(options.db);
  const deps: CacheDeps = {
    kv: options.kv,
    waitUntil: options.waitUntil,
    onError: (event, error) => options.logger.error(event, { error }),
  };
  const { locale, preview } = options;
  const mode: ContentMode = preview.active ? 'preview' : 'publish';
  // Publish reads take the time when they run, so a background refresh of a live key stores only what is live then.
  const request = (kind: ContentKind, key: string): ContentRequest => ({
    siteId: locale.site.id,
    locale: locale.code,
    mode,
    kind,
    key,
    at: preview.active ? preview.at : new Date(),
  });

  /** Reads through the cache in publish mode; preview never reads or writes cached content. */
  async function through<T>(
    kind: string,
    key: string,
    strategy: CacheStrategy,
    load: () => Promise<{ value: T | null; tags: string[] }>,
  ): Promise<ContentRead<T>> {
    const cacheKey = contentKey(locale.site.id, mode, kind, locale.code, key);
    if (mode === 'preview') {
      try {
        const loaded = await load();
        return { value: loaded.value, outcome: { status: 'bypass' }, cacheKey, strategy };
      } catch (error) {
        options.logger.error('content.load_failed', { error, cacheKey });
        return { value: null, outcome: { status: 'error' }, cacheKey, strategy };
      }
    }
    // Content shows on every page (menu, footer, espots, the home page): a copy stays in memory for a few
    // seconds so pages do not wait on KV each time.
    const remembered = fromMemory<T>(cacheKey);
    if (remembered) return { ...remembered, cacheKey, strategy };
    const read = await cachedRead(deps, cacheKey, strategy, load);
    remember(cacheKey, read);
    return { ...read, cacheKey, strategy };
  }

  /**
   * The document from the source, checked against its kind: entries that would break a page are left out
   * (and logged) before anything is cached or rendered; a document whose frame does not hold is absent.
   */
  async function loadChecked<T>(kind: ContentKind, key: string): Promise<{ body: T; tags: string[] } | null> {
    const result = await source.get(request(kind, key));
    if (!result) return null;
    const { document, problems } = checkDocument<T>(kind, result.body);
    if (problems.length > 0) options.logger.error('content.invalid_document', { kind, key, locale: locale.code, mode, problems, dropped: document === null });
    return document === null ? null : { body: document, tags: result.tags };
  }

  function read<T = unknown>(kind: ContentKind, key: string): Promise<ContentRead<T>> {
    return through<T>(kind, key, strategyFor(kind), async () => {
      const result = await loadChecked<T>(kind, key);
      return { value: result?.body ?? null, tags: result?.tags ?? [] };
    });
  }

  async function fragment(fragmentId: string): Promise<Block[] | null> {
    const result = await read('fragment', fragmentId);
    return result.value === null ? null : blocksOf(result.value);
  }

  /** A page, espot or footer with its fragments, categories and products filled in. */
  function augmented<T>(kind: ContentKind, key: string): Promise<ContentRead<T>> {
    return through<T>(`augmented-${kind}`, key, strategyFor(kind), async () => {
      const result = await loadChecked<{ items?: Block[]; content?: { sections: { name: string; items: Block[]; lazy?: boolean }[] } }>(kind, key);
      if (!result) return { value: null, tags: [] };
      const tags = new Set(result.tags);
      const augmentDeps = { db: options.db, index: options.index, locale, fragment };
      const body = result.body;
      const value = body.content
        ? {
            ...body,
            content: {
              ...body.content,
              sections: await Promise.all(body.content.sections.map(async (s) => ({ ...s, items: await augmentBlocks(s.items, augmentDeps, tags) }))),
            },
          }
        : { ...body, items: await augmentBlocks(body.items ?? [], augmentDeps, tags) };
      return { value: value as T, tags: [...tags] };
    });
  }

  return { read, augmented, mode, locale };
}

export type ContentService = ReturnType<typeof createContentService>;
export type { CacheOutcome };
