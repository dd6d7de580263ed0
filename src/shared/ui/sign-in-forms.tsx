// The sign-in steps' forms (account-content §2): the email lookup, forgot password and sign-in, one markup
// for the account page and the sign-in dialog.

import type { ReactNode } from 'react';
import { Form, type FormBase, Submit } from './account-form-frame.tsx';
import { TextField } from './form.tsx';

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
