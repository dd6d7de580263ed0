// Preview for page requests: the flags count only with a valid preview token for the page's site, from
// the site's preview cookie (set by a preview link) or the x-preview-token header. Without one the
// shopper's page is served, flags ignored.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { grantedPreview, LIVE, PREVIEW_TOKEN_HEADER, type PreviewGrant, previewAsked, previewCookieName, verifyPreviewToken } from '../content/preview.ts';
import type { AppEnv } from '../env.ts';

const API_PATH = /^\/(api|admin)(\/|$)/;

/** A token's grant when its signature holds and no operator has revoked it (nor the admin token that made it). */
export async function activePreviewGrant(env: AppEnv['Bindings'], token: string | undefined | null): Promise<PreviewGrant | null> {
  const grant = await verifyPreviewToken(env.PREVIEW_SECRET, token);
  if (!grant) return null;
  const live = await env.DB.prepare(
    `SELECT 1 AS live FROM preview_tokens p LEFT JOIN admin_tokens a ON a.id = p.admin_token_id
     WHERE p.id = ?1 AND p.revoked_at IS NULL AND a.revoked_at IS NULL`,
  )
    .bind(grant.tokenId)
    .first<{ live: number }>();
  return live ? grant : null;
}

/**
 * The verified preview token the request carries for a site, if any: in x-preview-token, as a bearer
 * token (what the content API's 401 challenge asks for), or in the site's preview cookie.
 */
export async function previewGrant(c: Context<AppEnv>, siteId: string): Promise<PreviewGrant | null> {
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/)?.[1];
  const token = c.req.header(PREVIEW_TOKEN_HEADER) ?? bearer ?? getCookie(c, previewCookieName(siteId));
  if (!token) return null;
  const grant = await activePreviewGrant(c.env, token);
  if (!grant || grant.siteId !== siteId) c.get('logger').warn('preview.refused', { siteId, reason: grant ? 'other-site' : 'invalid-or-revoked' });
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
