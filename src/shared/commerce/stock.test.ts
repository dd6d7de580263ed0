import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/translate.ts';
import { stockStatusLabel } from './stock.ts';

describe('stockStatusLabel', () => {
  it('words each stock status in the shopper’s language, with the units left when few are', () => {
    const en = translator('en', 'en-US');
    expect(stockStatusLabel(en, { stockStatus: 'IN_STOCK', quantity: 12 })).toBe('In stock');
    expect(stockStatusLabel(en, { stockStatus: 'LOW_STOCK', quantity: 2 })).toBe('Only 2 left');
    expect(stockStatusLabel(en, { stockStatus: 'OUT_OF_STOCK', quantity: 0 })).toBe('Out of stock');
    const fr = translator('fr', 'fr-FR');
    expect(stockStatusLabel(fr, { stockStatus: 'LOW_STOCK', quantity: 1 })).toBe('Plus que 1 en stock');
    expect(stockStatusLabel(fr, { stockStatus: 'OUT_OF_STOCK', quantity: 0 })).toBe('Rupture de stock');
    expect(stockStatusLabel(translator('de', 'de-DE'), { stockStatus: 'IN_STOCK', quantity: 9 })).toBe('Auf Lager');
    expect(stockStatusLabel(translator('it', 'it-IT'), { stockStatus: 'LOW_STOCK', quantity: 3 })).toBe('Ne restano solo 3');
  });
});
