// Purging the content cache: one document, every document that embeds a tag, or a whole site and mode.
// A KV delete is visible at once where it ran and everywhere within about 60 seconds.

import type { ContentKind } from '../../shared/content/blocks.ts';
import { SITES, type SiteId } from '../../shared/locale/sites.ts';
import type { EntryMetadata } from './cache.ts';
import { forget } from './memory.ts';
import { contentKey } from './service.ts';
import type { ContentMode } from './source.ts';

export type PurgeScope =
  | { by: 'key'; siteId: SiteId; mode: ContentMode; kind: ContentKind; key: string; locale?: string | undefined }
  | { by: 'tag'; tag: string; siteId?: SiteId | undefined }
  | { by: 'all'; siteId: SiteId; mode: ContentMode };

async function listKeys(kv: KVNamespace, prefix: string): Promise<{ name: string; metadata?: EntryMetadata }[]> {
  const keys: { name: string; metadata?: EntryMetadata }[] = [];
  let cursor: string | undefined;
  do {
    const page: KVNamespaceListResult<EntryMetadata> = await kv.list<EntryMetadata>({ prefix, ...(cursor ? { cursor } : {}) });
    keys.push(...page.keys.map((k) => ({ name: k.name, ...(k.metadata ? { metadata: k.metadata } : {}) })));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys;
}

/** Every key a document may be cached under: raw and augmented, in each locale of its site (or the one named). */
export function documentKeys(scope: Extract<PurgeScope, { by: 'key' }>): string[] {
  const locales = scope.locale ? [scope.locale] : SITES[scope.siteId].locales;
  return locales.flatMap((locale) => [scope.kind, `augmented-${scope.kind}`].map((kind) => contentKey(scope.siteId, scope.mode, kind, locale, scope.key)));
}

/** Deletes what the scope names and answers the keys that were there. */
export async function purge(kv: KVNamespace, scope: PurgeScope): Promise<string[]> {
  let doomed: string[];
  if (scope.by === 'key') {
    const candidates = new Set(documentKeys(scope));
    const present = await listKeys(kv, `${scope.siteId}:${scope.mode}:`);
    doomed = present.map((k) => k.name).filter((name) => candidates.has(name));
  } else if (scope.by === 'tag') {
    const present = await listKeys(kv, scope.siteId ? `${scope.siteId}:` : '');
    doomed = present.filter((k) => k.metadata?.tags.includes(scope.tag)).map((k) => k.name);
  } else {
    doomed = (await listKeys(kv, `${scope.siteId}:${scope.mode}:`)).map((k) => k.name);
  }
  await Promise.all(doomed.map((name) => kv.delete(name)));
  forget(doomed);
  return doomed.sort();
}
