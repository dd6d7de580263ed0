// The sign-in dialog's first steps: the email looked up, then signing in, signing up or asking for a
// password reset. The shared schemas check each form before it is sent.

import * as v from 'valibot';
import { fieldMessages, fieldOfCode, messageKeyOfCode, signUpBody } from '../../../shared/account/account-forms.ts';
import { siteForm } from '../../../shared/account/account-site.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { localizeValidation } from '../../../shared/i18n/validation.ts';
import { SignInEmail } from '../../../shared/schema/identity.ts';
import { signUpSchema } from '../../../shared/schema/sign-up.ts';
import { ApiError } from '../../api-answer.ts';
import { sessionChanged } from './dialog-steps.ts';
import { lookup, readProfile, requestReset, signIn, signUp } from './flow-api.ts';
import { fieldsOf, type SignInFlow } from './use-sign-in-flow.ts';

type Submit = (event: React.FormEvent<HTMLFormElement>) => void;

/** Signed in: whatever fails from here on must not send the shopper back to a form they have passed. */
async function signedIn({ go, setProfile, variant }: SignInFlow): Promise<void> {
  sessionChanged();
  const current = await readProfile().catch(() => null);
  if (!current) return go('signed-in');
  setProfile(current);
  if (current.consumerType === 'EMPLOYEE' && !current.isEmployeeDiscountTCAccepted) go('employee-terms');
  // Signed in from the club's sign-up: a shopper not yet in the club is offered it (step 0).
  else if (variant === 'loyalty' && !current.isLoyaltyMember) go('profile-0-non-loyalty');
  else go('signed-in');
}

export function onLookup(flow: SignInFlow): Submit {
  const { t, run, go, setErrors } = flow;
  return (event) => {
    const fields = fieldsOf(event);
    const parsed = v.safeParse(SignInEmail, fields.email ?? '');
    if (!parsed.success) return setErrors({ email: localizeValidation(t, parsed.issues[0].message) });
    void run(async () => {
      flow.setEmail(parsed.output);
      flow.setValues((current) => ({ ...current, email: parsed.output }));
      go((await lookup(parsed.output)) ? 'sign-in' : 'sign-up');
    });
  };
}

export function onSignIn(flow: SignInFlow): Submit {
  const { t, run, setErrors, bot } = flow;
  return (event) => {
    const fields = fieldsOf(event);
    const problems: Record<string, string> = {};
    const parsed = v.safeParse(SignInEmail, fields.email ?? '');
    if (!parsed.success) problems.email = localizeValidation(t, parsed.issues[0].message);
    if (!fields.password) problems.password = t('validation.required');
    if (Object.keys(problems).length > 0) return setErrors(problems);
    void run(async () => {
      let opened: boolean;
      try {
        opened = await signIn(fields.email ?? '', fields.password ?? '', bot.current.token);
      } catch (error) {
        // Wrong credentials belong to the whole form: they must not say which of the two is wrong.
        if (error instanceof ApiError && fieldOfCode(error.errorId) === 'form') {
          bot.current.reset();
          return setErrors({ form: t(messageKeyOfCode(error.errorId) as MessageKey) });
        }
        throw error;
      }
      // The token call's 403, ignored (commerce-core §7): nothing changed, and the shopper goes on as the guest they were.
      if (!opened) return flow.close();
      await signedIn(flow);
    });
  };
}

export function onSignUp(flow: SignInFlow): Submit {
  const { t, run, go, setErrors, sms, locale } = flow;
  return (event) => {
    const fields = fieldsOf(event);
    if (flow.variant === 'simplified') fields.gender ||= 'unspecified';
    flow.setValues(fields);
    if (siteForm(locale.site.id).rules.smsConsentRequired && sms.ticked && !sms.accepted) return setErrors({ smsNotificationConsent: t('account.smsAccept') });
    if (sms.accepted && fields.phone) fields.smsNotificationConsent = 'on';
    else delete fields.smsNotificationConsent;
    const body = signUpBody(fields);
    const parsed = v.safeParse(signUpSchema(locale.site.id, new Date()), body);
    if (!parsed.success) {
      const messages = fieldMessages(parsed.issues);
      return setErrors(Object.fromEntries(Object.entries(messages).map(([field, message]) => [field, localizeValidation(t, message)])));
    }
    void run(async () => {
      const created = await signUp(body, flow.bot.current.token);
      flow.setMemberId(created.memberId);
      if (!created.signedIn) {
        // The account exists but the session did not follow: the shopper signs in with it, told why unless the
        // token call's 403 was ignored.
        flow.setEmail(fields.email ?? '');
        go('sign-in');
        if (created.refused) setErrors({ form: t(messageKeyOfCode(created.refused instanceof ApiError ? created.refused.errorId : 'GEN500') as MessageKey) });
        return;
      }
      sessionChanged();
      flow.setProfile(await readProfile().catch(() => null));
      go('profile-1-welcome');
    });
  };
}

export function onForgot({ t, run, go, setErrors }: SignInFlow): Submit {
  return (event) => {
    const fields = fieldsOf(event);
    const parsed = v.safeParse(SignInEmail, fields.email ?? '');
    if (!parsed.success) return setErrors({ email: localizeValidation(t, parsed.issues[0].message) });
    void run(async () => {
      await requestReset(parsed.output);
      go('forgot-sent');
    });
  };
}
