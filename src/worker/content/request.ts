// The content service of one request, in its locale and preview, and whom its pages are personalised for.

import type { Context } from 'hono';
import { activeSegments, type PersonalisationContext } from '../../shared/personalisation.ts';
import { visitorOf } from '../../shared/session.ts';
import type { Locale } from '../../shared/sites.ts';
import { catalogIndex } from '../commerce/catalog/catalog-index.ts';
import type { AppEnv } from '../env.ts';
import type { Preview } from './preview.ts';
import { type ContentService, createContentService } from './service.ts';

function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    // No execution context (a unit test calling app.request): finish the work in the background anyway.
    return (promise) => void promise;
  }
}

export async function contentServiceFor(c: Context<AppEnv>, locale: Locale, preview: Preview): Promise<ContentService> {
  return createContentService({
    db: c.env.DB,
    kv: c.env.CONTENT,
    index: await catalogIndex(c.env.DB, c.get('logger')),
    locale,
    preview,
    logger: c.get('logger'),
    waitUntil: waitUntilOf(c),
    origin: c.env.CONTENT_ORIGIN,
    outbound: { locale, brand: c.env.BRAND, appId: c.env.APP_ID, logger: c.get('logger') },
  });
}

const pageServices = new WeakMap<Request, Promise<ContentService>>();

/** The content service of a page request, in its locale and preview: one however many parts of the page read content. */
export function pageContent(c: Context<AppEnv>): Promise<ContentService> {
  let service = pageServices.get(c.req.raw);
  if (!service) {
    service = contentServiceFor(c, c.get('locale'), c.get('preview'));
    pageServices.set(c.req.raw, service);
  }
  return service;
}

/** Who the page is personalised for, as the consent middleware established. */
export function pageVisitor(c: Context<AppEnv>): PersonalisationContext {
  return {
    testContext: c.get('testContext'),
    visitorId: c.get('visitorId'),
    allowed: c.get('consent').targeting,
    segments: activeSegments(visitorOf(c.get('session')?.claims)),
  };
}
