// Phone numbers (commerce-core §5): digits only; North America takes 10 digits starting 2-9, other
// countries their own lengths; a UK number drops its leading zero. A valid number is shown with its
// country's mask, after a plus and the dial code.

import { type Country, findCountry } from './countries.ts';

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
