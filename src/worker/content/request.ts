// Content for one request: whether it is a preview (and of which moment), and the service to read with.

import type { Context } from 'hono';
import { ANONYMOUS_VISITOR, activeSegments, type PersonalisationContext } from '../../shared/personalisation.ts';
import type { Locale } from '../../shared/sites.ts';
import { catalogIndex } from '../commerce/catalog/catalog-index.ts';
import type { AppEnv } from '../env.ts';
import { type ContentService, createContentService } from './service.ts';

export interface Preview {
  active: boolean;
  /** The moment whose content is shown: now, or the requested preview date and time. */
  at: Date;
}

/**
 * Preview is active when `preview=true` or `previewDateTime` is set (account-content §4), in the query
 * or in the preview headers an external caller sends.
 */
export function previewOf(url: URL, headers: Headers): Preview {
  const flag = url.searchParams.get('preview') ?? headers.get('x-preview');
  const dateTime = url.searchParams.get('previewDateTime') ?? headers.get('x-preview-date-time');
  const parsed = dateTime ? new Date(dateTime) : null;
  const at = parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
  return { active: flag === 'true' || parsed !== null, at };
}

export function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
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
    index: await catalogIndex(c.env.DB),
    locale,
    mode: preview.active ? 'preview' : 'publish',
    at: preview.at,
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
    // The session arrives with the identity issue; until then every visitor is logged out.
    segments: activeSegments(ANONYMOUS_VISITOR),
  };
}
