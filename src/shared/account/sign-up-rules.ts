// What sign-up asks for on each site (commerce-core §5): the minimum age (the age of digital consent
// where GDPR sets one; 13 in North America), and which fields the site requires.

import type { SiteId } from '../locale/sites.ts';

export interface SignUpRules {
  minimumAge: number;
  birthDateRequired: boolean;
  phoneRequired: boolean;
  /** The SMS consent box must be ticked when a phone number is given (TCPA in North America). */
  smsConsentRequired: boolean;
}

export const SIGN_UP_RULES: Readonly<Record<SiteId, SignUpRules>> = {
  US: { minimumAge: 13, birthDateRequired: false, phoneRequired: false, smsConsentRequired: true },
  CA: { minimumAge: 13, birthDateRequired: false, phoneRequired: false, smsConsentRequired: true },
  GB: { minimumAge: 13, birthDateRequired: true, phoneRequired: false, smsConsentRequired: false },
  FR: { minimumAge: 15, birthDateRequired: true, phoneRequired: true, smsConsentRequired: false },
  DE: { minimumAge: 16, birthDateRequired: true, phoneRequired: false, smsConsentRequired: false },
  IT: { minimumAge: 14, birthDateRequired: true, phoneRequired: true, smsConsentRequired: false },
};
