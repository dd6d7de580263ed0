// Address form rules per country (commerce-core §5): the defaults plus what a country adds.

import type { Country } from '../../../shared/countries.ts';

export interface FieldRule {
  required: boolean;
  min?: number;
  max?: number;
  pattern?: string;
  options?: string[];
  transform?: 'capitalize' | 'uppercase';
}

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );
const CA_PROVINCES = 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' ');

export function addressRules(country: Country): Record<string, FieldRule> {
  const provinces = country.code === 'US' ? US_STATES : country.code === 'CA' ? CA_PROVINCES : undefined;
  return {
    firstName: { required: true, min: 2, max: 30, transform: 'capitalize' },
    lastName: { required: true, min: 2, max: 30, transform: 'capitalize' },
    addressLine1: { required: true, max: 30 },
    addressLine2: { required: false, max: 30 },
    city: { required: true, max: 30 },
    postalCode: {
      required: true,
      ...(country.postalCode ? { pattern: country.postalCode } : {}),
      ...(country.code === 'CA' || country.code === 'GB' ? { transform: 'uppercase' as const } : {}),
    },
    province: provinces ? { required: true, options: provinces } : { required: false },
    country: { required: true },
    email: { required: true, max: 100 },
    phone: { required: true, min: Math.min(...country.phoneLengths), max: Math.max(...country.phoneLengths) },
  };
}
