// The content service and the visitor of a page request: one service however many parts of the page read
// content (content/request.ts builds it from values).

import type { Context } from 'hono';
import type { ContentKind } from '../../../shared/content/blocks.ts';
import type { PersonalisationContext } from '../../../shared/personalisation/personalisation.ts';
import { contentServiceFor, visitorContext } from '../../content/request.ts';
import type { ContentService } from '../../content/service.ts';
import type { AppEnv } from '../../env.ts';
import { contentDeps } from '../../lib/http-deps.ts';
import { contentPageTag } from '../../page-cache/request.ts';

const pageServices = new WeakMap<Request, Promise<ContentService>>();

/**
 * The content service of a page request, in its locale and preview. Each document read tags the page with
 * its content-cache key, so a publish or purge of that document purges the page too (admin/documents.ts).
 */
export function pageContent(c: Context<AppEnv>): Promise<ContentService> {
  let service = pageServices.get(c.req.raw);
  if (!service) {
    service = contentServiceFor(contentDeps(c), c.get('locale'), c.get('preview')).then((content) => {
      const cache = c.get('pageCache');
      if (!cache) return content;
      const tagged =
        <R extends { cacheKey: string }>(read: (kind: ContentKind, key: string) => Promise<R>) =>
        async (kind: ContentKind, key: string): Promise<R> => {
          const result = await read(kind, key);
          cache.tag(contentPageTag(result.cacheKey));
          return result;
        };
      return { ...content, read: tagged(content.read), augmented: tagged(content.augmented) } as ContentService;
    });
    pageServices.set(c.req.raw, service);
  }
  return service;
}

/** Who the page is personalised for, as the consent middleware established. */
export function pageVisitor(c: Context<AppEnv>): PersonalisationContext {
  return {
    ...visitorContext({
      testContext: c.get('testContext'),
      visitorId: c.get('visitorId'),
      targeting: c.get('consent').targeting,
      claims: c.get('session')?.claims,
      cookies: c.req.header('cookie'),
    }),
    record: c.get('decisions'),
  };
}
