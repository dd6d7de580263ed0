// What the account forms need to know of a site and a locale: the sign-up rules, the date format, an
// example phone number in the country's own shape, the shoe-size system and the policy pages.

import { formatPhone } from '../locale/phone.ts';
import { SITES, type SiteId } from '../locale/sites.ts';
import { dateFormatOf } from '../schema/sign-up.ts';
import type { PolicyLinks, SiteForm } from '../ui/account-form-frame.tsx';
import { shoeSizes } from '../ui/account-forms.tsx';
import { SIGN_UP_RULES } from './sign-up-rules.ts';

/** A number of each country's fictional or test range, formatted as the form will store it. */
const EXAMPLE_NUMBERS: Record<SiteId, string> = {
  US: '2025550123',
  CA: '4165550123',
  GB: '7700900123',
  FR: '612345678',
  DE: '15123456789',
  IT: '3123456789',
};

export function siteForm(siteId: SiteId): SiteForm {
  const country = SITES[siteId].countries[0] ?? siteId;
  return {
    rules: SIGN_UP_RULES[siteId],
    dateFormat: dateFormatOf(siteId),
    phoneExample: formatPhone(EXAMPLE_NUMBERS[siteId], country) ?? EXAMPLE_NUMBERS[siteId],
  };
}

export function siteShoeSizes(siteId: SiteId): string[] {
  const region = SITES[siteId].region;
  return shoeSizes(region === 'NA' ? 'US' : siteId === 'GB' ? 'UK' : 'EU');
}

export function policyLinks(localeCode: string): PolicyLinks {
  return {
    terms: `/${localeCode}/brand-terms`,
    privacy: `/${localeCode}/privacy`,
    loyaltyTerms: `/${localeCode}/loyalty-terms`,
    smsTerms: `/${localeCode}/sms-terms`,
  };
}

export const employeeTermsHref = (localeCode: string) => `/${localeCode}/associate-discount-terms`;
