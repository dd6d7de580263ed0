// The sign-in dialog (commerce-core §2, account-content §2): lookup, sign-in, sign-up, forgot password and
// the complete-profile steps 0 to 5, in the forms the account page posts without JavaScript. The shared
// schemas check each form before it is sent; the server's coded answers go where the spec places them.
// A native modal <dialog>: the page behind is inert, Tab stays inside, Escape closes, focus returns to
// the control that opened it.

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  type FlowStep,
  fieldMessages,
  fieldOfCode,
  formFields,
  initialStep,
  messageKeyOfCode,
  missingProfileFields,
  signUpBody,
} from '../../../shared/account/account-forms.ts';
import { employeeTermsHref, policyLinks, siteForm, siteShoeSizes } from '../../../shared/account/account-site.ts';
import { joinInterests, parseInterests } from '../../../shared/account/interests.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { localizeValidation } from '../../../shared/i18n/validation.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { SignInEmail } from '../../../shared/schema/identity.ts';
import { signUpSchema } from '../../../shared/schema/sign-up.ts';
import type { Errors } from '../../../shared/ui/account-form-frame.tsx';
import {
  CompleteProfileForm,
  EmployeeTermsForm,
  InterestsForm,
  JoinLoyaltyForm,
  type ProfileField,
  SignUpForm,
  type SignUpValues,
} from '../../../shared/ui/account-forms.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { ForgotForm, LookupForm, SignInForm } from '../../../shared/ui/sign-in-forms.tsx';
import { ApiError } from '../../api-answer.ts';
import { BotCheck, type BotToken } from '../../bot-check.tsx';
import { lookup, type Profile, readProfile, requestReset, signIn, signUp, updateProfile } from './flow-api.ts';

export type DialogStep = FlowStep | 'signed-in' | 'employee-terms';

/** How the dialog was opened: the default, the loyalty sign-up, the simplified enrolment, or sign-in to buy. */
export type Variant = '' | 'loyalty' | 'simplified' | 'checkout';

export interface SignInDialogProps {
  locale: Locale;
  variant: Variant;
  profile: Profile | null;
  botSiteKey?: string | undefined;
  /** Called once the dialog is open, and once it has closed (its closing transition done). */
  onOpened: () => void;
  onClosed: () => void;
}

const TRANSITION_MS = 250;

/** The header follows the new session at once (its code loads only when there is a session to show). */
function sessionChanged(): void {
  void import('../../session-ui.ts').then((ui) => ui.showSession());
}

/** Where a signed-in shopper starts (account-content §2), the loyalty sign-up offering the club first. */
export function startStep(profile: Profile | null, variant: Variant): DialogStep {
  if (!profile) return 'lookup';
  if (variant === 'loyalty' && !profile.isLoyaltyMember) return 'profile-0-non-loyalty';
  const step = initialStep({ signedIn: true, hasPhone: Boolean(profile.consumerDetails.phone) });
  // The profile step with nothing left to fill goes on to the interests.
  return step === 'profile-3-profile' && missingOf(profile).length === 0 ? 'profile-4-interests' : step;
}

function missingOf(profile: Profile | null): ProfileField[] {
  return profile ? (missingProfileFields(profile.consumerDetails) as ProfileField[]) : [];
}

const TITLES: Record<DialogStep, MessageKey> = {
  lookup: 'account.lookupTitle',
  'sign-in': 'account.signInTitle',
  'sign-up': 'account.signUpTitle',
  forgot: 'forgot.title',
  'forgot-sent': 'forgot.title',
  'profile-0-non-loyalty': 'account.joinTitle',
  'profile-1-welcome': 'account.welcome.title',
  'profile-2-mobile': 'account.mobile.title',
  'profile-3-profile': 'account.complete.title',
  'profile-4-interests': 'account.interests.title',
  'profile-5-success': 'account.success.title',
  'signed-in': 'account.signInTitle',
  'employee-terms': 'account.employeeTerms.title',
};

const ESPOTS: Partial<Record<DialogStep, string>> = { lookup: 'sign-in-modal', 'sign-in': 'sign-in-modal', 'sign-up': 'sign-up-modal' };

export function SignInDialog({ locale, variant, profile: initialProfile, botSiteKey, onOpened, onClosed }: SignInDialogProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [step, setStep] = useState<DialogStep>(() => startStep(initialProfile, variant));
  const [profile, setProfile] = useState<Profile | null>(initialProfile);
  const [email, setEmail] = useState('');
  const [values, setValues] = useState<SignUpValues>({});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [sms, setSms] = useState({ ticked: false, accepted: false });
  const [espot, setEspot] = useState<Record<string, string>>({});
  const bot = useRef<BotToken>({ token: undefined, reset: () => undefined });
  const site = siteForm(locale.site.id);
  const links = policyLinks(locale.code);
  const name = profile?.consumerDetails.firstName ?? values.firstName ?? '';

  useEffect(() => {
    dialog.current?.showModal();
    onOpened();
  }, [onOpened]);

  // Each step starts at its title, so a screen reader hears where it is; errors move focus to the first field at fault.
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [step]);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const target = body.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    target?.focus();
  }, [errors]);

  const slot = ESPOTS[step];
  useEffect(() => {
    if (!slot || slot in espot) return;
    let live = true;
    fetch(`/${locale.code}/account/espot/${slot}`, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : ''))
      .catch(() => '')
      .then((html) => {
        if (live) setEspot((current) => ({ ...current, [slot]: html }));
      });
    return () => {
      live = false;
    };
  }, [slot, espot, locale.code]);

  function close(): void {
    const element = dialog.current;
    if (!element?.open) return;
    element.close();
  }

  function go(next: DialogStep): void {
    setErrors({});
    setStep(next);
  }

  /** A failed call's messages at their fields, in the page's language. */
  function place(error: unknown): void {
    bot.current.reset();
    if (!(error instanceof ApiError)) {
      setErrors({ form: t('error.general') });
      return;
    }
    if (error.errorId === 'API400' && error.details.length > 0) {
      const placed: Record<string, string> = {};
      for (const detail of error.details) placed[detail.field?.split('.').pop() ?? 'form'] ??= localizeValidation(t, detail.message);
      setErrors(placed);
      return;
    }
    setErrors({ [fieldOfCode(error.errorId)]: t(messageKeyOfCode(error.errorId) as MessageKey) });
  }

  async function run(work: () => Promise<void>): Promise<void> {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      place(error);
    } finally {
      setBusy(false);
    }
  }

  const fieldsOf = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return formFields(new FormData(event.currentTarget).entries());
  };

  /** Signed in: whatever fails from here on must not send the shopper back to a form they have passed. */
  async function signedIn(): Promise<void> {
    sessionChanged();
    const current = await readProfile().catch(() => null);
    if (!current) return go('signed-in');
    setProfile(current);
    if (current.consumerType === 'EMPLOYEE' && !current.isEmployeeDiscountTCAccepted) go('employee-terms');
    // Signed in from the club's sign-up: a shopper not yet in the club is offered it (step 0).
    else if (variant === 'loyalty' && !current.isLoyaltyMember) go('profile-0-non-loyalty');
    else go('signed-in');
  }

  function onLookup(event: FormEvent<HTMLFormElement>) {
    const fields = fieldsOf(event);
    const parsed = v.safeParse(SignInEmail, fields.email ?? '');
    if (!parsed.success) return setErrors({ email: localizeValidation(t, parsed.issues[0].message) });
    void run(async () => {
      setEmail(parsed.output);
      setValues((current) => ({ ...current, email: parsed.output }));
      go((await lookup(parsed.output)) ? 'sign-in' : 'sign-up');
    });
  }

  function onSignIn(event: FormEvent<HTMLFormElement>) {
    const fields = fieldsOf(event);
    const problems: Record<string, string> = {};
    const parsed = v.safeParse(SignInEmail, fields.email ?? '');
    if (!parsed.success) problems.email = localizeValidation(t, parsed.issues[0].message);
    if (!fields.password) problems.password = t('validation.required');
    if (Object.keys(problems).length > 0) return setErrors(problems);
    void run(async () => {
      try {
        await signIn(fields.email ?? '', fields.password ?? '', bot.current.token);
      } catch (error) {
        // Wrong credentials belong to the whole form: they must not say which of the two is wrong.
        if (error instanceof ApiError && fieldOfCode(error.errorId) === 'form') {
          bot.current.reset();
          return setErrors({ form: t(messageKeyOfCode(error.errorId) as MessageKey) });
        }
        throw error;
      }
      await signedIn();
    });
  }

  function onSignUp(event: FormEvent<HTMLFormElement>) {
    const fields = fieldsOf(event);
    if (variant === 'simplified') fields.gender ||= 'unspecified';
    setValues(fields);
    if (site.rules.smsConsentRequired && sms.ticked && !sms.accepted) return setErrors({ smsNotificationConsent: t('account.smsAccept') });
    if (sms.accepted && fields.phone) fields.smsNotificationConsent = 'on';
    else delete fields.smsNotificationConsent;
    const body = signUpBody(fields);
    const parsed = v.safeParse(signUpSchema(locale.site.id, new Date()), body);
    if (!parsed.success) {
      const messages = fieldMessages(parsed.issues);
      return setErrors(Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, localizeValidation(t, message)])));
    }
    void run(async () => {
      const created = await signUp(body, bot.current.token);
      setMemberId(created.memberId);
      if (!created.signedIn) {
        // The account exists but the session did not follow: the shopper signs in with it.
        setEmail(fields.email ?? '');
        go('sign-in');
        setErrors({ form: t('error.authorizationFailed') });
        return;
      }
      sessionChanged();
      setProfile(await readProfile().catch(() => null));
      go('profile-1-welcome');
    });
  }

  function onForgot(event: FormEvent<HTMLFormElement>) {
    const fields = fieldsOf(event);
    const parsed = v.safeParse(SignInEmail, fields.email ?? '');
    if (!parsed.success) return setErrors({ email: localizeValidation(t, parsed.issues[0].message) });
    void run(async () => {
      await requestReset(parsed.output);
      go('forgot-sent');
    });
  }

  /** Steps 2 and 3: the missing fields; then the next step the profile still needs. */
  function onComplete(event: FormEvent<HTMLFormElement>, fields: readonly ProfileField[]) {
    const posted = fieldsOf(event);
    const empty = fields.filter((field) => !(posted[field] ?? '').trim());
    if (empty.length > 0) return setErrors(Object.fromEntries(empty.map((field) => [field, t('validation.required')])));
    if (fields.includes('phone') && site.rules.smsConsentRequired && sms.ticked && !sms.accepted)
      return setErrors({ smsNotificationConsent: t('account.smsAccept') });
    const consumerDetails = Object.fromEntries(fields.map((field) => [field, (posted[field] ?? '').trim()]));
    void run(async () => {
      const updated = await updateProfile({
        consumerDetails,
        ...(sms.accepted && consumerDetails.phone ? { subscriptions: { smsNotificationConsent: true } } : {}),
      });
      setProfile(updated);
      go(missingOf(updated).length > 0 && step === 'profile-2-mobile' ? 'profile-3-profile' : 'profile-4-interests');
    });
  }

  function onInterests(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const interests = data.getAll('interests').filter((value): value is string => typeof value === 'string');
    void run(async () => {
      setProfile(await updateProfile({ preferences: { interests: joinInterests(interests), preferredShoeSize: String(data.get('preferredShoeSize') ?? '') } }));
      go('profile-5-success');
    });
  }

  function onJoin(event: FormEvent<HTMLFormElement>) {
    const fields = fieldsOf(event);
    if (fields.loyaltyConsent !== 'on') return setErrors({ loyaltyConsent: t('validation.required') });
    void run(async () => {
      const updated = await updateProfile({ subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } });
      setProfile(updated);
      setMemberId(updated.memberId);
      sessionChanged();
      go('profile-5-success');
    });
  }

  function onEmployeeTerms(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      setProfile(await updateProfile({ isEmployeeDiscountTCAccepted: true }));
      go('signed-in');
    });
  }

  const smsState = {
    ...sms,
    onTick: (ticked: boolean) => setSms({ ticked, accepted: false }),
    onAccept: () => setSms({ ticked: true, accepted: true }),
  };
  // Clearing the phone number withdraws the consent given for it.
  const onPhoneInput = (value: string) => {
    if (!value.trim()) setSms({ ticked: false, accepted: false });
  };
  const common = { t, errors, busy, idPrefix: 'dialog' } as const;
  const accountHref = `/${locale.code}/account`;
  const linkButton = (label: string, onClick: () => void) => (
    <button className="button button--link" type="button" onClick={onClick}>
      {label}
    </button>
  );
  const missing = missingOf(profile);
  const stepFields: Record<'profile-2-mobile' | 'profile-3-profile', ProfileField[]> = {
    'profile-2-mobile': ['phone'],
    'profile-3-profile': missing.filter((field) => field !== 'phone'),
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer's way to close; Escape is the keyboard's.
    <dialog
      ref={dialog}
      className="sign-in-dialog panel-dialog"
      aria-labelledby={titleId}
      onClose={() => setTimeout(onClosed, TRANSITION_MS)}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="panel-dialog__body" ref={body}>
        <div className="panel-dialog__bar">
          <h2 id={titleId} tabIndex={-1}>
            {t(TITLES[step], { name })}
          </h2>
          <button className="panel-dialog__close" type="button" aria-label={t('account.close')} onClick={close}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </div>
        {slot && espot[slot] ? (
          // The storefront's own render of its CMS blocks (sanitised there), from this origin.
          <div className="espot espot--dialog" dangerouslySetInnerHTML={{ __html: espot[slot] }} />
        ) : null}
        {step === 'lookup' ? <LookupForm {...common} action={`${accountHref}/lookup`} email={email} onSubmit={onLookup} /> : null}
        {step === 'sign-in' ? (
          <SignInForm
            {...common}
            action={`${accountHref}/sign-in`}
            email={email}
            onSubmit={onSignIn}
            forgot={linkButton(t('account.forgot'), () => go('forgot'))}
            otherEmail={linkButton(t('account.otherEmail'), () => go('lookup'))}
            bot={botSiteKey ? <BotCheck siteKey={botSiteKey} action="login" handle={bot} /> : null}
          />
        ) : null}
        {step === 'sign-up' ? (
          <SignUpForm
            {...common}
            action={`${accountHref}/sign-up`}
            values={values}
            site={site}
            links={links}
            sms={smsState}
            onPhoneInput={onPhoneInput}
            onSubmit={onSignUp}
            loyalty={variant === 'loyalty'}
            simplified={variant === 'simplified'}
            bot={botSiteKey ? <BotCheck siteKey={botSiteKey} action="register" handle={bot} /> : null}
          />
        ) : null}
        {step === 'forgot' ? <ForgotForm {...common} action={`/${locale.code}/forgot-password`} email={email} onSubmit={onForgot} /> : null}
        {step === 'forgot-sent' ? (
          <p className="notice" role="status">
            {t('forgot.sent')}
          </p>
        ) : null}
        {step === 'signed-in' ? (
          <div className="sign-in-dialog__done">
            <p role="status">{t('account.signedIn', { name })}</p>
            <div className="form__actions">
              {missing.length > 0 ? (
                <button className="button button--primary" type="button" onClick={() => go(startStep(profile, ''))}>
                  {t('account.complete.title')}
                </button>
              ) : null}
              <button className={missing.length > 0 ? 'button button--secondary' : 'button button--primary'} type="button" onClick={close}>
                {t('account.continueShopping')}
              </button>
              <a href={accountHref}>{t('account.goToAccount')}</a>
            </div>
          </div>
        ) : null}
        {step === 'employee-terms' ? (
          <EmployeeTermsForm {...common} action={`${accountHref}/employee-terms`} termsHref={employeeTermsHref(locale.code)} onSubmit={onEmployeeTerms} />
        ) : null}
        {step === 'profile-0-non-loyalty' ? (
          <JoinLoyaltyForm {...common} action={`${accountHref}/loyalty`} links={links} onSubmit={onJoin} secondary={linkButton(t('account.skip'), close)} />
        ) : null}
        {step === 'profile-1-welcome' ? (
          <div className="sign-in-dialog__done">
            <p role="status">{t('account.welcome.text')}</p>
            {memberId ? <p>{t('account.joined', { memberId })}</p> : null}
            <div className="form__actions">
              {/* Sign-in to buy goes straight back to the purchase (commerce-core §4). */}
              <button className="button button--primary" type="button" onClick={variant === 'checkout' ? close : () => go('profile-4-interests')}>
                {t('account.continue')}
              </button>
            </div>
          </div>
        ) : null}
        {step === 'profile-2-mobile' || step === 'profile-3-profile' ? (
          <>
            <p>{step === 'profile-2-mobile' ? t('account.mobile.intro') : t('account.complete.intro')}</p>
            <CompleteProfileForm
              {...common}
              key={step}
              action={`${accountHref}/profile`}
              fields={stepFields[step]}
              values={{}}
              site={site}
              links={links}
              sms={smsState}
              onPhoneInput={onPhoneInput}
              onSubmit={(event) => onComplete(event, stepFields[step])}
              secondary={linkButton(t('account.skip'), () =>
                go(step === 'profile-2-mobile' && stepFields['profile-3-profile'].length > 0 ? 'profile-3-profile' : 'profile-4-interests'),
              )}
            />
          </>
        ) : null}
        {step === 'profile-4-interests' ? (
          <InterestsForm
            {...common}
            action={`${accountHref}/interests`}
            interests={parseInterests(profile?.preferences.interests)}
            shoeSize={profile?.preferences.preferredShoeSize}
            sizes={siteShoeSizes(locale.site.id)}
            onSubmit={onInterests}
            secondary={linkButton(t('account.skip'), () => go('profile-5-success'))}
          />
        ) : null}
        {step === 'profile-5-success' ? (
          <div className="sign-in-dialog__done">
            <p role="status">{t('account.success.text')}</p>
            {memberId && variant === 'loyalty' ? <p>{t('account.joined', { memberId })}</p> : null}
            <div className="form__actions">
              <button className="button button--primary" type="button" onClick={close}>
                {t('account.continueShopping')}
              </button>
              <a href={accountHref}>{t('account.goToAccount')}</a>
            </div>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
