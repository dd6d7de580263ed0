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
}

const NORTH_AMERICA_MASK = '(XXX) XXX - XXXX';
const DEFAULT_MASK = 'XXXX - XXX - XXX';

const eu = (code: string, dialCode: string, phoneLengths: number[], phoneMask: string, postalCode?: string): Country => ({
  code,
  dialCode,
  phoneLengths,
  phoneMask,
  dateFormat: 'DD/MM/YYYY',
  units: 'metric',
  ...(postalCode ? { postalCode } : {}),
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
  },
  {
    code: 'CA',
    dialCode: '1',
    phoneLengths: [10],
    phoneMask: NORTH_AMERICA_MASK,
    dateFormat: 'DD/MM/YYYY',
    units: 'metric',
    postalCode: '^[A-Za-z]\\d[A-Za-z] ?\\d[A-Za-z]\\d$',
  },
  eu('GB', '44', [10], 'XXXX XXX XXXX', '^[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}$'),
  eu('FR', '33', [9], 'X XX XX XX XX', '^\\d{5}$'),
  eu('DE', '49', [10, 11], 'XXXX XXXXXXX', '^\\d{5}$'),
  eu('IT', '39', [9, 10], 'XXX XXX XXXX', '^\\d{5}$'),
  eu('ES', '34', [9], 'XXX XXX XXX', '^\\d{5}$'),
  eu('NL', '31', [9], 'X XXXX XXXX', '^\\d{4} ?[A-Za-z]{2}$'),
  eu('BE', '32', [8, 9], 'XXX XX XX XX', '^\\d{4}$'),
  eu('AT', '43', [10, 11], 'XXX XXXXXXX', '^\\d{4}$'),
  eu('IE', '353', [9], 'XX XXX XXXX'),
  eu('PT', '351', [9], 'XXX XXX XXX', '^\\d{4}-\\d{3}$'),
  eu('CH', '41', [9], 'XX XXX XX XX', '^\\d{4}$'),
  eu('DK', '45', [8], 'XX XX XX XX', '^\\d{4}$'),
  eu('SE', '46', [9], 'XX XXX XX XX', '^\\d{3} ?\\d{2}$'),
  eu('PL', '48', [9], DEFAULT_MASK, '^\\d{2}-\\d{3}$'),
  eu('LU', '352', [9], DEFAULT_MASK, '^\\d{4}$'),
];

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export function findCountry(code: string | undefined): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}
