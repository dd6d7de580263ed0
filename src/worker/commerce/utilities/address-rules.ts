// Address form rules per country (commerce-core §5): the defaults plus what a country adds. The figures
// are the address schema's own, so what a form is told and what the API accepts cannot drift apart.

import type { Country } from '../../../shared/locale/countries.ts';
import { provincesOf } from '../../../shared/locale/provinces.ts';
import { ADDRESS_LIMITS } from '../../../shared/schema/address.ts';

export interface FieldRule {
  required: boolean;
  min?: number;
  max?: number;
  pattern?: string;
  /** How the value is written (A a letter, 9 a digit): the API conforms what it is given to these. */
  masks?: readonly string[];
  options?: { value: string; label: string }[];
  transform?: 'capitalize' | 'uppercase';
}

export function addressRules(country: Country): Record<string, FieldRule> {
  const provinces = provincesOf(country.code);
  return {
    firstName: { required: true, min: 2, max: 30, transform: 'capitalize' },
    lastName: { required: true, min: 2, max: 30, transform: 'capitalize' },
    addressLine1: { required: true, max: ADDRESS_LIMITS.addressLine },
    addressLine2: { required: false, max: ADDRESS_LIMITS.addressLine },
    city: { required: true, max: ADDRESS_LIMITS.city, transform: 'capitalize' },
    postalCode: {
      required: true,
      max: ADDRESS_LIMITS.postalCode,
      ...(country.postalCode ? { pattern: country.postalCode } : {}),
      ...(country.postalMasks ? { masks: country.postalMasks } : {}),
      transform: 'uppercase',
    },
    province: provinces ? { required: true, options: Object.entries(provinces).map(([value, label]) => ({ value, label })) } : { required: false },
    country: { required: true },
    email: { required: true, max: 100 },
    phone: { required: true, min: Math.min(...country.phoneLengths), max: Math.max(...country.phoneLengths) },
  };
}
