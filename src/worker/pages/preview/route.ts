// Preview links: GET /preview?token=...&to=/en-us/page stores a marketer's preview token in the site's
// HttpOnly preview cookie and opens the page in preview; GET /preview/exit leaves preview again. The token
// leaves the address bar at once: the redirect drops it, and no referrer carries it.

import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { SITES } from '../../../shared/locale/sites.ts';
import { SiteIdSchema } from '../../../shared/schema/catalog.ts';
import { previewCookieName } from '../../content/preview.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { returnPath } from '../../lib/return-path.ts';
import { valid } from '../../lib/validate.ts';
import { activePreviewGrant } from '../../middleware/preview.ts';

const PREVIEW_PARAMS = ['preview', 'previewDateTime'] as const;

function noStore(c: { header: (name: string, value: string) => void }) {
  c.header('Cache-Control', 'private, no-store');
}

/** The target with the preview flags set, or taken off when leaving preview. */
function withPreviewFlags(path: string, flags: { at: Date | null } | null): string {
  const url = new URL(path, 'https://store.invalid');
  for (const name of PREVIEW_PARAMS) url.searchParams.delete(name);
  if (flags) {
    url.searchParams.set('preview', 'true');
    if (flags.at) url.searchParams.set('previewDateTime', flags.at.toISOString());
  }
  return `${url.pathname}${url.search}`;
}

export const previewRoutes = new Hono<AppEnv>()
  .get('/', valid('query', v.object({ token: v.pipe(v.string(), v.maxLength(2048)), to: v.optional(v.string()) })), async (c) => {
    const { token, to } = c.req.valid('query');
    noStore(c);
    const grant = await activePreviewGrant(c.env, token);
    if (!grant) throw new HttpError('AUT401', 'This preview link is not valid or has expired. Ask for a new one.');
    const locales = SITES[grant.siteId as keyof typeof SITES]?.locales ?? [];
    const target = returnPath(to, locales) ?? `/${locales[0] ?? 'en-us'}`;
    const maxAge = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
    setCookie(c, previewCookieName(grant.siteId), token, { path: '/', httpOnly: true, secure: c.req.url.startsWith('https:'), sameSite: 'Lax', maxAge });
    c.get('logger').info('preview.opened', { siteId: grant.siteId, actor: grant.actor, tokenId: grant.tokenId });
    return c.redirect(withPreviewFlags(target, grant), 303);
  })
  .get('/exit', valid('query', v.object({ site: SiteIdSchema, to: v.optional(v.string()) })), (c) => {
    const { site, to } = c.req.valid('query');
    noStore(c);
    deleteCookie(c, previewCookieName(site), { path: '/', secure: c.req.url.startsWith('https:') });
    const target = returnPath(to, SITES[site].locales) ?? `/${SITES[site].locales[0]}`;
    return c.redirect(withPreviewFlags(target, null), 303);
  });
