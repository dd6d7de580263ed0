import { describe, expect, it } from 'vitest';
import { negotiateLocale, parseAcceptLanguage } from './locale-negotiation.ts';

describe('negotiateLocale', () => {
  it('prefers the locale cookie', () => {
    expect(negotiateLocale({ cookie: 'fr-ca', acceptLanguage: 'de-DE', country: 'IT' }).code).toBe('fr-ca');
  });
  it('then Accept-Language, exact tag first', () => {
    expect(negotiateLocale({ acceptLanguage: 'en-GB,en;q=0.8' }).code).toBe('en-gb');
  });
  it('matches a bare language using the visitor country', () => {
    expect(negotiateLocale({ acceptLanguage: 'fr', country: 'CA' }).code).toBe('fr-ca');
    expect(negotiateLocale({ acceptLanguage: 'fr' }).code).toBe('fr-fr');
    expect(negotiateLocale({ acceptLanguage: 'en', country: 'GB' }).code).toBe('en-gb');
  });
  it('honours quality values', () => {
    expect(negotiateLocale({ acceptLanguage: 'ja;q=0.9, it;q=0.8, de;q=0.5' }).code).toBe('it-it');
  });
  it('falls back to the country, then en-us', () => {
    expect(negotiateLocale({ acceptLanguage: 'ja', country: 'DE' }).code).toBe('de-de');
    expect(negotiateLocale({ country: 'JP' }).code).toBe('en-us');
    expect(negotiateLocale({}).code).toBe('en-us');
  });
  it('ignores an unknown cookie value', () => {
    expect(negotiateLocale({ cookie: 'xx-yy', acceptLanguage: 'de' }).code).toBe('de-de');
  });
});

describe('parseAcceptLanguage', () => {
  it('sorts by quality and drops wildcards and zero weights', () => {
    expect(parseAcceptLanguage('*, fr;q=0.5, en-US, de;q=0').map((r) => r.tag)).toEqual(['en-us', 'fr']);
  });
});
