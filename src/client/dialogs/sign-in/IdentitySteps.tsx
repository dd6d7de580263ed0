// The sign-in dialog's first steps on screen: the email, signing in or up, the password reset, and the
// word that the shopper is signed in.

import { policyLinks, siteForm } from '../../../shared/account/account-site.ts';
import { SignUpForm } from '../../../shared/ui/account-forms.tsx';
import { ForgotForm, LookupForm, SignInForm } from '../../../shared/ui/sign-in-forms.tsx';
import { BotCheck } from '../../bot-check.tsx';
import { missingOf, startStep } from './dialog-steps.ts';
import { accountHref, formCommon, linkButton, smsProps } from './form-kit.tsx';
import { onForgot, onLookup, onSignIn, onSignUp } from './identity-handlers.ts';
import type { SignInFlow } from './use-sign-in-flow.ts';

export function IdentitySteps({ flow, name }: { flow: SignInFlow; name: string }) {
  const { t, step, go, email, locale, variant, botSiteKey, bot } = flow;
  const common = formCommon(flow);
  const account = accountHref(flow);
  switch (step) {
    case 'lookup':
      return <LookupForm {...common} action={`${account}/lookup`} email={email} onSubmit={onLookup(flow)} />;
    case 'sign-in':
      return (
        <SignInForm
          {...common}
          action={`${account}/sign-in`}
          email={email}
          onSubmit={onSignIn(flow)}
          forgot={linkButton(t('account.forgot'), () => go('forgot'))}
          otherEmail={linkButton(t('account.otherEmail'), () => go('lookup'))}
          bot={botSiteKey ? <BotCheck siteKey={botSiteKey} action="login" handle={bot} /> : null}
        />
      );
    case 'sign-up':
      return (
        <SignUpForm
          {...common}
          {...smsProps(flow)}
          action={`${account}/sign-up`}
          values={flow.values}
          site={siteForm(locale.site.id)}
          links={policyLinks(locale.code)}
          onSubmit={onSignUp(flow)}
          loyalty={variant === 'loyalty'}
          simplified={variant === 'simplified'}
          bot={botSiteKey ? <BotCheck siteKey={botSiteKey} action="register" handle={bot} /> : null}
        />
      );
    case 'forgot':
      return <ForgotForm {...common} action={`/${locale.code}/forgot-password`} email={email} onSubmit={onForgot(flow)} />;
    case 'forgot-sent':
      return (
        <p className="notice" role="status">
          {t('forgot.sent')}
        </p>
      );
    case 'signed-in':
      return <SignedIn flow={flow} name={name} />;
    default:
      return null;
  }
}

function SignedIn({ flow, name }: { flow: SignInFlow; name: string }) {
  const { t, profile, go, close } = flow;
  const missing = missingOf(profile);
  return (
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
        <a href={accountHref(flow)}>{t('account.goToAccount')}</a>
      </div>
    </div>
  );
}
