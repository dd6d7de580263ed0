// Loads a content page for rendering: augmented through the cache, then personalised for the visitor
// (consent decides whether variants may be chosen), with its <head> metadata.

import type { Context } from 'hono';
import type { PageDocument } from '../../../shared/content/blocks.ts';
import { personalize, type VariantChoice } from '../../../shared/personalisation/personalisation.ts';
import { cacheStatus } from '../../content/cache.ts';
import type { AppEnv } from '../../env.ts';
import { pageContent, pageVisitor } from './page-content.ts';

export interface LoadedPage {
  page: PageDocument;
  impressions: VariantChoice[];
}

/** The page, or null when there is none (or the content service failed with nothing cached). */
export async function loadCmsPage(c: Context<AppEnv>, key: string): Promise<LoadedPage | null> {
  const content = await pageContent(c);
  const read = await content.augmented<PageDocument>('page', key);
  c.header('Cache-Status', cacheStatus(read.outcome, read.cacheKey));
  if (!read.value) return null;
  const impressions: VariantChoice[] = [];
  const context = pageVisitor(c);
  const page: PageDocument = {
    ...read.value,
    content: { ...read.value.content, sections: read.value.content.sections.map((s) => ({ ...s, items: personalize(s.items, context, impressions) })) },
  };
  return { page, impressions };
}
