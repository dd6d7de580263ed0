// The forgot-password page: ask for a reset link, or (opened from the link) choose the new password.
// Plain forms that work without JavaScript; each error sits at its field, announced and described.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { paths } from '../../../shared/routes.ts';
import { TextField } from '../../../shared/ui/form.tsx';
import { usePage } from '../page-context.tsx';

export type ForgotPasswordState =
  | { step: 'ask'; email?: string; errors?: Partial<Record<'email', MessageKey>> }
  | { step: 'sent' }
  | { step: 'choose'; token: string; errors?: Partial<Record<'password' | 'confirmPassword' | 'form', MessageKey>> }
  | { step: 'done' };

export function ForgotPasswordPage({ state }: { state: ForgotPasswordState }) {
  const { t, locale } = usePage();
  const action = `/${locale.code}/forgot-password`;
  return (
    <div className="page page--form">
      {state.step === 'ask' || state.step === 'sent' ? (
        <>
          <h1>{t('forgot.title')}</h1>
          {state.step === 'sent' ? (
            <p className="notice" role="status">
              {t('forgot.sent')}
            </p>
          ) : (
            <form className="form" method="post" action={action} noValidate>
              <p>{t('forgot.intro')}</p>
              <TextField
                required
                id="forgot-email"
                name="email"
                label={t('forgot.email')}
                type="email"
                autoComplete="email"
                defaultValue={state.email}
                error={state.errors?.email ? t(state.errors.email) : undefined}
              />
              <button className="button button--primary" type="submit">
                {t('forgot.send')}
              </button>
            </form>
          )}
        </>
      ) : null}
      {state.step === 'choose' ? (
        <>
          <h1>{t('forgot.newTitle')}</h1>
          {state.errors?.form ? (
            <div className="notice notice--error" role="alert">
              <p>{t(state.errors.form)}</p>
              <p>
                <a href={action}>{t('forgot.askAgain')}</a>
              </p>
            </div>
          ) : null}
          <form className="form" method="post" action={`${action}/new`} noValidate>
            <input type="hidden" name="token" value={state.token} />
            <TextField
              required
              id="forgot-password"
              name="password"
              label={t('forgot.password')}
              type="password"
              autoComplete="new-password"
              hint={t('forgot.rules')}
              error={state.errors?.password ? t(state.errors.password) : undefined}
            />
            <TextField
              required
              id="forgot-confirm"
              name="confirmPassword"
              label={t('forgot.confirm')}
              type="password"
              autoComplete="new-password"
              error={state.errors?.confirmPassword ? t(state.errors.confirmPassword) : undefined}
            />
            <button className="button button--primary" type="submit">
              {t('forgot.save')}
            </button>
          </form>
        </>
      ) : null}
      {state.step === 'done' ? (
        <>
          <h1>{t('forgot.newTitle')}</h1>
          <p className="notice" role="status">
            {t('forgot.done')}
          </p>
          <p>
            <a className="button button--primary" href={paths.home(locale.code)}>
              {t('error.backHome')}
            </a>
          </p>
        </>
      ) : null}
    </div>
  );
}
