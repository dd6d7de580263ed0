// The enrolment forms (account-content §2): sign-up, interests, the complete-profile step, the club, the
// password and the employee terms, one markup for the account page, where they post without JavaScript,
// and for the sign-in dialog, which submits them to the API. Each takes its messages already in the
// page's language and puts every error at its field.

import { type ReactNode, useId } from 'react';
import { INTERESTS } from '../account/interests.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { Translate } from '../i18n/format.ts';
import { GENDERS } from '../schema/sign-up.ts';
import { type Errors, Form, type FormBase, LinkOut, type PolicyLinks, type SiteForm, Submit } from './account-form-frame.tsx';
import { CheckboxField, SelectField, TextField } from './form.tsx';
import { PhoneCodeField, SignUpConsents } from './sign-up-fields.tsx';
import { SmsConsent, type SmsConsentState } from './sms-consent.tsx';

/** The profile's own inputs, shared by sign-up and the complete-profile steps (ids keep the form's prefix). */
const PROFILE_INPUTS = {
  firstName: { id: 'first', label: 'account.firstName', autoComplete: 'given-name' },
  lastName: { id: 'last', label: 'account.lastName', autoComplete: 'family-name' },
  birthDate: { id: 'birth', label: 'account.birthDate', autoComplete: 'bday', inputMode: 'numeric' },
  postalCode: { id: 'postal', label: 'account.postalCode', autoComplete: 'postal-code' },
  phone: { id: 'phone', label: 'account.phone', autoComplete: 'tel', type: 'tel' },
} as const satisfies Record<string, { id: string; label: MessageKey; autoComplete: string; inputMode?: 'numeric'; type?: 'tel' }>;

function ProfileInput({
  field,
  prefix,
  t,
  values,
  errors,
  site,
  required,
  onPhoneInput,
}: {
  field: keyof typeof PROFILE_INPUTS;
  prefix: string;
  t: Translate;
  values: SignUpValues;
  errors?: Errors | undefined;
  site: SiteForm;
  required: boolean;
  onPhoneInput?: ((value: string) => void) | undefined;
}) {
  const input: { id: string; label: MessageKey; autoComplete: string; inputMode?: 'numeric'; type?: 'tel' } = PROFILE_INPUTS[field];
  const hint =
    field === 'birthDate'
      ? t('account.dateHint', { format: site.dateFormat })
      : field === 'phone'
        ? t('account.phoneHint', { example: site.phoneExample })
        : undefined;
  return (
    <TextField
      required={required}
      id={`${prefix}-${input.id}`}
      name={field}
      label={t(input.label)}
      optionalLabel={required ? undefined : t('form.optional')}
      type={input.type ?? 'text'}
      inputMode={input.inputMode}
      autoComplete={input.autoComplete}
      hint={hint}
      defaultValue={values[field]}
      error={errors?.[field]}
      onInput={field === 'phone' && onPhoneInput ? (event) => onPhoneInput(event.currentTarget.value) : undefined}
    />
  );
}

export interface SignUpValues {
  /** The boxes a refused form had ticked, so the page shows them again as they were. */
  ticked?: Readonly<Record<string, boolean>>;
  email?: string;
  firstName?: string;
  lastName?: string;
  birthDate?: string;
  phone?: string;
  phoneCode?: string;
  gender?: string;
  postalCode?: string;
}

export function SignUpForm(
  props: FormBase & {
    values: SignUpValues;
    site: SiteForm;
    links: PolicyLinks;
    sms?: SmsConsentState | undefined;
    onPhoneInput?: ((value: string) => void) | undefined;
    bot?: ReactNode;
    /** Loyalty sign-up: the club box comes ticked. */
    loyalty?: boolean | undefined;
    /** The simplified enrolment: only what the site requires (gender is then "unspecified"). */
    simplified?: boolean | undefined;
  },
) {
  const { t, errors, values, site, links, idPrefix = 'page', simplified = false } = props;
  const id = (name: string) => `${idPrefix}-signup-${name}`;
  const profileProps = { prefix: `${idPrefix}-signup`, t, values, errors, site, onPhoneInput: props.onPhoneInput };
  return (
    <Form {...props}>
      <p>{t('account.signUpIntro')}</p>
      <TextField
        required
        id={id('email')}
        name="email"
        label={t('account.email')}
        type="email"
        autoComplete="email"
        defaultValue={values.email}
        error={errors?.email}
      />
      <div className="form__row">
        <ProfileInput field="firstName" required {...profileProps} />
        <ProfileInput field="lastName" required {...profileProps} />
      </div>
      <TextField
        required
        id={id('password')}
        name="password"
        label={t('account.password')}
        type="password"
        autoComplete="new-password"
        hint={t('forgot.rules')}
        error={errors?.password}
      />
      {simplified && !site.rules.birthDateRequired ? null : <ProfileInput field="birthDate" required={site.rules.birthDateRequired} {...profileProps} />}
      {simplified && !site.rules.phoneRequired ? null : (
        <div className="form__row">
          <PhoneCodeField prefix={`${idPrefix}-signup`} t={t} value={values.phoneCode} error={errors?.phoneCode} />
          <ProfileInput field="phone" required={site.rules.phoneRequired} {...profileProps} />
        </div>
      )}
      {simplified ? null : (
        <div className="form__row">
          <SelectField
            required
            id={id('gender')}
            name="gender"
            label={t('account.gender')}
            defaultValue={values.gender ?? ''}
            options={[{ value: '', label: t('account.genderChoose') }, ...GENDERS.map((gender) => ({ value: gender, label: t(`account.gender.${gender}`) }))]}
            error={errors?.gender}
          />
          <ProfileInput field="postalCode" required={false} {...profileProps} />
        </div>
      )}
      <div className="form__choices">
        <CheckboxField id={id('newsletter')} name="newsletterConsent" label={t('account.newsletter')} defaultChecked={values.ticked?.newsletterConsent} />
        <CheckboxField
          id={id('loyalty')}
          name="loyaltyEnrollment"
          label={t('account.loyalty')}
          defaultChecked={props.loyalty || values.ticked?.loyaltyEnrollment}
        />
        <CheckboxField
          id={id('loyalty-terms')}
          name="loyaltyConsent"
          label={
            <>
              {t('account.loyaltyTerms')} <LinkOut href={links.loyaltyTerms}>{t('account.loyaltyTermsLink')}</LinkOut>
            </>
          }
          error={errors?.loyaltyConsent}
          defaultChecked={values.ticked?.loyaltyConsent}
        />
        {site.rules.smsConsentRequired && !(simplified && !site.rules.phoneRequired) ? (
          <SmsConsent
            t={t}
            id={id('sms')}
            links={links}
            error={errors?.smsNotificationConsent}
            state={props.sms}
            ticked={values.ticked?.smsNotificationConsent}
          />
        ) : null}
        <SignUpConsents id={id} t={t} links={links} errors={errors} ticked={values.ticked} />
      </div>
      {props.bot}
      <Submit t={t} busy={props.busy}>
        {t('account.create')}
      </Submit>
    </Form>
  );
}

/** Shoe sizes in the site's system: US for North America, UK for Great Britain, EU elsewhere. */
export function shoeSizes(system: 'US' | 'UK' | 'EU'): string[] {
  const [from, to] = system === 'EU' ? [35, 48] : system === 'UK' ? [3, 14] : [4, 15];
  const sizes: string[] = [];
  for (let size = from; size <= to; size += 0.5) sizes.push(String(size));
  return sizes;
}

export function InterestsForm(
  props: FormBase & { interests: readonly string[]; shoeSize?: string | null | undefined; sizes: readonly string[]; secondary?: ReactNode },
) {
  const { t, errors, interests, idPrefix = 'page' } = props;
  const legendId = useId();
  return (
    <Form {...props}>
      <fieldset className="interests" aria-describedby={errors?.interests ? `${idPrefix}-interests-error` : undefined}>
        <legend id={legendId}>{t('account.interests.intro')}</legend>
        {INTERESTS.map((interest) => (
          <label className="interest" key={interest}>
            <input type="checkbox" name="interests" value={interest} defaultChecked={interests.includes(interest)} />
            <span>{t(`interest.${interest}`)}</span>
          </label>
        ))}
        {errors?.interests ? (
          <p className="field__error" id={`${idPrefix}-interests-error`} role="alert">
            {errors.interests}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        id={`${idPrefix}-shoe-size`}
        name="preferredShoeSize"
        label={t('account.interests.shoeSize')}
        defaultValue={props.shoeSize ?? ''}
        options={[{ value: '', label: t('account.interests.noSize') }, ...props.sizes.map((size) => ({ value: size, label: size }))]}
        error={errors?.preferredShoeSize}
      />
      <div className="form__actions">
        <Submit t={t} busy={props.busy}>
          {t('account.interests.save')}
        </Submit>
        {props.secondary}
      </div>
    </Form>
  );
}

export type ProfileField = 'phone' | 'firstName' | 'lastName' | 'postalCode' | 'birthDate';

/** Steps 2 (mobile) and 3 (profile): only the fields the profile is missing. */
export function CompleteProfileForm(
  props: FormBase & {
    fields: readonly ProfileField[];
    values: SignUpValues;
    site: SiteForm;
    links: PolicyLinks;
    sms?: SmsConsentState | undefined;
    onPhoneInput?: ((value: string) => void) | undefined;
    secondary?: ReactNode;
  },
) {
  const { t, errors, values, site, fields, idPrefix = 'page' } = props;
  const id = (name: string) => `${idPrefix}-complete-${name}`;
  const profileProps = { prefix: `${idPrefix}-complete`, t, values, errors, site, onPhoneInput: props.onPhoneInput };
  return (
    <Form {...props}>
      {(['firstName', 'lastName', 'birthDate', 'postalCode'] as const).map((field) =>
        fields.includes(field) ? <ProfileInput key={field} field={field} required {...profileProps} /> : null,
      )}
      {fields.includes('phone') ? (
        <>
          <ProfileInput field="phone" required {...profileProps} />
          {site.rules.smsConsentRequired ? (
            <SmsConsent t={t} id={id('sms')} links={props.links} error={errors?.smsNotificationConsent} state={props.sms} />
          ) : null}
        </>
      ) : null}
      <div className="form__actions">
        <Submit t={t} busy={props.busy}>
          {t('account.save')}
        </Submit>
        {props.secondary}
      </div>
    </Form>
  );
}

/** Step 0: a signed-in shopper who is not a member is offered the club, with its terms. */
export function JoinLoyaltyForm(props: FormBase & { links: PolicyLinks; secondary?: ReactNode }) {
  const { t, errors, idPrefix = 'page' } = props;
  return (
    <Form {...props}>
      <p>{t('account.joinText')}</p>
      <CheckboxField
        required
        id={`${idPrefix}-join-terms`}
        name="loyaltyConsent"
        label={
          <>
            {t('account.loyaltyTerms')} <LinkOut href={props.links.loyaltyTerms}>{t('account.loyaltyTermsLink')}</LinkOut>
          </>
        }
        error={errors?.loyaltyConsent}
      />
      <div className="form__actions">
        <Submit t={t} busy={props.busy}>
          {t('account.join')}
        </Submit>
        {props.secondary}
      </div>
    </Form>
  );
}

/** A signed-in shopper's new password: the current one again, the new one twice. */
export function ChangePasswordForm(props: FormBase) {
  const { t, errors, idPrefix = 'page' } = props;
  const field = (name: 'currentPassword' | 'newPassword' | 'confirmPassword', label: MessageKey, autoComplete: string, hint?: string) => (
    <TextField
      required
      id={`${idPrefix}-${name}`}
      name={name}
      label={t(label)}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      error={errors?.[name]}
    />
  );
  return (
    <Form {...props}>
      {field('currentPassword', 'account.currentPassword', 'current-password')}
      {field('newPassword', 'forgot.password', 'new-password', t('forgot.rules'))}
      {field('confirmPassword', 'forgot.confirm', 'new-password')}
      <Submit t={t} busy={props.busy}>
        {t('account.changePassword')}
      </Submit>
    </Form>
  );
}

export function EmployeeTermsForm(props: FormBase & { termsHref: string }) {
  const { t } = props;
  return (
    <Form {...props}>
      <p>{t('account.employeeTerms.text')}</p>
      <p>
        <LinkOut href={props.termsHref}>{t('account.employeeTerms.link')}</LinkOut>
      </p>
      <Submit t={t} busy={props.busy}>
        {t('account.employeeTerms.accept')}
      </Submit>
    </Form>
  );
}
