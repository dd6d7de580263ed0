// The newsletter page: the sign-up form (also the no-JavaScript path of the footer's and the pop-up's
// forms), the "check your inbox" step, and the page a confirmation link opens. Confirming is a button,
// not the link itself, so a mail scanner that fetches every link subscribes nobody.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { FormNotice } from '../../../shared/ui/form.tsx';
import { usePage } from '../page-context.tsx';
import { NewsletterFields } from './NewsletterFields.tsx';

export type NewsletterState =
  | { step: 'form'; email?: string; errors?: Partial<Record<'email' | 'policy', MessageKey>>; expired?: boolean }
  | { step: 'sent' }
  | { step: 'confirm'; token: string }
  | { step: 'confirmed' };

export function NewsletterPage({ state }: { state: NewsletterState }) {
  const { t, locale } = usePage();
  const action = `/${locale.code}/newsletter`;
  if (state.step === 'confirm') {
    return (
      <div className="page page--form">
        <h1>{t('newsletter.confirmTitle')}</h1>
        <p>{t('newsletter.confirmIntro')}</p>
        <form className="form" method="post" action={`${action}/confirm`}>
          <input type="hidden" name="token" value={state.token} />
          <button className="button button--primary" type="submit">
            {t('newsletter.confirmButton')}
          </button>
        </form>
      </div>
    );
  }
  return (
    <div className="page page--form">
      <h1>{state.step === 'confirmed' ? t('newsletter.confirmTitle') : t('newsletter.title')}</h1>
      {state.step === 'confirmed' ? <FormNotice kind="success">{t('newsletter.confirmed')}</FormNotice> : null}
      {state.step === 'sent' ? <FormNotice kind="success">{t('newsletter.sent')}</FormNotice> : null}
      {state.step === 'form' ? (
        <>
          {state.expired ? <FormNotice kind="error">{t('newsletter.expired')}</FormNotice> : null}
          <p>{t('newsletter.intro')}</p>
          <form className="form" method="post" action={action} noValidate>
            <NewsletterFields idPrefix="newsletter-page" t={t} localeCode={locale.code} email={state.email} errors={state.errors} />
            <button className="button button--primary" type="submit">
              {t('newsletter.submit')}
            </button>
          </form>
        </>
      ) : null}
    </div>
  );
}
