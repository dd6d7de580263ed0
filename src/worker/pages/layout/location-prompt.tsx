// The location confirmation (the store services issue, §6; commerce-core §2 dialogs): a visitor whose
// country (cf.country) has a Cairn site of its own, on another site's pages, is asked once whether to go
// there or stay. A non-modal dialog in the page, answered by a plain form; the answer is remembered in a
// cookie, so it is asked once. Like the consent banner, it depends on the request (country and cookie),
// not on who the shopper is: a shared cache of these pages keys on the country's site and the cookie.

import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { LOCALES, type Locale, SITE_IDS, SITES } from '../../../shared/locale/sites.ts';
import type { AppEnv } from '../../env.ts';
import { returnPath } from '../../lib/return-path.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';

export const LOCATION_COOKIE = 'cairn_location';
const ONE_YEAR = 60 * 60 * 24 * 365;

export interface LocationSuggestion {
  country: string;
  /** The locale of the visitor's country's site, in the page's language where that site has it. */
  target: Locale;
}

/** A suggestion for this request, or null: not asked, answered already, or already on the right site. */
export function locationSuggestion(c: Context<AppEnv>): LocationSuggestion | null {
  if (c.req.method !== 'GET' || getCookie(c, LOCATION_COOKIE) || c.get('preview').active) return null;
  const country = (c.req.raw as Request & { cf?: { country?: string } }).cf?.country;
  const locale = c.get('locale');
  if (!country || !c.req.path.startsWith(`/${locale.code}`)) return null;
  const siteId = SITE_IDS.find((id) => SITES[id].countries.includes(country));
  if (!siteId || siteId === locale.site.id) return null;
  const locales = LOCALES.filter((l) => l.site.id === siteId);
  const target = locales.find((l) => l.lang === locale.lang) ?? locales[0];
  return target ? { country, target } : null;
}

export function LocationPrompt({ suggestion, path }: { suggestion: LocationSuggestion; path: string }) {
  const { t, locale } = usePage();
  const regions = new Intl.DisplayNames([locale.tag], { type: 'region' });
  const country = regions.of(suggestion.country) ?? suggestion.country;
  const here = regions.of(locale.country) ?? locale.country;
  return (
    <dialog open className="location-prompt" aria-labelledby="location-prompt-title">
      <h2 id="location-prompt-title">{t('location.promptTitle', { country })}</h2>
      <p>{t('location.promptText', { country, currency: suggestion.target.site.currency })}</p>
      <form method="post" action={`/${locale.code}/location`} className="location-prompt__actions">
        <input type="hidden" name="path" value={path} />
        <button type="submit" name="choice" value={suggestion.target.code} className="button button--primary button--small">
          {t('location.go', { country })}
        </button>
        <button type="submit" name="choice" value="stay" className="button button--secondary button--small">
          {t('location.stay', { country: here })}
        </button>
      </form>
    </dialog>
  );
}

/** The prompt is answered: it is not asked again. */
export function rememberLocationAnswer(c: Context<AppEnv>, answer: 'stay' | 'switched'): void {
  setCookie(c, LOCATION_COOKIE, answer, { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure: c.req.url.startsWith('https:') });
}

/** The answer: remembered, then the same page on the chosen site, or the page as it was. */
export async function locationAnswer(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  rememberLocationAnswer(c, fields.choice === 'stay' ? 'stay' : 'switched');
  const path = returnPath(fields.path, [locale.code]) ?? `/${locale.code}`;
  const target = LOCALES.find((l) => l.code === fields.choice);
  return c.redirect(target ? path.replace(`/${locale.code}`, `/${target.code}`) : path, 303);
}
