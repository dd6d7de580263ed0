// Leaving a list in one click (RFC 8058; RFC 2369 List-Unsubscribe): every marketing email carries a link
// that names the address, the site and the list, signed so it cannot be made for someone else, and the
// headers mail clients use to offer their own unsubscribe button (a POST with List-Unsubscribe=One-Click,
// no cookies, no confirmation). The link does not expire: an old email must still let its reader leave.

import type { SiteId } from '../../../shared/locale/sites.ts';
import { base64url, equalBytes, fromBase64url } from '../../lib/secret-tokens.ts';
import type { EmailSubscription } from './newsletter.ts';

const encoder = new TextEncoder();

export interface UnsubscribeTarget {
  email: string;
  siteId: SiteId;
  type: EmailSubscription;
}

async function signature(secret: string, payload: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(`cairn-unsubscribe:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload)));
}

export async function unsubscribeToken(secret: string, target: UnsubscribeTarget): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify([target.email.toLowerCase(), target.siteId, target.type])));
  return `${payload}.${base64url(await signature(secret, payload))}`;
}

/** The target a link names, when its signature is ours (compared in constant time); otherwise null. */
export async function readUnsubscribeToken(secret: string, token: string): Promise<UnsubscribeTarget | null> {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined || token.length > 600) return null;
  if (!/^[\w-]+$/.test(mac) || !/^[\w-]+$/.test(payload)) return null;
  if (!equalBytes(fromBase64url(mac), await signature(secret, payload))) return null;
  try {
    const [email, siteId, type] = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as [string, SiteId, EmailSubscription];
    if (typeof email !== 'string' || (type !== 'Newsletter' && type !== 'LoyaltyNewsletter')) return null;
    return { email, siteId, type };
  } catch {
    return null;
  }
}

/** Takes the address off the list: the account's subscription if it has one, the recipient list otherwise. */
export async function unsubscribe(db: D1Database, target: UnsubscribeTarget, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.batch([
    db
      .prepare(
        `UPDATE subscriptions SET optin = 0, optout_date = ?3 WHERE type = ?2 AND channel = 'email' AND optin = 1
         AND consumer_no IN (SELECT consumer_no FROM consumers WHERE email = ?1 COLLATE NOCASE)`,
      )
      .bind(target.email, target.type, at),
    db
      .prepare('UPDATE newsletter_recipients SET confirmed_at = NULL, unsubscribed_at = ?3 WHERE email = ?1 AND site_id = ?2 AND confirmed_at IS NOT NULL')
      .bind(target.email, target.siteId, at),
  ]);
}

/** The one-click link for a reader of a list, and the headers that let their mail client use it. */
export async function unsubscribeLink(
  secret: string,
  origin: string,
  localeCode: string,
  target: UnsubscribeTarget,
): Promise<{ url: string; headers: Record<string, string> }> {
  const url = new URL(`/${localeCode}/unsubscribe?u=${await unsubscribeToken(secret, target)}`, origin).toString();
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
