// POST /{locale}/consent: the consent banner's choice without JavaScript. Sets the cookie and goes back.

import { setCookie } from 'hono/cookie';
import { createFactory } from 'hono/factory';
import * as v from 'valibot';
import { CONSENT_COOKIE, consentCookieText } from '../../../shared/personalisation/consent.ts';
import type { AppEnv } from '../../env.ts';
import { returnPath } from '../../lib/return-path.ts';
import { valid } from '../../lib/validate.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;
const CHECKED = v.optional(v.literal('1', 'A consent category is sent as 1 when chosen.'));

const ConsentForm = v.object({
  choice: v.picklist(['accept', 'reject', 'save'], 'choice must be accept, reject or save.'),
  C0002: CHECKED,
  C0003: CHECKED,
  C0004: CHECKED,
  redirect: v.optional(v.string()),
});

export const consentRoute = createFactory<AppEnv>().createHandlers(valid('form', ConsentForm), (c) => {
  const form = c.req.valid('form');
  const all = form.choice === 'accept';
  const picked = (name: 'C0002' | 'C0003' | 'C0004') => all || (form.choice === 'save' && form[name] === '1');
  const value = consentCookieText({ C0001: true, C0002: picked('C0002'), C0003: picked('C0003'), C0004: picked('C0004') });
  // The cookie is read by the banner's script too, as OneTrust's is: not HttpOnly.
  setCookie(c, CONSENT_COOKIE, value, { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure: c.req.url.startsWith('https:') });
  const home = `/${c.get('locale').code}`;
  // Back to the page the banner was on, when it is a page of this store in this locale.
  return c.redirect(returnPath(form.redirect, [c.get('locale').code]) ?? home, 303);
});
