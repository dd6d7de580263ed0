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
