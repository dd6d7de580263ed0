import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { formatMessage } from './format.ts';
import { fr } from './fr.ts';
import { numberFormat } from './number-format.ts';
import { translator } from './translate.ts';

describe('formatMessage', () => {
  it('fills named arguments', () => {
    expect(formatMessage('Shop all {name}', { name: 'Boots' }, 'en-US')).toBe('Shop all Boots');
  });
  it('chooses plural forms by locale, with exact matches first', () => {
    const message = '{count, plural, =0 {No products} one {# product} other {# products}}';
    expect(formatMessage(message, { count: 0 }, 'en-US')).toBe('No products');
    expect(formatMessage(message, { count: 1 }, 'en-US')).toBe('1 product');
    expect(formatMessage(message, { count: 1234 }, 'en-US')).toBe('1,234 products');
    expect(formatMessage('{count, plural, one {# produit} other {# produits}}', { count: 1.5 }, 'fr-FR')).toBe('1,5 produit');
  });
});

describe('catalogues', () => {
  it('has a complete French catalogue', () => {
    const missing = Object.keys(en).filter((key) => !(key in fr) || !fr[key as keyof typeof fr]);
    expect(missing).toEqual([]);
  });
  it('translates German and Italian with their own plural rules and number formats', () => {
    expect(translator('de', 'de-DE')('header.account')).toBe('Konto');
    expect(translator('it', 'it-IT')('listing.results', { count: 12000 })).toContain('12.000');
  });
});

describe('remembered number formatting', () => {
  it('formats correctly before and after its memory fills and starts over', () => {
    const format = numberFormat('de-DE', { maximumFractionDigits: 1 }, 'test-one-decimal');
    for (let i = 0; i < 2100; i++) expect(format.format(i + 0.25)).toBe(new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }).format(i + 0.25));
    expect(formatMessage('{count, plural, one {# Bewertung} other {# Bewertungen}}', { count: 1234 }, 'de-DE')).toBe('1.234 Bewertungen');
  });
});
