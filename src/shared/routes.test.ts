import { describe, expect, it } from 'vitest';
import { parseCategorySegment, parseProductSegment, paths, splitLocalePath } from './routes.ts';

describe('category segments', () => {
  it('reads the slug and a 4 to 10 digit id', () => {
    expect(parseCategorySegment('mens-boots-1234')).toEqual({ slug: 'mens-boots', id: 1234, alternate: false });
    expect(parseCategorySegment('mens-boots-1234567890')).toEqual({ slug: 'mens-boots', id: 1234567890, alternate: false });
  });
  it('reads the alternate form ending in -c and 4 to 6 digits', () => {
    expect(parseCategorySegment('mens-boots-c123456')).toEqual({ slug: 'mens-boots', id: 123456, alternate: true });
  });
  it('refuses ids that are too short or too long', () => {
    expect(parseCategorySegment('mens-boots-123')).toBeUndefined();
    expect(parseCategorySegment('mens-boots-12345678901')).toBeUndefined();
    expect(parseCategorySegment('mens-boots-c1234567')).toBeUndefined();
    expect(parseCategorySegment('mens-boots')).toBeUndefined();
  });
});

describe('product segments', () => {
  it('reads colour-level and variant ids', () => {
    expect(parseProductSegment('classic-boot-A1B2C3D4')).toEqual({ slug: 'classic-boot', id: 'A1B2C3D4', alternate: false });
    expect(parseProductSegment('classic-boot-A1B2C3D4095')).toEqual({ slug: 'classic-boot', id: 'A1B2C3D4095', alternate: false });
  });
  it('reads the alternate -p form', () => {
    expect(parseProductSegment('classic-boot-pA1B2C3D4')).toEqual({ slug: 'classic-boot', id: 'A1B2C3D4', alternate: true });
  });
  it('refuses lowercase or malformed ids', () => {
    expect(parseProductSegment('classic-boot-a1b2c3d4')).toBeUndefined();
    expect(parseProductSegment('classic-boot-A1B2C3')).toBeUndefined();
    expect(parseProductSegment('classic-boot-A1B2C3D4E5F6')).toBeUndefined();
  });
});

describe('locale paths', () => {
  it('splits a supported locale prefix', () => {
    const { locale, rest } = splitLocalePath('/fr-ca/c/bottes-1234');
    expect(locale?.code).toBe('fr-ca');
    expect(locale?.site.id).toBe('CA');
    expect(rest).toBe('/c/bottes-1234');
  });
  it('leaves unsupported prefixes alone', () => {
    expect(splitLocalePath('/en-au/c/x-1234').locale).toBeUndefined();
    expect(splitLocalePath('/cart').locale).toBeUndefined();
  });
  it('builds canonical URLs', () => {
    expect(paths.category('en-us', 'mens-boots', 1234)).toBe('/en-us/c/mens-boots-1234');
    expect(paths.product('en-gb', 'classic-boot', 'A1B2C3D4')).toBe('/en-gb/p/classic-boot-A1B2C3D4');
    expect(paths.search('de-de', 'wasser dicht')).toBe('/de-de/search?q=wasser%20dicht');
  });
});
