// /{locale}/account/notifications (the account issue, Subscriptions and notifications): the emails and text
// messages a shopper receives, as one plain form. Ticking an email list sends its confirmation link (double
// opt-in) and shows it as waiting; unticking stops it at once; text messages need the SMS terms.

import type { Context } from 'hono';
import { policyLinks } from '../../../shared/account/account-site.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { CheckboxField } from '../../../shared/ui/form.tsx';
import { changePreferences, type Preference, preferencesOf } from '../../commerce/subscriptions/preferences.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { formRefusal, inServiceWords } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { AccountNav } from './AccountNav.tsx';
import { sectionPage, signedInConsumer, signInFirst } from './section-page.tsx';

const fieldOf = (p: { type: string; channel: string }) => `${p.type}:${p.channel}`;

function NotificationsPage({ preferences, saved, error }: { preferences: Preference[]; saved: boolean; error?: string | undefined }) {
  const { t, locale } = usePage();
  const date = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const sms = preferences.find((p) => p.channel === 'sms');
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('notifications.title')}</h1>
      </header>
      <AccountNav current="notifications" />
      {saved ? (
        <p className="notice notice--success" role="status">
          {t('notifications.saved')}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <form className="form account__section" method="post" action={`/${locale.code}/account/notifications`}>
        {preferences.map((preference) => (
          <div key={fieldOf(preference)}>
            <CheckboxField
              id={`notify-${preference.type}-${preference.channel}`}
              name={fieldOf(preference)}
              label={t(`notifications.${preference.type}.${preference.channel}` as MessageKey)}
              defaultChecked={preference.optin}
            />
            <p className="field__hint">
              {preference.optin && preference.optinDate
                ? t('notifications.since', { date: date.format(new Date(preference.optinDate)) })
                : preference.pending
                  ? t('notifications.pending', { email: preference.recipient ?? '' })
                  : preference.optoutDate
                    ? t('notifications.stopped', { date: date.format(new Date(preference.optoutDate)) })
                    : t('notifications.off')}
            </p>
          </div>
        ))}
        {sms && !sms.optin ? (
          <CheckboxField
            id="notify-sms-terms"
            name="smsTerms"
            label={
              <>
                {t('account.smsTerms')} <a href={policyLinks(locale.code).smsTerms}>{t('account.smsTermsLink')}</a>
              </>
            }
          />
        ) : null}
        {sms && !sms.recipient ? <p>{t('notifications.noPhone')}</p> : null}
        <div className="form__actions">
          <button className="button button--primary" type="submit">
            {t('notifications.save')}
          </button>
        </div>
      </form>
    </div>
  );
}

async function show(c: Context<AppEnv>, consumerNo: string, extra: { saved?: boolean; error?: string } = {}, status: 200 | 400 | 404 = 200): Promise<Response> {
  const locale = c.get('locale');
  const { preferences } = await preferencesOf(c.env.DB, consumerNo);
  return sectionPage(c, {
    title: translator(locale.lang, locale.tag)('notifications.title'),
    path: '/account/notifications',
    body: <NotificationsPage preferences={preferences} saved={extra.saved ?? false} error={extra.error} />,
    status,
  });
}

export async function notificationsPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  return show(c, consumerNo, { saved: new URL(c.req.url).searchParams.has('saved') });
}

export async function notificationsSave(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const { preferences } = await preferencesOf(c.env.DB, consumerNo);
  // A pending email list stays asked for while its box stays ticked.
  const changes = preferences
    .map((p) => ({ type: p.type, channel: p.channel, optin: fields[fieldOf(p)] === 'on' }))
    .filter((change, index) => {
      const was = preferences[index] as Preference;
      return change.optin !== was.optin && !(change.optin && was.pending);
    });
  try {
    await changePreferences({ db: c.env.DB, mailer: mailerFor(c.env), locale, origin: publicOrigin(c.env) }, consumerNo, changes, fields.smsTerms === 'on');
    if (changes.length > 0) await accountAudit(c, consumerNo, 'subscriptions.change', { changes }).run();
  } catch (error) {
    const { notice, status } = formRefusal(c, error, { codes: ['API400', '4044'], details: 'none', message: inServiceWords });
    return show(c, consumerNo, { error: notice }, status as 400 | 404);
  }
  return c.redirect(`/${locale.code}/account/notifications?saved=1`, 303);
}
