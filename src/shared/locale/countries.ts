// Countries the store ships to: dial codes, phone lengths and masks (commerce-core §5), date formats and units.

export interface Country {
  code: string;
  dialCode: string;
  /** Accepted national number lengths, in digits, after stripping a trunk zero. */
  phoneLengths: readonly number[];
  phoneMask: string;
  dateFormat: 'MM/DD/YYYY' | 'DD/MM/YYYY';
  units: 'imperial' | 'metric';
  /** Postal code pattern, when the country has one the store checks. */
  postalCode?: string;
  /** How a postal code is written (A a letter, 9 a digit, the rest as shown): "k1a0b1" is conformed to "K1A 0B1". */
  postalMasks?: readonly string[];
}

const NORTH_AMERICA_MASK = '(XXX) XXX - XXXX';
const DEFAULT_MASK = 'XXXX - XXX - XXX';

const eu = (code: string, dialCode: string, phoneLengths: number[], phoneMask: string, postalCode?: string, postalMasks?: string[]): Country => ({
  code,
  dialCode,
  phoneLengths,
  phoneMask,
  dateFormat: 'DD/MM/YYYY',
  units: 'metric',
  ...(postalCode ? { postalCode } : {}),
  ...(postalMasks ? { postalMasks } : {}),
});

export const COUNTRIES: readonly Country[] = [
  {
    code: 'US',
    dialCode: '1',
    phoneLengths: [10],
    phoneMask: NORTH_AMERICA_MASK,
    dateFormat: 'MM/DD/YYYY',
    units: 'imperial',
    postalCode: '^\\d{5}(-\\d{4})?$',
    postalMasks: ['99999', '99999-9999'],
  },
  {
    code: 'CA',
    dialCode: '1',
    phoneLengths: [10],
    phoneMask: NORTH_AMERICA_MASK,
    dateFormat: 'DD/MM/YYYY',
    units: 'metric',
    postalCode: '^[A-Za-z]\\d[A-Za-z] ?\\d[A-Za-z]\\d$',
    postalMasks: ['A9A 9A9'],
  },
  eu('GB', '44', [10], 'XXXX XXX XXXX', '^[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}$', ['A9 9AA', 'A99 9AA', 'A9A 9AA', 'AA9 9AA', 'AA99 9AA', 'AA9A 9AA']),
  eu('FR', '33', [9], 'X XX XX XX XX', '^\\d{5}$'),
  eu('DE', '49', [10, 11], 'XXXX XXXXXXX', '^\\d{5}$'),
  eu('IT', '39', [9, 10], 'XXX XXX XXXX', '^\\d{5}$'),
  eu('ES', '34', [9], 'XXX XXX XXX', '^\\d{5}$'),
  eu('NL', '31', [9], 'X XXXX XXXX', '^\\d{4} ?[A-Za-z]{2}$', ['9999 AA']),
  eu('BE', '32', [8, 9], 'XXX XX XX XX', '^\\d{4}$'),
  eu('AT', '43', [10, 11], 'XXX XXXXXXX', '^\\d{4}$'),
  eu('IE', '353', [9], 'XX XXX XXXX'),
  eu('PT', '351', [9], 'XXX XXX XXX', '^\\d{4}-\\d{3}$', ['9999-999']),
  eu('CH', '41', [9], 'XX XXX XX XX', '^\\d{4}$'),
  eu('DK', '45', [8], 'XX XX XX XX', '^\\d{4}$'),
  eu('SE', '46', [9], 'XX XXX XX XX', '^\\d{3} ?\\d{2}$', ['999 99']),
  eu('PL', '48', [9], DEFAULT_MASK, '^\\d{2}-\\d{3}$', ['99-999']),
  eu('LU', '352', [9], DEFAULT_MASK, '^\\d{4}$'),
];

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in a language, as the country list gives it; its code where there is none to give. */
export function countryName(code: string, localeTag: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  let names = regionNames.get(localeTag);
  if (!names) {
    names = new Intl.DisplayNames([localeTag], { type: 'region' });
    regionNames.set(localeTag, names);
  }
  return names.of(code) ?? code;
}

export function findCountry(code: string | undefined): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

/** A postal code written as its country writes it, when it fits one of the country's masks; else as typed, upper-cased. */
export function conformPostalCode(countryCode: string, typed: string): string {
  const upper = typed.trim().toUpperCase();
  const bare = upper.replace(/[^A-Z0-9]/g, '');
  for (const mask of findCountry(countryCode)?.postalMasks ?? []) {
    const slots = mask.replace(/[^A9]/g, '');
    if (slots.length !== bare.length || ![...slots].every((slot, i) => (slot === 'A' ? /[A-Z]/ : /\d/).test(bare[i] as string))) continue;
    let next = 0;
    return mask.replace(/[A9]/g, () => bare[next++] as string);
  }
  return upper;
}
