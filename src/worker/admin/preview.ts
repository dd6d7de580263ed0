// Preview tokens for marketers: signed, expiring, scoped to a site and optionally to a moment, each grant
// recorded (so it can be revoked) and audited. The answer carries the token (for API clients'
// x-preview-token header) and a preview link that sets it as the site's HttpOnly cookie in a browser.

import type { Context } from 'hono';
import type * as v from 'valibot';
import { SITES } from '../../shared/locale/sites.ts';
import type { PreviewGrantBody } from '../../shared/schema/admin.ts';
import { PREVIEW_TOKEN_HEADER, signPreviewToken } from '../content/preview.ts';
import type { AppEnv } from '../env.ts';
import { auditStatement } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import { returnPath } from '../lib/return-path.ts';
import type { Actor } from './documents.ts';

export async function grantPreview(c: Context<AppEnv>, body: v.InferOutput<typeof PreviewGrantBody>, actor: Actor) {
  const secret = c.env.PREVIEW_SECRET;
  if (!secret) throw new HttpError('GEN500', 'Preview is not configured on this deployment: set the PREVIEW_SECRET secret.');
  const locales = SITES[body.siteId].locales;
  const path = body.path ?? `/${locales[0]}`;
  if (!returnPath(path, locales))
    throw new HttpError('API400', `path must be a page of site ${body.siteId} (${locales.map((l) => `/${l}`).join(', ')}).`, [
      { field: 'path', message: 'Not a page of this site.' },
    ]);
  const at = body.previewDateTime ? new Date(body.previewDateTime) : null;
  const expiresAt = new Date(Date.now() + body.hours * 3_600_000);
  const { token, tokenId } = await signPreviewToken(secret, { siteId: body.siteId, at, actor: actor.name, expiresAt });
  await c.env.DB.batch([
    c.env.DB.prepare(
      'INSERT INTO preview_tokens (id, site_id, actor, admin_token_id, preview_at, expires_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)',
    ).bind(tokenId, body.siteId, actor.name, c.get('admin').tokenId, at?.toISOString() ?? null, expiresAt.toISOString(), new Date().toISOString()),
    auditStatement(c.env.DB, {
      actor: actor.name,
      action: 'preview.grant',
      subject: `preview:${body.siteId}`,
      details: { tokenId, expiresAt: expiresAt.toISOString(), previewDateTime: at?.toISOString() ?? null, path },
      correlationId: actor.correlationId,
    }),
  ]);
  const link = new URL('/preview', c.req.url);
  link.searchParams.set('token', token);
  link.searchParams.set('to', path);
  return {
    siteId: body.siteId,
    previewDateTime: at?.toISOString() ?? null,
    expiresAt: expiresAt.toISOString(),
    tokenId,
    token,
    header: PREVIEW_TOKEN_HEADER,
    link: link.toString(),
  };
}

/** Takes a preview token back before it expires; its links and headers stop working at once. */
export async function revokePreview(db: D1Database, tokenId: string, actor: Actor) {
  const active = await db.prepare('SELECT site_id FROM preview_tokens WHERE id = ?1 AND revoked_at IS NULL').bind(tokenId).first<{ site_id: string }>();
  if (!active) throw new HttpError('API404', `No active preview token ${tokenId}.`);
  const now = new Date().toISOString();
  await db.batch([
    db.prepare('UPDATE preview_tokens SET revoked_at = ?2 WHERE id = ?1').bind(tokenId, now),
    auditStatement(db, {
      actor: actor.name,
      action: 'preview.revoke',
      subject: `preview:${active.site_id}`,
      details: { tokenId },
      correlationId: actor.correlationId,
    }),
  ]);
  return { tokenId, siteId: active.site_id, revokedAt: now };
}
