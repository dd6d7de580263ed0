// POST /{locale}/consent: the consent banner's choice without JavaScript. Sets the cookie and goes back.

import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { CONSENT_COOKIE, serializeConsentCookie } from '../../../shared/consent.ts';
import type { AppEnv } from '../../env.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

export async function consentRoute(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const form = await c.req.parseBody();
  const choice = String(form.choice ?? '');
  const all = choice === 'accept';
  const picked = (name: string) => all || (choice === 'save' && form[name] === '1');
  const value = serializeConsentCookie({ C0001: true, C0002: picked('C0002'), C0003: picked('C0003'), C0004: picked('C0004') });
  // The cookie is read by the banner's script too, as OneTrust's is: not HttpOnly.
  setCookie(c, CONSENT_COOKIE, value, { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure: c.req.url.startsWith('https:') });
  const redirect = String(form.redirect ?? '');
  // Only a path of this store, never another origin.
  const target = redirect.startsWith(`/${locale.code}`) && !redirect.startsWith('//') ? redirect : `/${locale.code}`;
  return c.redirect(target, 303);
}
