// The content service of one request, in its locale and preview, and whom its pages are personalised for:
// built from values (the HTTP side reads them off the request: lib/http-deps.ts, pages/cms/page-content.ts).

import { type SessionClaims, visitorOf } from '../../shared/api/session.ts';
import type { Locale } from '../../shared/locale/sites.ts';
import { activeSegments, type PersonalisationContext, type TestContext } from '../../shared/personalisation/personalisation.ts';
import { visitsIn } from '../../shared/personalisation/visits.ts';
import { catalogIndex } from '../commerce/catalog/catalog-index.ts';
import type { ContentDeps } from '../lib/service-deps.ts';
import type { Preview } from './preview.ts';
import { type ContentService, createContentService } from './service.ts';

export async function contentServiceFor(deps: ContentDeps, locale: Locale, preview: Preview): Promise<ContentService> {
  const { env, logger } = deps;
  return createContentService({
    db: env.DB,
    kv: env.CONTENT,
    index: await catalogIndex(env.DB, logger),
    locale,
    preview,
    logger,
    waitUntil: deps.waitUntil,
    origin: env.CONTENT_ORIGIN,
    outbound: { locale, brand: env.BRAND, appId: env.APP_ID, logger },
  });
}

/** Who a page is personalised for: the test context, the visitor, what consent allows and the session's segments. */
export function visitorContext(visitor: {
  testContext: TestContext | null;
  visitorId: string | null;
  targeting: boolean;
  claims: SessionClaims | undefined;
  /** The request's Cookie header: the visit number is read from it where targeting is allowed. */
  cookies?: string | undefined;
}): PersonalisationContext {
  const segments = activeSegments(visitorOf(visitor.claims));
  if (visitor.targeting) {
    // No cookie yet: the browser has not counted this first page yet.
    segments.add((visitsIn(visitor.cookies ?? '')?.count ?? 1) > 1 ? 'returning-visitor' : 'first-visit');
  }
  return { testContext: visitor.testContext, visitorId: visitor.visitorId, allowed: visitor.targeting, segments };
}
