// The sign-in dialog's state across its steps, and the two ways a step's call ends: the next step, or the
// server's refusal at its fields.

import { type Dispatch, type RefObject, type SetStateAction, useRef, useState } from 'react';
import { fieldOfCode, formFields, messageKeyOfCode } from '../../../shared/account/account-forms.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { localizeValidation } from '../../../shared/i18n/validation.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { Errors } from '../../../shared/ui/account-form-frame.tsx';
import type { SignUpValues } from '../../../shared/ui/account-forms.tsx';
import { ApiError } from '../../api-answer.ts';
import type { BotToken } from '../../bot-token.ts';
import { type DialogStep, startStep, type Variant } from './dialog-steps.ts';
import type { Profile } from './flow-api.ts';

export interface SmsConsent {
  ticked: boolean;
  accepted: boolean;
}

export interface SignInFlow {
  t: Translate;
  locale: Locale;
  variant: Variant;
  botSiteKey?: string | undefined;
  step: DialogStep;
  go: (next: DialogStep) => void;
  profile: Profile | null;
  setProfile: (profile: Profile | null) => void;
  email: string;
  setEmail: (email: string) => void;
  /** What the sign-up form was given, kept when it comes back with errors. */
  values: SignUpValues;
  setValues: Dispatch<SetStateAction<SignUpValues>>;
  errors: Errors;
  setErrors: (errors: Errors) => void;
  busy: boolean;
  /** Runs a step's calls with the form busy; a refusal goes to its fields. */
  run: (work: () => Promise<void>) => Promise<void>;
  memberId: string | null;
  setMemberId: (memberId: string | null) => void;
  sms: SmsConsent;
  setSms: (sms: SmsConsent) => void;
  bot: RefObject<BotToken>;
  close: () => void;
}

interface FlowStart {
  t: Translate;
  locale: Locale;
  variant: Variant;
  profile: Profile | null;
  botSiteKey?: string | undefined;
  close: () => void;
}

export function useSignInFlow({ t, locale, variant, profile: initialProfile, botSiteKey, close }: FlowStart): SignInFlow {
  const [step, setStep] = useState<DialogStep>(() => startStep(initialProfile, variant));
  const [profile, setProfile] = useState<Profile | null>(initialProfile);
  const [email, setEmail] = useState('');
  const [values, setValues] = useState<SignUpValues>({});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [sms, setSms] = useState<SmsConsent>({ ticked: false, accepted: false });
  const bot = useRef<BotToken>({ token: undefined, reset: () => undefined });

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

  return {
    t,
    locale,
    variant,
    botSiteKey,
    close,
    step,
    go,
    profile,
    setProfile,
    email,
    setEmail,
    values,
    setValues,
    errors,
    setErrors,
    busy,
    run,
    memberId,
    setMemberId,
    sms,
    setSms,
    bot,
  };
}

/** A submitted form's fields, the browser's own submission stopped. */
export function fieldsOf(event: React.FormEvent<HTMLFormElement>) {
  event.preventDefault();
  return formFields(new FormData(event.currentTarget).entries());
}
