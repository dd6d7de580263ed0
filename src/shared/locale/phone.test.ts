import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone } from './phone.ts';

describe('phone numbers', () => {
  it('take 10 digits starting 2 to 9 in North America', () => {
    expect(isValidPhone('303 555 0134', 'US')).toBe(true);
    expect(isValidPhone('(416) 555-0199', 'CA')).toBe(true);
    expect(isValidPhone('103 555 0134', 'US')).toBe(false);
    expect(isValidPhone('303 555 013', 'US')).toBe(false);
    expect(isValidPhone('+1 303 555 0134', 'US')).toBe(true);
  });
  it('drop a UK leading zero and check the length of other countries', () => {
    expect(isValidPhone('07700 900123', 'GB')).toBe(true);
    expect(isValidPhone('7700 900123', 'GB')).toBe(true);
    expect(isValidPhone('06 12 34 56 78', 'FR')).toBe(false);
    expect(isValidPhone('6 12 34 56 78', 'FR')).toBe(true);
    expect(isValidPhone('+33 6 12 34 56 78', 'FR')).toBe(true);
    expect(isValidPhone('+44 6 12 34 56 78', 'FR')).toBe(false);
    expect(isValidPhone('abc', 'DE')).toBe(false);
    expect(isValidPhone('303 555 0134', 'ZZ')).toBe(false);
  });
  it('format with the country mask after the dial code', () => {
    expect(formatPhone('3035550134', 'US')).toBe('+1 (303) 555 - 0134');
    expect(formatPhone('07700 900123', 'GB')).toBe('+44 7700 900 123');
    expect(formatPhone('612345678', 'FR')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('123', 'US')).toBeNull();
  });
});
