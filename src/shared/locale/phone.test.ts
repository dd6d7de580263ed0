import { describe, expect, it } from 'vitest';
import { countryOfNumber, formatPhone, isDialCode, isValidPhone, personalPhone, personalPhoneWithCode } from './phone.ts';

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

  it('find the country of a number typed with its dial code, by the code and the length after it', () => {
    expect(countryOfNumber('+33 6 12 34 56 78')?.code).toBe('FR');
    expect(countryOfNumber('+44 7700 900123')?.code).toBe('GB');
    expect(countryOfNumber('+49 1512 3456789')?.code).toBe('DE');
    // +1 is two countries: the one asked for wins, else the first.
    expect(countryOfNumber('+1 416 555 0199', 'CA')?.code).toBe('CA');
    expect(countryOfNumber('+1 416 555 0199')?.code).toBe('US');
    // The right code with a length no country of it has, a code no country has, or no plus at all.
    expect(countryOfNumber('+33 6 12 34')).toBeNull();
    expect(countryOfNumber('+81 90 1234 5678')).toBeNull();
    expect(countryOfNumber('06 12 34 56 78')).toBeNull();
  });
  it('take a shopper’s own number from the site’s country, or any country’s typed with its code', () => {
    expect(personalPhone('07700 900123', 'GB')).toMatchObject({ country: { code: 'GB' }, formatted: '+44 7700 900 123' });
    expect(personalPhone('+33 6 12 34 56 78', 'GB')).toMatchObject({ country: { code: 'FR' }, formatted: '+33 6 12 34 56 78' });
    expect(personalPhone('6 12 34 56 78', 'GB')).toBeNull();
  });

  it('read a number with the dial code chosen beside it, refusing a code that contradicts it', () => {
    expect(personalPhoneWithCode('07911 123456', 'US', '+44')).toMatchObject({ country: { code: 'GB' }, formatted: '+44 7911 123 456' });
    expect(personalPhoneWithCode('416 555 0199', 'CA', '+1')).toMatchObject({ country: { code: 'CA' } });
    expect(personalPhoneWithCode('+33 6 12 34 56 78', 'US', '+33')).toMatchObject({ country: { code: 'FR' } });
    expect(personalPhoneWithCode('+44 7911 123456', 'US', '+1')).toBe('phoneCode');
    expect(personalPhoneWithCode('303 555 0148', 'US', '+33')).toBe('phoneCode');
    expect(personalPhoneWithCode('12', 'US', '+33')).toBe('phone');
    expect(personalPhoneWithCode('+81 90 1234 5678', 'US', '+81')).toBe('phone');
    // Without a code, the site's country or the code typed in front.
    expect(personalPhoneWithCode('303 555 0148', 'US', undefined)).toMatchObject({ country: { code: 'US' } });
    expect(personalPhoneWithCode('6 12 34 56 78', 'GB', undefined)).toBe('phone');
  });
  it('know a dial code only as a plus and a code some country has', () => {
    expect(['+1', '+44', '+353'].map(isDialCode)).toEqual([true, true, true]);
    expect(['44', '+999', '+', '+1 ', '+٤٤'].map(isDialCode)).toEqual([false, false, false, false, false]);
  });
});
