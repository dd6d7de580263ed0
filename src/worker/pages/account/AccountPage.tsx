// /{locale}/account. Signed out: the lookup, then the sign-in or the sign-up step, as plain forms.
// Signed in: the first account home (profile summary, spend banner, employee terms, the steps a partly
// enrolled profile still has, interests, sign-out). The full account area grows from here.

import { missingProfileFields } from '../../../shared/account/account-forms.ts';
import { employeeTermsHref, policyLinks, siteForm, siteShoeSizes } from '../../../shared/account/account-site.ts';
import { parseInterests } from '../../../shared/account/interests.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import type { Block } from '../../../shared/content/blocks.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { findCountry } from '../../../shared/locale/countries.ts';
import type { Errors } from '../../../shared/ui/account-form-frame.tsx';
import type { SignUpValues } from '../../../shared/ui/account-forms.tsx';
import {
  ChangePasswordForm,
  CompleteProfileForm,
  EmployeeTermsForm,
  InterestsForm,
  JoinLoyaltyForm,
  type ProfileField,
  SignUpForm,
} from '../../../shared/ui/account-forms.tsx';
import { BotWidget } from '../../../shared/ui/bot-widget.tsx';
import { CheckboxField, FormNotice, TextField } from '../../../shared/ui/form.tsx';
import { LookupForm, SignInForm } from '../../../shared/ui/sign-in-forms.tsx';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import type { ConsumerProfile } from '../../commerce/identity/profile.ts';
import type { OrderSummaryRow } from '../../commerce/orders/shopper-orders.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { usePage } from '../page-context.tsx';
import { AccountNav } from './AccountNav.tsx';

export type AccountNotice = 'welcome' | 'saved' | 'joined' | 'signed-in' | 'terms' | 'password' | 'exported';

export type AccountState =
  | { view: 'lookup'; email?: string; errors?: Errors; loyalty?: boolean; deleted?: boolean }
  | { view: 'sign-in'; email: string; errors?: Errors }
  | { view: 'sign-up'; values: SignUpValues; errors?: Errors; loyalty?: boolean; espot: Block[] }
  | {
      view: 'home';
      profile: ConsumerProfile;
      notice?: AccountNotice;
      errors?: Errors;
      values?: SignUpValues;
      failed?: 'profile' | 'interests' | 'loyalty' | 'password' | 'terms';
      /** The newest order, for the overview's card; null before the first. */
      latestOrder?: OrderSummaryRow | null;
      /** The account espot above the overview, and the basecamp espot below it (account-content §2). */
      espot?: Block[];
      basecamp?: Block[];
      /** The account a mail link opened here was for, when it is another one (mail-link.ts). */
      linkFor?: string;
    }
  | {
      view: 'profile';
      profile: ConsumerProfile;
      notice?: AccountNotice;
      errors?: Errors;
      values?: SignUpValues;
      failed?: 'profile' | 'interests' | 'password' | 'data';
      /** The account-profile espot (account-content §2). */
      espot?: Block[];
    };

export function AccountPage({ state, index, botSiteKey }: { state: AccountState; index: CatalogIndex; botSiteKey?: string | undefined }) {
  const { t, locale, nonce } = usePage();
  const bot = (action: 'login' | 'register') => (botSiteKey ? <BotWidget siteKey={botSiteKey} action={action} nonce={nonce} /> : null);
  const base = `/${locale.code}/account`;
  if (state.view === 'home') return <AccountHome state={state} index={index} />;
  if (state.view === 'profile') return <AccountProfile state={state} index={index} />;
  const title = state.view === 'lookup' ? t('account.lookupTitle') : state.view === 'sign-in' ? t('account.signInTitle') : t('account.signUpTitle');
  return (
    <div className="page page--form">
      <h1>{title}</h1>
      {state.view === 'lookup' && state.deleted ? <FormNotice kind="success">{t('data.deleted')}</FormNotice> : null}
      {state.view === 'lookup' ? (
        <>
          <LookupForm t={t} action={`${base}/lookup`} email={state.email} errors={state.errors} loyalty={state.loyalty} />
          {state.loyalty ? null : (
            <p className="account__join">
              {/* With script, the sign-in dialog opens at its loyalty sign-up; without, this page asks again with the club ticked. */}
              <a href={`${base}?join=club`} data-sign-in="loyalty" data-island-wake="account-link">
                {t('account.joinTitle')}
              </a>
            </p>
          )}
        </>
      ) : null}
      {state.view === 'sign-in' ? (
        <SignInForm
          t={t}
          action={`${base}/sign-in`}
          email={state.email}
          errors={state.errors}
          forgot={<a href={`/${locale.code}/forgot-password`}>{t('account.forgot')}</a>}
          otherEmail={<a href={base}>{t('account.otherEmail')}</a>}
          bot={bot('login')}
        />
      ) : null}
      {state.view === 'sign-up' && state.espot.length > 0 ? (
        <div className="espot espot--sign-up">
          <ContentBlocks items={state.espot} index={index} part="espot:sign-up" />
        </div>
      ) : null}
      {state.view === 'sign-up' ? (
        <SignUpForm
          t={t}
          action={`${base}/sign-up`}
          values={state.values}
          errors={state.errors}
          site={siteForm(locale.site.id)}
          links={policyLinks(locale.code)}
          loyalty={state.loyalty}
          bot={bot('register')}
        />
      ) : null}
    </div>
  );
}

/** Employee, then athlete, then IPA, then WRANX (account-content §6): one banner, the first that applies. */
function SpendBanner({ profile }: { profile: ConsumerProfile }) {
  const { t, locale } = usePage();
  const money = (amount: number) => formatMoney(amount, locale.site.currency, locale.tag);
  const details = profile.consumerDetails;
  const identities = new Set(details.identities.map((identity) => identity.type));
  let text: string | null = null;
  if (profile.consumerType === 'EMPLOYEE' && details.employee) {
    text = t('account.spend.employee', { spent: money(details.employee.currentSpend), cap: money(details.employee.annualCap) });
  } else if (details.athlete) {
    text = t('account.spend.athlete', { spent: money(details.athlete.currentSpend), credit: money(details.athlete.annualCredit) });
  } else if (identities.has('IPA')) {
    text = t('account.spend.ipa');
  } else if (identities.has('WRANX')) {
    text = t('account.spend.wranx');
  }
  return text ? <p className="account__banner">{text}</p> : null;
}

const NOTICES = {
  saved: 'account.saved',
  terms: 'account.employeeTerms.accepted',
  password: 'account.passwordChanged',
  exported: 'data.exported',
} as const;

/** An account espot's blocks, where the content team filled the slot. */
function Espot({ items, slot, index }: { items: Block[] | undefined; slot: string; index: CatalogIndex }) {
  return items && items.length > 0 ? (
    <div className={`espot espot--${slot}`}>
      <ContentBlocks items={items} index={index} part={`espot:${slot}`} />
    </div>
  ) : null;
}

function AccountHome({ state, index }: { state: Extract<AccountState, { view: 'home' }>; index: CatalogIndex }) {
  const { t, locale } = usePage();
  const base = `/${locale.code}/account`;
  const { profile } = state;
  const details = profile.consumerDetails;
  const name = details.firstName ?? '';
  const missing = missingProfileFields(details) as ProfileField[];
  const site = siteForm(locale.site.id);
  const links = policyLinks(locale.code);
  const errorsFor = (part: NonNullable<typeof state.failed>) => (state.failed === part ? state.errors : undefined);
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{name ? t('account.hello', { name }) : t('account.title')}</h1>
        <form method="post" action={`${base}/sign-out`}>
          <button className="button button--secondary" type="submit">
            {t('account.signOut')}
          </button>
        </form>
      </header>
      <AccountNav current="overview" />
      {state.linkFor ? (
        <FormNotice kind="info">
          <p>{t('account.otherAccountLink', { account: state.linkFor })}</p>
        </FormNotice>
      ) : null}
      <Espot items={state.espot} slot="account" index={index} />
      {state.notice === 'welcome' ? (
        <FormNotice kind="success">
          <p>
            <strong>{t('account.welcome.title', { name })}</strong>
          </p>
          <p>{t('account.welcome.text')}</p>
          {profile.memberId ? <p>{t('account.joined', { memberId: profile.memberId })}</p> : null}
        </FormNotice>
      ) : null}
      {state.notice === 'signed-in' ? (
        <FormNotice kind="success">
          <p>{t('account.signedIn', { name })}</p>
        </FormNotice>
      ) : null}
      {state.notice === 'joined' && profile.memberId ? (
        <FormNotice kind="success">
          <p>{t('account.joined', { memberId: profile.memberId })}</p>
        </FormNotice>
      ) : null}
      {state.notice === 'saved' || state.notice === 'terms' || state.notice === 'password' ? (
        <FormNotice kind="success">
          <p>{t(NOTICES[state.notice])}</p>
        </FormNotice>
      ) : null}
      <SpendBanner profile={profile} />
      <div className="account__grid">
        <section className="account__card" aria-labelledby="latest-order">
          <h2 id="latest-order">{t('orders.latest')}</h2>
          {state.latestOrder ? (
            <>
              <p>
                <a href={`${base}/orders/${state.latestOrder.orderNumber}`}>{t('orders.numbered', { number: state.latestOrder.orderNumber })}</a>
              </p>
              <p>
                {new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(state.latestOrder.createdAt))} ·{' '}
                {formatMoney(state.latestOrder.total, state.latestOrder.currency, locale.tag)} · {t(`order.status.${state.latestOrder.status}` as MessageKey)}
              </p>
              <p>
                <a href={`${base}/orders`}>{t('orders.all')}</a>
              </p>
            </>
          ) : (
            <p>{t('orders.none')}</p>
          )}
        </section>
        {profile.consumerType === 'EMPLOYEE' && !profile.isEmployeeDiscountTCAccepted ? (
          <section className="account__card account__card--wide" aria-labelledby="employee-terms">
            <h2 id="employee-terms">{t('account.employeeTerms.title')}</h2>
            <EmployeeTermsForm t={t} action={`${base}/employee-terms`} termsHref={employeeTermsHref(locale.code)} errors={errorsFor('terms')} />
          </section>
        ) : null}
        {missing.length > 0 ? (
          <section className="account__card" aria-labelledby="complete-profile">
            <h2 id="complete-profile">{missing.length === 1 && missing[0] === 'phone' ? t('account.mobile.title') : t('account.complete.title')}</h2>
            <p>{missing.length === 1 && missing[0] === 'phone' ? t('account.mobile.intro') : t('account.complete.intro')}</p>
            <CompleteProfileForm
              t={t}
              action={`${base}/profile`}
              fields={missing}
              values={state.failed === 'profile' ? (state.values ?? {}) : {}}
              errors={errorsFor('profile')}
              site={site}
              links={links}
            />
          </section>
        ) : null}
        {!profile.isLoyaltyMember ? (
          <section className="account__card" aria-labelledby="join-club">
            <h2 id="join-club">{t('account.joinTitle')}</h2>
            <JoinLoyaltyForm t={t} action={`${base}/loyalty`} links={links} errors={errorsFor('loyalty')} />
          </section>
        ) : null}
        <section className="account__card" aria-labelledby="your-details">
          <h2 id="your-details">{t('account.details')}</h2>
          <dl className="account__details">
            <dt>{t('account.name')}</dt>
            <dd>{[details.firstName, details.lastName].filter(Boolean).join(' ') || t('account.notGiven')}</dd>
            <dt>{t('account.email')}</dt>
            <dd>{details.email}</dd>
            <dt>{t('account.phone')}</dt>
            <dd>{details.phone ?? t('account.notGiven')}</dd>
            <dt>{t('account.birthDate')}</dt>
            <dd>
              {details.birthDate
                ? new Intl.DateTimeFormat(locale.tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(details.birthDate))
                : t('account.notGiven')}
            </dd>
            {profile.memberId ? (
              <>
                <dt>{t('account.memberId')}</dt>
                <dd>{profile.memberId}</dd>
                <dt>{t('account.pointsLabel')}</dt>
                <dd>{t('account.points', { count: profile.loyaltySummary?.points.balance ?? 0 })}</dd>
              </>
            ) : null}
          </dl>
          <p>
            <a href={`${base}/profile`}>{t('profile.edit')}</a>
          </p>
        </section>
      </div>
      <Espot items={state.basecamp} slot="basecamp" index={index} />
    </div>
  );
}

/** The profile page (the account issue, §1 Profile): personal data, preferences and the password, each a plain form. */
function AccountProfile({ state, index }: { state: Extract<AccountState, { view: 'profile' }>; index: CatalogIndex }) {
  const { t, locale } = usePage();
  const base = `/${locale.code}/account`;
  const { profile } = state;
  const details = profile.consumerDetails;
  const site = siteForm(locale.site.id);
  const errorsFor = (part: NonNullable<typeof state.failed>) => (state.failed === part ? state.errors : undefined);
  const format = findCountry(locale.site.countries[0])?.dateFormat ?? 'DD/MM/YYYY';
  const values: SignUpValues =
    state.failed === 'profile' && state.values
      ? state.values
      : {
          firstName: details.firstName ?? '',
          lastName: details.lastName ?? '',
          phone: details.phone ?? '',
          postalCode: details.postalCode ?? '',
          birthDate: details.birthDate ? siteDate(details.birthDate, format) : '',
        };
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('profile.title')}</h1>
      </header>
      <AccountNav current="profile" />
      <Espot items={state.espot} slot="account-profile" index={index} />
      {state.notice === 'saved' || state.notice === 'password' || state.notice === 'exported' ? (
        <FormNotice kind="success">
          <p>{t(NOTICES[state.notice])}</p>
        </FormNotice>
      ) : null}
      <div className="account__grid">
        <section className="account__card" aria-labelledby="profile-details">
          <h2 id="profile-details">{t('account.details')}</h2>
          <p>
            {t('account.email')}: {details.email}
          </p>
          <CompleteProfileForm
            t={t}
            action={`${base}/profile?from=profile`}
            fields={['firstName', 'lastName', 'phone', 'postalCode', 'birthDate']}
            values={values}
            errors={errorsFor('profile')}
            site={site}
            links={policyLinks(locale.code)}
          />
        </section>
        <section className="account__card" aria-labelledby="interests">
          <h2 id="interests">{t('account.interests.title')}</h2>
          <InterestsForm
            t={t}
            action={`${base}/interests`}
            interests={parseInterests(profile.preferences.interests)}
            shoeSize={profile.preferences.preferredShoeSize}
            sizes={siteShoeSizes(locale.site.id)}
            errors={errorsFor('interests')}
          />
        </section>
        <section className="account__card" aria-labelledby="change-password">
          <h2 id="change-password">{t('account.passwordTitle')}</h2>
          <ChangePasswordForm t={t} action={`${base}/password`} errors={errorsFor('password')} />
        </section>
        <section className="account__card" aria-labelledby="your-data">
          <h2 id="your-data">{t('data.title')}</h2>
          <p>{t('data.exportText')}</p>
          <form className="form" method="post" action={`${base}/data-export`}>
            <div className="form__actions">
              <button className="button button--secondary" type="submit">
                {t('data.export')}
              </button>
            </div>
          </form>
          <h3>{t('data.deleteTitle')}</h3>
          <p>{t('data.deleteText')}</p>
          {state.failed === 'data' && state.errors?.form ? <FormNotice kind="error">{state.errors.form}</FormNotice> : null}
          <form className="form" method="post" action={`${base}/delete`}>
            <TextField
              id="delete-password"
              name="password"
              type="password"
              label={t('data.password')}
              autoComplete="current-password"
              required
              error={state.failed === 'data' ? state.errors?.password : undefined}
            />
            <CheckboxField
              id="delete-confirm"
              name="confirm"
              label={t('data.deleteConfirm')}
              required
              error={state.failed === 'data' ? state.errors?.confirm : undefined}
            />
            <div className="form__actions">
              <button className="button button--secondary" type="submit">
                {t('data.delete')}
              </button>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}

/** An ISO date ("1990-12-04") as the site's form writes it ("12/04/1990" or "04/12/1990"). */
function siteDate(iso: string, format: 'MM/DD/YYYY' | 'DD/MM/YYYY'): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return format === 'MM/DD/YYYY' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}
