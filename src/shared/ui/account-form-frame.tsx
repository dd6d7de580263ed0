// What every account form shares (account-content §2): the form with its form-level error on top, the
// submit button that waits while the dialog sends, and the links and site rules the forms show.

import type { FormEvent, ReactNode } from 'react';
import type { SignUpRules } from '../account/sign-up-rules.ts';
import type { Translate } from '../i18n/format.ts';
import { FormNotice } from './form.tsx';

export type Errors = Readonly<Record<string, string | undefined>>;

export interface FormBase {
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

export function Form({ action, onSubmit, busy, errors, children, label }: FormBase & { children: ReactNode; label?: string }) {
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

export function Submit({ t, busy, children }: { t: Translate; busy?: boolean | undefined; children: ReactNode }) {
  return (
    <button className="button button--primary button--wide" type="submit" disabled={busy}>
      {busy ? t('account.wait') : children}
    </button>
  );
}

export function LinkOut({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}
