// Preview is a marketer's mode: drafts and scheduled content, only with a signed, expiring preview token
// scoped to one site (and, when the marketer asked for it, one moment). Without a token every preview
// flag is ignored. This module signs and checks tokens and decides what preview a request gets.

import { errors, jwtVerify, SignJWT } from 'jose';

/** What content a request sees: the live content now, or a preview of drafts at a moment. */
export type Preview = { active: false } | { active: true; at: Date };

export const LIVE: Preview = { active: false };

/** A verified preview token: who asked for it, for which site, and (optionally) which moment. */
export interface PreviewGrant {
  siteId: string;
  /** When set, the token shows only this moment: a previewDateTime in the request cannot move it. */
  at: Date | null;
  actor: string;
  expiresAt: Date;
  tokenId: string;
}

/** What the request asks for, through the query (pages, links) or the preview headers (API clients). */
export interface PreviewAsk {
  /** preview=true or a previewDateTime was given. */
  wanted: boolean;
  at: Date | null;
}

const ISSUER = 'cairn-admin';
const AUDIENCE = 'cairn-preview';
const ALGORITHM = 'HS256';
export const PREVIEW_TOKEN_HEADER = 'x-preview-token';

/** One cookie per site, so a marketer can preview the US and the German site side by side. */
export function previewCookieName(siteId: string): string {
  return `cairn-preview-${siteId.toLowerCase()}`;
}

const encoder = new TextEncoder();

export async function signPreviewToken(secret: string, grant: Omit<PreviewGrant, 'tokenId'>): Promise<{ token: string; tokenId: string }> {
  const tokenId = crypto.randomUUID();
  const token = await new SignJWT({ site: grant.siteId, ...(grant.at ? { at: grant.at.toISOString() } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(grant.actor)
    .setJti(tokenId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(grant.expiresAt.getTime() / 1000))
    .sign(encoder.encode(secret));
  return { token, tokenId };
}

/** The grant a token carries, or null when it is missing, forged, expired or not a preview token. */
export async function verifyPreviewToken(secret: string | undefined, token: string | undefined | null): Promise<PreviewGrant | null> {
  // A JWT is three base64url parts; anything else (or something absurdly long) is not worth verifying.
  if (!secret || !token || token.length > 2048 || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALGORITHM] });
    const at = typeof payload.at === 'string' ? new Date(payload.at) : null;
    if (typeof payload.site !== 'string' || !payload.sub || !payload.jti || !payload.exp || (at && Number.isNaN(at.getTime()))) return null;
    return { siteId: payload.site, at, actor: payload.sub, expiresAt: new Date(payload.exp * 1000), tokenId: payload.jti };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

function parseTime(value: string | null): Date | null {
  if (!value || value.length > 40) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Preview is asked for with `preview=true` or a `previewDateTime` (account-content §4), in the query or the preview headers. */
export function previewAsked(url: URL, headers: Headers): PreviewAsk {
  const flag = url.searchParams.get('preview') ?? headers.get('x-preview');
  const at = parseTime(url.searchParams.get('previewDateTime') ?? headers.get('x-preview-date-time'));
  return { wanted: flag === 'true' || at !== null, at };
}

/**
 * The preview a request gets for a site: only with a grant for that site. A grant scoped to a moment
 * shows that moment whatever the request asks; otherwise the asked moment, or now.
 */
export function grantedPreview(grant: PreviewGrant | null, siteId: string, ask: PreviewAsk, now = new Date()): Preview {
  if (!grant || grant.siteId !== siteId) return LIVE;
  return { active: true, at: grant.at ?? ask.at ?? now };
}
