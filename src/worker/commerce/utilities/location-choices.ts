// The location selector's data (the store services issue, §6; account-content §7 fapi/pages/location-selector):
// every site with its country, currency and languages, each language named in itself (a shopper looks for
// their own), the country in the language the selector is read in.

import { LOCALES, SITE_IDS, SITES } from '../../../shared/locale/sites.ts';

export interface LocationChoice {
  siteId: string;
  country: string;
  currency: string;
  locales: { code: string; tag: string; language: string; url: string }[];
}

const capitalised = (text: string, tag: string) => text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);

export function locationChoices(readerTag: string): LocationChoice[] {
  const regions = new Intl.DisplayNames([readerTag], { type: 'region' });
  return SITE_IDS.map((siteId) => {
    const locales = LOCALES.filter((locale) => locale.site.id === siteId);
    const country = locales[0]?.country ?? siteId;
    return {
      siteId,
      country: regions.of(country) ?? country,
      currency: SITES[siteId].currency,
      locales: locales.map((locale) => ({
        code: locale.code,
        tag: locale.tag,
        language: capitalised(new Intl.DisplayNames([locale.tag], { type: 'language' }).of(locale.lang) ?? locale.lang, locale.tag),
        url: `/${locale.code}`,
      })),
    };
  });
}
