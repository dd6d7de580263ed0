// Phone numbers (commerce-core §5): digits only; North America takes 10 digits starting 2-9, other
// countries their own lengths; a UK number drops its leading zero. A valid number is shown with its
// country's mask, after a plus and the dial code.

import { COUNTRIES, type Country, findCountry } from './countries.ts';

export const PHONE_MESSAGE = 'A valid phone number is required';

/** The national digits of a number as the shopper typed it, or null when it cannot be a number of `country`. */
export function nationalDigits(input: string, country: Country): string | null {
  if (!/^[\d\s().+-]*$/.test(input)) return null;
  let digits = input.replace(/\D/g, '');
  // A number typed with its own dial code in front.
  if (input.trim().startsWith('+')) {
    if (!digits.startsWith(country.dialCode)) return null;
    digits = digits.slice(country.dialCode.length);
  }
  if (country.code === 'GB' && digits.startsWith('0')) digits = digits.slice(1);
  if (country.dialCode === '1') return /^[2-9]\d{9}$/.test(digits) ? digits : null;
  return country.phoneLengths.includes(digits.length) ? digits : null;
}

export function isValidPhone(input: string, countryCode: string): boolean {
  const country = findCountry(countryCode);
  return country !== undefined && nationalDigits(input, country) !== null;
}

/** "+1 (303) 555 - 0134" for a valid number, else null. */
export function formatPhone(input: string, countryCode: string): string | null {
  const country = findCountry(countryCode);
  const digits = country ? nationalDigits(input, country) : null;
  if (!country || !digits) return null;
  let next = 0;
  const masked = country.phoneMask.replace(/X/g, () => digits[next++] ?? '');
  const rest = digits.slice(next);
  return `+${country.dialCode} ${masked}${rest}`.trim();
}

/**
 * The country a number typed with its dial code belongs to (commerce-core §5: matched by dial code and
 * length): the one whose dial code starts it and whose lengths fit the rest; `preferred` where several do
 * (+1 is both the United States and Canada). Null for a number without a plus, or that no country fits.
 */
export function countryOfNumber(input: string, preferred?: string): Country | null {
  if (!input.trim().startsWith('+')) return null;
  const fits = COUNTRIES.filter((country) => nationalDigits(input, country) !== null);
  return fits.find((country) => country.code === preferred) ?? fits[0] ?? null;
}

/**
 * A shopper's own number (the profile's, not an address's, which is the address country's): one of `home`,
 * the site's country, or any country's when typed with its dial code. Its country and formatted number.
 */
export function personalPhone(input: string, home: string): { country: Country; formatted: string } | null {
  const own = findCountry(home);
  const country = own && nationalDigits(input, own) !== null ? own : countryOfNumber(input, home);
  const formatted = country ? formatPhone(input, country.code) : null;
  return country && formatted ? { country, formatted } : null;
}

export const PHONE_CODE_MESSAGE = 'The country code does not match this phone number.';

/** A dial code as a form names it: a plus, then a dial code some country of the store has ("+44"). */
export function isDialCode(code: string): boolean {
  return /^\+\d{1,3}$/.test(code) && COUNTRIES.some((country) => `+${country.dialCode}` === code);
}

/**
 * A shopper's own number with the dial code the form chose beside it (commerce-core §3, phone and phoneCode):
 * a number typed without a plus is read as that code's country's (the site's country where it shares the
 * code: +1 on Canada's site is Canada); one typed with its own code must be that code. Without a phoneCode,
 * personalPhone's rule. Answers the number, or which of the two fields is wrong: 'phoneCode' when the number
 * is one, but not of that code.
 */
export function personalPhoneWithCode(
  input: string,
  home: string,
  phoneCode: string | undefined,
): { country: Country; formatted: string } | 'phone' | 'phoneCode' {
  const own = personalPhone(input, home);
  if (!phoneCode) return own ?? 'phone';
  if (input.trim().startsWith('+')) {
    if (!own) return 'phone';
    return `+${own.country.dialCode}` === phoneCode ? own : 'phoneCode';
  }
  const sharing = COUNTRIES.filter((country) => `+${country.dialCode}` === phoneCode).sort((a, b) => Number(b.code === home) - Number(a.code === home));
  for (const country of sharing) {
    const formatted = nationalDigits(input, country) !== null ? formatPhone(input, country.code) : null;
    if (formatted) return { country, formatted };
  }
  return own ? 'phoneCode' : 'phone';
}
