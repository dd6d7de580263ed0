// Preview for page requests: the flags count only with a valid preview token for the page's site, from
// the site's preview cookie (set by a preview link) or the x-preview-token header. Without one the
// shopper's page is served, flags ignored.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { grantedPreview, LIVE, PREVIEW_TOKEN_HEADER, type PreviewGrant, previewAsked, previewCookieName, verifyPreviewToken } from '../content/preview.ts';
import type { AppEnv } from '../env.ts';

const API_PATH = /^\/(api|admin)(\/|$)/;

/** The verified preview token the request carries for a site, if any. */
export async function previewGrant(c: Context<AppEnv>, siteId: string): Promise<PreviewGrant | null> {
  const token = c.req.header(PREVIEW_TOKEN_HEADER) ?? getCookie(c, previewCookieName(siteId));
  if (!token) return null;
  const grant = await verifyPreviewToken(c.env.PREVIEW_SECRET, token);
  if (!grant || grant.siteId !== siteId) c.get('logger').warn('preview.refused', { siteId, reason: grant ? 'other-site' : 'invalid-token' });
  return grant?.siteId === siteId ? grant : null;
}

export function preview(): MiddlewareHandler<AppEnv> {
  return async function previewMiddleware(c, next) {
    const ask = previewAsked(new URL(c.req.url), c.req.raw.headers);
    // API routes decide preview per site themselves (the content API, the decision endpoint).
    if (!ask.wanted || API_PATH.test(c.req.path)) {
      c.set('preview', LIVE);
      return next();
    }
    const siteId = c.get('locale').site.id;
    c.set('preview', grantedPreview(await previewGrant(c, siteId), siteId, ask));
    await next();
  };
}
