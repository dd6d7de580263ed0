// Apple Pay's payment sheet as the store sees it (commerce-core §3 Apple Pay address, §4 Apple Pay session,
// §5 Apple Pay rules, §8 Apple Pay errors). Pure code: the API checks contacts with it and the browser's
// session code maps its answers to the sheet's errors.

/** A contact as Apple Pay hands it over: redacted (country, region, city, postal code) until the shopper pays. */
export interface ApplePayContact {
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  addressLines?: string[];
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  country?: string;
  countryCode?: string;
}

/** The field an ApplePayError points the sheet at. */
export type ApplePayContactField = 'name' | 'addressLines' | 'locality' | 'postalCode' | 'administrativeArea' | 'countryCode' | 'phoneNumber' | 'emailAddress';

/** The sheet's error codes (ApplePayError). */
export type ApplePayErrorCode = 'shippingContactInvalid' | 'billingContactInvalid' | 'addressUnserviceable' | 'unknown';

export interface ApplePayProblem {
  code: ApplePayErrorCode;
  contactField?: ApplePayContactField;
  /** Key into the message catalogues (applePayCountryError, applePayCityNameLength, ...). */
  messageKey: string;
}

/** The messages the sheet's errors may need, translated for whatever runs the sheet (an island, the product page). */
export const APPLE_PAY_MESSAGE_KEYS = [
  'applePay.countryError',
  'applePay.cityNameLength',
  'applePay.shippingMethodError',
  'applePay.shippingMethodListError',
  'applePay.characters',
  'applePay.required',
  'applePay.paymentFailed',
  'error.addressInvalid',
  'error.general',
] as const;

/** An amount in minor units as the sheet writes it ("225.00", "1500" for yen). */
export function applePayAmount(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/** commerce-core §9: a wallet's city may be longer than one typed into the store's own form. */
export const APPLE_PAY_CITY_MAX = 50;

/** Letters (any script), digits, spaces and the punctuation an address uses; nothing that could be markup. */
const ADDRESS_TEXT = /^[\p{L}\p{M}\p{N}\s.,'’`#&/()°º-]*$/u;

export interface ContactRules {
  /** The store's country (the site's first): a wallet address elsewhere is refused (applePayCountryError). */
  storeCountry: string;
  /** Countries the site ships to. */
  supportedCountries: readonly string[];
}

const countryOf = (contact: ApplePayContact) => (contact.countryCode ?? '').trim().toUpperCase();

/**
 * What is wrong with a shipping or billing contact. While the sheet is open only the country, region, city
 * and postal code are known (`complete` false); once the shopper pays, names, lines and postal code are due.
 */
export function applePayContactProblems(contact: ApplePayContact, kind: 'shipping' | 'billing', rules: ContactRules, complete: boolean): ApplePayProblem[] {
  const code: ApplePayErrorCode = kind === 'shipping' ? 'shippingContactInvalid' : 'billingContactInvalid';
  const problems: ApplePayProblem[] = [];
  const country = countryOf(contact);
  // The country rule is the delivery's; a card may be billed from abroad as long as the country is given.
  if (kind === 'shipping' && (country !== rules.storeCountry || !rules.supportedCountries.includes(country))) {
    problems.push({ code, contactField: 'countryCode', messageKey: 'applePay.countryError' });
  }
  if (kind === 'billing' && !/^[A-Z]{2}$/.test(country)) problems.push({ code, contactField: 'countryCode', messageKey: 'applePay.required' });
  const city = (contact.locality ?? '').trim();
  if (city.length > APPLE_PAY_CITY_MAX) problems.push({ code, contactField: 'locality', messageKey: 'applePay.cityNameLength' });
  const texts: [ApplePayContactField, string][] = [
    ['addressLines', (contact.addressLines ?? []).join(' ')],
    ['locality', city],
    ['administrativeArea', contact.administrativeArea ?? ''],
    ['postalCode', contact.postalCode ?? ''],
    ['name', `${contact.givenName ?? ''} ${contact.familyName ?? ''}`],
  ];
  for (const [field, text] of texts) {
    if (!ADDRESS_TEXT.test(text) && !problems.some((p) => p.contactField === field))
      problems.push({ code, contactField: field, messageKey: 'applePay.characters' });
  }
  if (complete) {
    const required: [ApplePayContactField, string][] = [
      ['addressLines', (contact.addressLines ?? [])[0] ?? ''],
      ['postalCode', contact.postalCode ?? ''],
      ['name', (contact.givenName ?? '').trim() && (contact.familyName ?? '').trim() ? 'given' : ''],
    ];
    if (kind === 'shipping') required.push(['locality', city]);
    for (const [field, value] of required) {
      if (!value.trim() && !problems.some((p) => p.contactField === field)) problems.push({ code, contactField: field, messageKey: 'applePay.required' });
    }
  }
  return problems;
}

/** The Apple Pay address (commerce-core §3) of a contact, in the fields the store's addresses use. */
export function applePayAddress(contact: ApplePayContact, fallback: { email?: string; phone?: string } = {}) {
  const lines = contact.addressLines ?? [];
  const countryCode = countryOf(contact);
  return {
    firstName: (contact.givenName ?? '').trim(),
    lastName: (contact.familyName ?? '').trim(),
    email: (contact.emailAddress ?? fallback.email ?? '').trim(),
    countryCode,
    addressLine1: (lines[0] ?? '').trim(),
    addressLine2: lines.slice(1).join(', ').trim(),
    postalCode: (contact.postalCode ?? '').trim(),
    city: (contact.locality ?? '').trim(),
    province: (contact.administrativeArea ?? '').trim(),
    phone: (contact.phoneNumber ?? fallback.phone ?? '').replace(/[^\d+]/g, ''),
  };
}

/**
 * Apple's merchant validation hosts (its documented list: the gateway, its regional pods, China's and the
 * sandbox's). The browser names the URL to call; anything else is refused, so the server never fetches a
 * URL a page chose.
 */
export function isApplePayValidationUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.port === '' && /^(cn-)?apple-pay-gateway(-[a-z0-9]+)*\.apple\.com$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** Where the store's API refusals point on the sheet: the contact field the detail names, or the whole address. */
export function applePayErrorFor(errorId: string, field: string | undefined, kind: 'shipping' | 'billing'): ApplePayProblem {
  const code: ApplePayErrorCode = kind === 'shipping' ? 'shippingContactInvalid' : 'billingContactInvalid';
  const contactField = CONTACT_FIELDS[field ?? ''];
  if (errorId === 'SHP404') return { code: 'addressUnserviceable', contactField: 'addressLines', messageKey: 'applePay.shippingMethodError' };
  if (errorId === 'SHP500' || errorId === 'PAY401' || errorId === 'CHK380') {
    return { code: 'addressUnserviceable', contactField: 'addressLines', messageKey: 'applePay.shippingMethodListError' };
  }
  if (errorId === 'CHK320' || errorId === 'SHP410' || errorId === 'BIL400' || errorId === 'BILL410') {
    return { code, ...(contactField ? { contactField } : {}), messageKey: 'error.addressInvalid' };
  }
  return { code: 'unknown', messageKey: 'error.general' };
}

const CONTACT_FIELDS: Record<string, ApplePayContactField> = {
  firstName: 'name',
  lastName: 'name',
  addressLine1: 'addressLines',
  addressLine2: 'addressLines',
  city: 'locality',
  postalCode: 'postalCode',
  province: 'administrativeArea',
  countryCode: 'countryCode',
  phone: 'phoneNumber',
  email: 'emailAddress',
};
