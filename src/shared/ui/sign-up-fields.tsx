// Two parts of the sign-up form (commerce-core §3, Sign-up form): the dial code beside the phone number, and
// the two consents, the brand's terms of use and the privacy policy, each its own box and its own record.

import type { Translate } from '../i18n/format.ts';
import { COUNTRIES } from '../locale/countries.ts';
import { type Errors, LinkOut, type PolicyLinks } from './account-form-frame.tsx';
import { CheckboxField, SelectField } from './form.tsx';

/** The dial codes of the countries the store knows, "+1" to "+353". */
const DIAL_CODES = [...new Set(COUNTRIES.map((country) => `+${country.dialCode}`))].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));

/** phoneCode: left as it comes, the number is the site's country's, or the one its own dial code names. */
export function PhoneCodeField({ prefix, t, value, error }: { prefix: string; t: Translate; value?: string | undefined; error?: string | undefined }) {
  return (
    <SelectField
      id={`${prefix}-phone-code`}
      name="phoneCode"
      label={t('account.phoneCode')}
      defaultValue={value ?? ''}
      options={[{ value: '', label: t('account.phoneCodeFromNumber') }, ...DIAL_CODES.map((code) => ({ value: code, label: code }))]}
      error={error}
    />
  );
}

/** isTermsConfirmed (the brand's terms, the spec's brandTerms) and termsConditionsAndPolicy (its policy). */
export function SignUpConsents(props: {
  id: (name: string) => string;
  t: Translate;
  links: PolicyLinks;
  errors?: Errors | undefined;
  ticked?: Readonly<Record<string, boolean>> | undefined;
}) {
  const { id, t, links, errors, ticked } = props;
  return (
    <>
      <CheckboxField
        required
        id={id('terms')}
        name="isTermsConfirmed"
        label={
          <>
            {t('account.brandTerms')} <LinkOut href={links.terms}>{t('account.termsLink')}</LinkOut>
          </>
        }
        error={errors?.isTermsConfirmed}
        defaultChecked={ticked?.isTermsConfirmed}
      />
      {/* Sent even when the box is left (a form keeps a name's last value): a box left is told from a page from before, which had none. */}
      <input type="hidden" name="termsConditionsAndPolicy" value="" />
      <CheckboxField
        required
        id={id('policy')}
        name="termsConditionsAndPolicy"
        label={
          <>
            {t('account.policyRead')} <LinkOut href={links.privacy}>{t('account.privacyLink')}</LinkOut>
          </>
        }
        error={errors?.termsConditionsAndPolicy}
        defaultChecked={ticked?.termsConditionsAndPolicy}
      />
    </>
  );
}
