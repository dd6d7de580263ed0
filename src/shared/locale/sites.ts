// Sites and locales of the storefront: one definition for routing, formatting and seeding.

export type SiteId = 'US' | 'CA' | 'GB' | 'FR' | 'DE' | 'IT';
export type Region = 'NA' | 'EMEA';
export type Lang = 'en' | 'fr' | 'de' | 'it';

export interface Site {
  id: SiteId;
  currency: string;
  region: Region;
  /** Country codes whose shoppers this site serves (ISO 3166-1 alpha-2). */
  countries: readonly string[];
  locales: readonly string[];
  /** CAD is shown by code (commerce-core §9), every other currency by symbol. */
  currencyDisplay: 'code' | 'symbol';
  /** EU price rules: a 30-day lowest price notice on sale items. */
  lowestPriceNotice: boolean;
}

export const SITES: Readonly<Record<SiteId, Site>> = {
  US: { id: 'US', currency: 'USD', region: 'NA', countries: ['US'], locales: ['en-us'], currencyDisplay: 'symbol', lowestPriceNotice: false },
  CA: { id: 'CA', currency: 'CAD', region: 'NA', countries: ['CA'], locales: ['en-ca', 'fr-ca'], currencyDisplay: 'code', lowestPriceNotice: false },
  GB: { id: 'GB', currency: 'GBP', region: 'EMEA', countries: ['GB'], locales: ['en-gb'], currencyDisplay: 'symbol', lowestPriceNotice: false },
  FR: { id: 'FR', currency: 'EUR', region: 'EMEA', countries: ['FR'], locales: ['fr-fr'], currencyDisplay: 'symbol', lowestPriceNotice: true },
  DE: { id: 'DE', currency: 'EUR', region: 'EMEA', countries: ['DE'], locales: ['de-de'], currencyDisplay: 'symbol', lowestPriceNotice: true },
  IT: { id: 'IT', currency: 'EUR', region: 'EMEA', countries: ['IT'], locales: ['it-it'], currencyDisplay: 'symbol', lowestPriceNotice: true },
};

export const SITE_IDS = Object.keys(SITES) as SiteId[];

export interface Locale {
  /** Path segment and cookie value: "en-us". */
  code: string;
  lang: Lang;
  country: string;
  site: Site;
  /** BCP 47 tag for Intl and <html lang>: "en-US". */
  tag: string;
}

export const LOCALES: readonly Locale[] = SITE_IDS.flatMap((id) =>
  SITES[id].locales.map((code) => {
    const [lang, country] = code.split('-') as [Lang, string];
    return { code, lang, country: country.toUpperCase(), site: SITES[id], tag: `${lang}-${country.toUpperCase()}` };
  }),
);

const byCode = new Map(LOCALES.map((l) => [l.code, l]));

export const DEFAULT_LOCALE = byCode.get('en-us') as Locale;

export function findLocale(code: string | undefined | null): Locale | undefined {
  return code ? byCode.get(code.toLowerCase()) : undefined;
}
