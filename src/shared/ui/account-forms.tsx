// The forms of the sign-in and enrolment flow (account-content §2), one markup for the account page,
// where they post without JavaScript, and for the sign-in dialog, which submits them to the API. Each
// takes its messages already in the page's language and puts every error at its field.

import { type FormEvent, type ReactNode, useId } from 'react';
import { INTERESTS } from '../account/interests.ts';
import type { SignUpRules } from '../account/sign-up-rules.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { Translate } from '../i18n/format.ts';
import { GENDERS } from '../schema/sign-up.ts';
import { CheckboxField, FormNotice, SelectField, TextField } from './form.tsx';

export type Errors = Readonly<Record<string, string | undefined>>;

interface FormBase {
  t: Translate;
  /** Where the form posts without JavaScript. */
  action: string;
  errors?: Errors | undefined;
  /** The dialog's handler; without it the form simply posts. */
  onSubmit?: ((event: FormEvent<HTMLFormElement>) => void) | undefined;
  busy?: boolean | undefined;
  /** Prefixes the ids, so a page and a dialog can hold the same form. */
  idPrefix?: string | undefined;
}

/** The links the forms show next to their boxes. */
export interface PolicyLinks {
  terms: string;
  privacy: string;
  loyaltyTerms: string;
  smsTerms: string;
}

/** What the site asks for at sign-up (commerce-core §5), as the form shows it. */
export interface SiteForm {
  rules: SignUpRules;
  dateFormat: string;
  phoneExample: string;
}

function Form({ action, onSubmit, busy, errors, children, label }: FormBase & { children: ReactNode; label?: string }) {
  return (
    <form className="form" method="post" action={action} noValidate onSubmit={onSubmit} aria-busy={busy ? 'true' : undefined} aria-label={label}>
      {errors?.form ? (
        <FormNotice kind="error">
          <p>{errors.form}</p>
        </FormNotice>
      ) : null}
      {children}
    </form>
  );
}

function Submit({ t, busy, children }: { t: Translate; busy?: boolean | undefined; children: ReactNode }) {
  return (
    <button className="button button--primary button--wide" type="submit" disabled={busy}>
      {busy ? t('account.wait') : children}
    </button>
  );
}

/** One email and a button: the lookup step, and the forgot-password step. */
function EmailForm(props: FormBase & { email?: string | undefined; step: string; intro: string; submit: string; children?: ReactNode }) {
  const { t, errors, email, idPrefix = 'page' } = props;
  return (
    <Form {...props}>
      <p>{props.intro}</p>
      <TextField
        required
        id={`${idPrefix}-${props.step}-email`}
        name="email"
        label={t('account.email')}
        type="email"
        autoComplete="email"
        defaultValue={email}
        error={errors?.email}
      />
      {props.children}
      <Submit t={t} busy={props.busy}>
        {props.submit}
      </Submit>
    </Form>
  );
}

/** `loyalty`: the shopper came to join the club, so a new account's form comes with the club ticked. */
export function LookupForm(props: FormBase & { email?: string | undefined; loyalty?: boolean | undefined }) {
  return (
    <EmailForm {...props} step="lookup" intro={props.t('account.lookupIntro')} submit={props.t('account.continue')}>
      {props.loyalty ? <input type="hidden" name="loyalty" value="1" /> : null}
    </EmailForm>
  );
}

export function ForgotForm(props: FormBase & { email?: string | undefined }) {
  return <EmailForm {...props} step="forgot" intro={props.t('account.forgotIntro')} submit={props.t('forgot.send')} />;
}

export function SignInForm(props: FormBase & { email: string; forgot: ReactNode; otherEmail: ReactNode; bot?: ReactNode }) {
  const { t, errors, email, idPrefix = 'page' } = props;
  return (
    <Form {...props}>
      <p>{t('account.signInIntro')}</p>
      <TextField
        required
        id={`${idPrefix}-signin-email`}
        name="email"
        label={t('account.email')}
        type="email"
        autoComplete="username"
        defaultValue={email}
        error={errors?.email}
      />
      <TextField
        required
        id={`${idPrefix}-signin-password`}
        name="password"
        label={t('account.password')}
        type="password"
        autoComplete="current-password"
        error={errors?.password}
      />
      <p className="form__aside">{props.forgot}</p>
      {props.bot}
      <Submit t={t} busy={props.busy}>
        {t('account.signIn')}
      </Submit>
      <p className="form__aside">{props.otherEmail}</p>
    </Form>
  );
}

function LinkOut({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

export interface SmsConsentState {
  /** The dialog shows the terms once the box is ticked, and counts consent only once they are accepted. */
  ticked: boolean;
  accepted: boolean;
  onTick: (ticked: boolean) => void;
  onAccept: () => void;
}

/** The SMS box (commerce-core §4, SMS consent): the terms under it, with an accept button in the dialog. */
export function SmsConsent({
  t,
  id,
  links,
  error,
  state,
  ticked,
}: {
  t: Translate;
  id: string;
  links: PolicyLinks;
  error?: string | undefined;
  state?: SmsConsentState | undefined;
  /** The plain form's box as a refused post had it. */
  ticked?: boolean | undefined;
}) {
  const termsId = `${id}-terms`;
  const terms = (
    <p className="field__hint" id={termsId}>
      {t('account.smsTerms')} <LinkOut href={links.smsTerms}>{t('account.smsTermsLink')}</LinkOut>
    </p>
  );
  if (!state) {
    return (
      <div className="sms-consent">
        <CheckboxField id={id} name="smsNotificationConsent" label={t('account.sms')} error={error} aria-describedby={termsId} defaultChecked={ticked} />
        {terms}
      </div>
    );
  }
  return (
    <div className="sms-consent">
      <CheckboxField
        id={id}
        name="smsNotificationConsent"
        label={t('account.sms')}
        error={error}
        checked={state.ticked}
        onChange={(event) => state.onTick(event.currentTarget.checked)}
      />
      {state.ticked && !state.accepted ? (
        <div className="sms-consent__terms">
          {terms}
          <button className="button button--secondary" type="button" onClick={state.onAccept}>
            {t('account.smsAccept')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

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
      {simplified && !site.rules.phoneRequired ? null : <ProfileInput field="phone" required={site.rules.phoneRequired} {...profileProps} />}
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
        <CheckboxField
          required
          id={id('terms')}
          name="isTermsConfirmed"
          label={
            <>
              {t('account.terms')} <LinkOut href={links.terms}>{t('account.termsLink')}</LinkOut> ·{' '}
              <LinkOut href={links.privacy}>{t('account.privacyLink')}</LinkOut>
            </>
          }
          error={errors?.isTermsConfirmed}
          defaultChecked={values.ticked?.isTermsConfirmed}
        />
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
