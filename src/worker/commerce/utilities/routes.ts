// Utility API (account-content §7 Utilities): countries, per-country settings, stores and server time.

import { Hono } from 'hono';
import { COUNTRIES, findCountry } from '../../../shared/locale/countries.ts';
import { LOCALES } from '../../../shared/locale/sites.ts';
import { CountryCodeParams, LocaleQuery, StoresQuery } from '../../../shared/schema/catalog.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { findStores } from '../stores/service.ts';
import { addressRules } from './address-rules.ts';
import { locationChoices } from './location-choices.ts';

export const utilityRoutes = new Hono<AppEnv>()
  .get('/utilities/countryList', valid('query', LocaleQuery), (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    const names = new Intl.DisplayNames([locale.tag], { type: 'region' });
    const countries = COUNTRIES.map((country) => ({
      code: country.code,
      name: names.of(country.code) ?? country.code,
      dialCode: country.dialCode,
      mask: country.phoneMask,
    })).sort((a, b) => a.name.localeCompare(b.name, locale.tag));
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(envelope(c, { locale: locale.code, countries }));
  })
  .get('/utilities/i18n/:countryCode', valid('param', CountryCodeParams), (c) => {
    const { countryCode } = c.req.valid('param');
    const country = findCountry(countryCode);
    if (!country) throw new HttpError('API404', `The store does not serve country ${countryCode}.`);
    const locales = LOCALES.filter((l) => l.country === country.code);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(
      envelope(c, {
        countryCode: country.code,
        siteId: locales[0]?.site.id ?? null,
        currency: locales[0]?.site.currency ?? null,
        locales: locales.map((l) => l.code),
        dateFormat: country.dateFormat,
        units: country.units,
        phone: { dialCode: country.dialCode, mask: country.phoneMask, lengths: country.phoneLengths },
        addressRules: addressRules(country),
      }),
    );
  })
  .get('/utilities/stores', valid('query', StoresQuery), async (c) => {
    const query = c.req.valid('query');
    const stores = await findStores(c.env.DB, query);
    return c.json(envelope(c, { total: stores.length, stores }));
  })
  .get('/fapi/pages/location-selector', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(envelope(c, { sites: locationChoices(apiLocale(c, {}).tag) }));
  })
  .get('/fapi/server/time', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { timestamp: Date.now(), iso: new Date().toISOString() }));
  });
