// Picks a visitor's locale: locale cookie, then Accept-Language, then country, then en-us (ARCHITECTURE.md).

import { DEFAULT_LOCALE, findLocale, LOCALES, type Locale } from '../../shared/locale/sites.ts';

interface LanguageRange {
  tag: string;
  quality: number;
}

export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: range.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag, quality }) => ({ tag, quality }));
}

function forCountry(country: string | undefined): Locale | undefined {
  if (!country) return undefined;
  const upper = country.toUpperCase();
  return LOCALES.find((l) => l.country === upper);
}

/** A language range to a locale: exact tag, else the language in the visitor's country, else its main site. */
function fromRange(tag: string, country: string | undefined): Locale | undefined {
  const exact = findLocale(tag);
  if (exact) return exact;
  const lang = tag.split('-')[0];
  const sameLanguage = LOCALES.filter((l) => l.lang === lang);
  if (sameLanguage.length === 0) return undefined;
  const inCountry = sameLanguage.find((l) => l.country === country?.toUpperCase());
  if (inCountry) return inCountry;
  const regionOfTag = tag.split('-')[1]?.toUpperCase();
  return (
    sameLanguage.find((l) => l.country === regionOfTag) ?? sameLanguage.find((l) => l.lang === l.country.toLowerCase() || l.code === 'en-us') ?? sameLanguage[0]
  );
}

export interface NegotiationInput {
  cookie?: string | null;
  acceptLanguage?: string | null;
  country?: string | null;
}

export function negotiateLocale(input: NegotiationInput): Locale {
  const fromCookie = findLocale(input.cookie);
  if (fromCookie) return fromCookie;
  const country = input.country ?? undefined;
  for (const range of parseAcceptLanguage(input.acceptLanguage)) {
    const locale = fromRange(range.tag, country);
    if (locale) return locale;
  }
  return forCountry(country) ?? DEFAULT_LOCALE;
}
