// /{locale}/account and its plain-form steps. Every form posts here and works without JavaScript: an
// error answers with the page again (each message at its field, in the page's language, with the status
// the catalogue gives its code); a success redirects (303) to the next step. The pages are the shopper's
// own: private and never stored.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { SUBSCRIPTION_FIELDS, signUpBody, signUpValues } from '../../../shared/account/account-forms.ts';
import { joinInterests } from '../../../shared/account/interests.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { localizeValidation } from '../../../shared/i18n/validation.ts';
import { CONSENT_COOKIE } from '../../../shared/personalisation/consent.ts';
import { SignInEmail, sourceOfVisit } from '../../../shared/schema/identity.ts';
import { PasswordSchema, signUpSchema } from '../../../shared/schema/sign-up.ts';
import type { SignUpValues } from '../../../shared/ui/account-forms.tsx';
import { type BotAction, requireHuman } from '../../bot/bot-verifier.ts';
import { closeAccount } from '../../commerce/account/close-account.ts';
import { sendOwnPersonalData } from '../../commerce/account/personal-data.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { applyProfileUpdate, changeOwnPassword } from '../../commerce/identity/account-session.ts';
import { isConnected } from '../../commerce/identity/associates.ts';
import { consumerByNumber } from '../../commerce/identity/consumers.ts';
import { applySessionChange, endRequestSession, signInRequest } from '../../commerce/identity/http-session.ts';
import { accountExists, readProfile } from '../../commerce/identity/profile.ts';
import { mintGuestSession } from '../../commerce/identity/session-lifecycle.ts';
import { checkCredentials, checkCurrentPassword, limitAddress } from '../../commerce/identity/sign-in.ts';
import { createConsumer, sendWelcome } from '../../commerce/identity/sign-up.ts';
import { orderHistory } from '../../commerce/orders/shopper-orders.ts';
import { confirmationPageUrl } from '../../commerce/subscriptions/newsletter.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { loadEspot } from '../cms/espot.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { formRefusal, localizedFieldErrors } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { renderFragment, renderPage } from '../render.tsx';
import { type AccountNotice, AccountPage, type AccountState } from './AccountPage.tsx';
import { guestStep, mailLinkOf, otherAccount } from './mail-link.ts';
import { signedInConsumer, signedInShopperOf } from './section-page.tsx';

type Status = 200 | 400 | 401 | 403 | 404 | 409 | 410 | 423 | 429;

const NOTICES: readonly AccountNotice[] = ['welcome', 'saved', 'joined', 'signed-in', 'terms', 'password', 'exported'];

function t(c: Context<AppEnv>): Translate {
  const locale = c.get('locale');
  return translator(locale.lang, locale.tag);
}

async function page(c: Context<AppEnv>, state: AccountState, status: Status = 200): Promise<Response> {
  const locale = c.get('locale');
  const translate = t(c);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${translate(state.view === 'profile' ? 'profile.title' : 'account.title')} | ${translate('brand.name')}`,
      description: translate('account.description'),
      pageType: 'account',
      styles: ['account'],
      canonical: `/${locale.code}/account${state.view === 'profile' ? '/profile' : ''}`,
      // /account may be found (a crawler only ever sees its sign-in step); the answer to a post is nobody's to index.
      ...((state.view === 'lookup' || state.view === 'home' || state.view === 'profile') && status === 200 ? {} : { robots: 'noindex' }),
    },
    body: <AccountPage state={state} index={await catalogIndex(c.env.DB, c.get('logger'))} botSiteKey={c.env.TURNSTILE_SITE_KEY} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

const base = (c: Context<AppEnv>) => `/${c.get('locale').code}/account`;

async function postedFields(c: Context<AppEnv>): Promise<{ fields: Record<string, string>; interests: string[] }> {
  const { fields, lists } = await readForm(c, ['interests']);
  return { fields, interests: lists.interests ?? [] };
}

/** Turnstile's widget puts its token in the form as cf-turnstile-response. */
const checkBot = (c: Context<AppEnv>, fields: Record<string, string>, action: BotAction) =>
  requireHuman(c.env, fields['cf-turnstile-response'] || undefined, action, c.req.header('cf-connecting-ip'));

const deps = (c: Context<AppEnv>) => ({ db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' });

/** The profile page: personal data, preferences and the password, each its own form. */
async function profileView(c: Context<AppEnv>, consumerNo: string, extra: Partial<Extract<AccountState, { view: 'profile' }>> = {}, status: Status = 200) {
  const profile = await readProfile(c.env.DB, consumerNo, { includeLoyaltySummary: false });
  if (!profile) {
    await endRequestSession(c);
    return page(c, { view: 'lookup' });
  }
  return page(c, { view: 'profile', profile, espot: await loadEspot(c, 'account-profile'), ...extra }, status);
}

export async function accountProfilePage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return c.redirect(base(c), 303);
  const notice = new URL(c.req.url).searchParams.get('notice') as AccountNotice | null;
  return profileView(c, consumerNo, notice && NOTICES.includes(notice) ? { notice } : {});
}

async function home(c: Context<AppEnv>, consumerNo: string, extra: Partial<Extract<AccountState, { view: 'home' }>> = {}, status: Status = 200) {
  const profile = await readProfile(c.env.DB, consumerNo, { includeLoyaltySummary: true });
  if (!profile) {
    // The account is gone (closed since the session began): the session goes with it.
    await endRequestSession(c);
    return page(c, { view: 'lookup' });
  }
  const [latest, espot, basecamp] = await Promise.all([orderHistory(c.env.DB, consumerNo, 1, 1), loadEspot(c, 'account'), loadEspot(c, 'basecamp')]);
  const linkFor = otherAccount(mailLinkOf(new URL(c.req.url)), { consumerNo, email: profile.consumerDetails.email });
  return page(c, { view: 'home', profile, latestOrder: latest.orders[0] ?? null, espot, basecamp, ...(linkFor ? { linkFor } : {}), ...extra }, status);
}

export async function accountPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  const url = new URL(c.req.url);
  if (!consumerNo) {
    const loyalty = url.searchParams.get('join') === 'club';
    const link = mailLinkOf(url);
    const linked = link ? await guestStep(c.env.DB, link, loyalty) : null;
    return page(c, linked ?? { view: 'lookup', loyalty, deleted: url.searchParams.get('notice') === 'deleted' });
  }
  const notice = url.searchParams.get('notice') as AccountNotice | null;
  return home(c, consumerNo, notice && NOTICES.includes(notice) ? { notice } : {});
}

export async function accountLookup(c: Context<AppEnv>): Promise<Response> {
  // A form left open in another tab: a signed-in shopper goes to the account, never to a second one.
  if (signedInConsumer(c)) return c.redirect(base(c), 303);
  const { fields } = await postedFields(c);
  const email = fields.email ?? '';
  const parsed = v.safeParse(SignInEmail, email);
  const loyalty = fields.loyalty === '1';
  if (!parsed.success) return page(c, { view: 'lookup', email, loyalty, errors: { email: localizeValidation(t(c), parsed.issues[0].message) } }, 400);
  let attempt: Awaited<ReturnType<typeof limitAddress>>;
  try {
    attempt = await limitAddress(deps(c), 'signin');
  } catch (error) {
    const { errors, status } = formRefusal(c, error);
    return page(c, { view: 'lookup', email, loyalty, errors }, status as Status);
  }
  if (await accountExists(c.env.DB, parsed.output.toLowerCase())) {
    // Finding one's own account is no failure of the address (the limit counts failures).
    await attempt.forgive();
    return page(c, { view: 'sign-in', email: parsed.output });
  }
  return page(c, { view: 'sign-up', values: { email: parsed.output }, loyalty, espot: await loadEspot(c, 'sign-up') });
}

export async function accountSignIn(c: Context<AppEnv>): Promise<Response> {
  // A form left open in another tab: a signed-in shopper goes to the account, never to a second one.
  if (signedInConsumer(c)) return c.redirect(base(c), 303);
  const { fields } = await postedFields(c);
  const email = (fields.email ?? '').trim();
  const password = fields.password ?? '';
  const missing: Record<string, string> = {};
  const emailCheck = v.safeParse(SignInEmail, email);
  if (!emailCheck.success) missing.email = localizeValidation(t(c), emailCheck.issues[0].message);
  if (!password) missing.password = t(c)('validation.required');
  if (Object.keys(missing).length > 0) return page(c, { view: 'sign-in', email, errors: missing }, 400);
  try {
    await checkBot(c, fields, 'login');
    const consumer = await checkCredentials(deps(c), { email, password });
    await signInRequest(c, consumer);
  } catch (error) {
    const { errors, status } = formRefusal(c, error);
    // Wrong credentials are the whole form's, never the email's: they must not say which of the two is wrong.
    return page(c, { view: 'sign-in', email, errors: errors.email ? errors : { form: errors.form ?? errors.password ?? '' } }, status as Status);
  }
  return c.redirect(`${base(c)}?notice=signed-in`, 303);
}

export async function accountSignUp(c: Context<AppEnv>): Promise<Response> {
  // A form left open in another tab: a signed-in shopper goes to the account, never to a second one.
  if (signedInConsumer(c)) return c.redirect(base(c), 303);
  const { fields } = await postedFields(c);
  const locale = c.get('locale');
  const ticked = Object.fromEntries([...SUBSCRIPTION_FIELDS, 'isTermsConfirmed', 'termsConditionsAndPolicy'].map((name) => [name, fields[name] === 'on']));
  const values: SignUpValues = { ...signUpValues(fields), ticked };
  const parsed = v.safeParse(signUpSchema(locale.site.id, new Date()), signUpBody(fields));
  if (!parsed.success) {
    const errors = localizedFieldErrors(parsed.issues, t(c));
    return page(c, { view: 'sign-up', values, errors, espot: await loadEspot(c, 'sign-up') }, 400);
  }
  try {
    await checkBot(c, fields, 'register');
    await limitAddress(deps(c), 'signup');
    // The form's address carries the campaign the visit came with (carry-query.ts), and names how it signed up.
    const source = { acquisitionType: 'account-page', ...sourceOfVisit(new URL(c.req.url).searchParams) };
    const created = await createConsumer(c.env.DB, parsed.output, { siteId: locale.site.id, locale: locale.code, source });
    const mailer = mailerFor(c.env);
    await sendWelcome(
      { db: c.env.DB, mailer, siteId: locale.site.id, locale: locale.code, confirmPageUrl: confirmationPageUrl(publicOrigin(c.env), locale.code) },
      parsed.output,
      created,
    );
    c.get('logger').info('identity.signed_up', { consumerNo: created.consumerNo, source });
    const consumer = await consumerByNumber(c.env.DB, created.consumerNo);
    if (!consumer) throw new HttpError('PRO404');
    await signInRequest(c, consumer);
  } catch (error) {
    const { errors, status } = formRefusal(c, error);
    return page(c, { view: 'sign-up', values, errors, espot: await loadEspot(c, 'sign-up') }, status as Status);
  }
  return c.redirect(`${base(c)}?notice=welcome`, 303);
}

export async function accountSignOut(c: Context<AppEnv>): Promise<Response> {
  // Signing out from the account goes home (account-content §1); a store device stays connected.
  const buyInStore = c.get('session')?.claims.buyInStore;
  await endRequestSession(c);
  if (isConnected(buyInStore)) applySessionChange(c, await mintGuestSession(c.env, { buyInStore }));
  return c.redirect(`/${c.get('locale').code}`, 303);
}

/** The signed-in forms: a profile update, then the account again with its notice, or the home with the errors at their form. */
async function updateFromForm(
  c: Context<AppEnv>,
  part: 'profile' | 'interests' | 'loyalty' | 'terms',
  build: (fields: Record<string, string>, interests: string[]) => Record<string, unknown>,
  notice: AccountNotice,
): Promise<Response> {
  const session = c.get('session');
  const consumerNo = signedInConsumer(c);
  if (!session || !consumerNo) return c.redirect(base(c), 303);
  const { fields, interests } = await postedFields(c);
  // Preferences live on the profile page, as do personal data edited there; completing a profile is the overview's.
  const onProfile = part === 'interests' || (part === 'profile' && c.req.query('from') === 'profile');
  try {
    applySessionChange(
      c,
      await applyProfileUpdate({ env: c.env, address: deps(c).address }, session, consumerNo, { consumerProfile: build(fields, interests) }, c.get('locale')),
    );
  } catch (error) {
    const { errors, status } = formRefusal(c, error);
    const values: SignUpValues = { ...fields };
    if (onProfile) return profileView(c, consumerNo, { errors, values, failed: part === 'interests' ? 'interests' : 'profile' }, status as Status);
    return home(c, consumerNo, { errors, values, failed: part }, status as Status);
  }
  return c.redirect(`${base(c)}${onProfile ? '/profile' : ''}?notice=${notice}`, 303);
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'birthDate', 'postalCode', 'phone'] as const;

export const accountProfile = (c: Context<AppEnv>) =>
  updateFromForm(
    c,
    'profile',
    (fields) => {
      const consumerDetails: Record<string, string> = {};
      for (const name of PROFILE_FIELDS) if (name in fields) consumerDetails[name] = (fields[name] ?? '').trim();
      // The form shows only what the profile lacks: leaving one of them empty completes nothing.
      const empty = Object.keys(consumerDetails).filter((name) => consumerDetails[name] === '');
      if (empty.length > 0)
        throw new HttpError(
          'API400',
          'This field is required',
          empty.map((field) => ({ field, message: 'This field is required' })),
        );
      const ticked = fields.smsNotificationConsent === 'on';
      return { consumerDetails, ...(ticked && consumerDetails.phone ? { subscriptions: { smsNotificationConsent: true } } : {}) };
    },
    'saved',
  );

export const accountInterests = (c: Context<AppEnv>) =>
  updateFromForm(
    c,
    'interests',
    (fields, interests) => ({ preferences: { interests: joinInterests(interests), preferredShoeSize: fields.preferredShoeSize ?? '' } }),
    'saved',
  );

export const accountLoyalty = (c: Context<AppEnv>) =>
  updateFromForm(c, 'loyalty', (fields) => ({ subscriptions: { loyaltyEnrollment: true, loyaltyConsent: fields.loyaltyConsent === 'on' } }), 'joined');

export const accountEmployeeTerms = (c: Context<AppEnv>) => updateFromForm(c, 'terms', () => ({ isEmployeeDiscountTCAccepted: true }), 'terms');

const DIALOG_ESPOTS = ['sign-in-modal', 'sign-up-modal'] as const;

/** The sign-in dialog's content slots, rendered as a page would render them, fetched when the dialog opens. */
export async function accountEspot(c: Context<AppEnv>): Promise<Response> {
  const slot = c.req.param('slot') as (typeof DIALOG_ESPOTS)[number];
  if (!DIALOG_ESPOTS.includes(slot)) return c.notFound();
  const items = await loadEspot(c, slot);
  const html = items.length > 0 ? await renderFragment(c, (index) => <ContentBlocks items={items} index={index} part={`espot:${slot}`} />) : '';
  // Personalised like the page (signed in or not): the browser may keep it a little, nobody else.
  return c.html(html, 200, { 'Cache-Control': 'private, max-age=300', Vary: 'Cookie' });
}

/** A new password from the account page: every other session of the account ends, this one stays. */
export async function accountPassword(c: Context<AppEnv>): Promise<Response> {
  const session = c.get('session');
  const consumerNo = signedInConsumer(c);
  if (!session || !consumerNo) return c.redirect(base(c), 303);
  const { fields } = await postedFields(c);
  const translate = t(c);
  const current = fields.currentPassword ?? '';
  const next = fields.newPassword ?? '';
  const errors: Record<string, string> = {};
  if (!current) errors.currentPassword = translate('validation.required');
  const rules = v.safeParse(PasswordSchema, next);
  if (!rules.success) errors.newPassword = localizeValidation(translate, rules.issues[0].message);
  else if (next !== (fields.confirmPassword ?? '')) errors.confirmPassword = translate('error.passwordsDiffer');
  if (Object.keys(errors).length > 0) return profileView(c, consumerNo, { errors, failed: 'password' }, 400);
  try {
    const verifiedHash = await checkCurrentPassword(deps(c), consumerNo, current);
    applySessionChange(c, await changeOwnPassword(c.env, session, consumerNo, { currentPassword: current, newPassword: next, verifiedHash }));
  } catch (error) {
    // A wrong current password at its field; a locked account (or too many tries from here) for the whole form.
    const { errors, status } = formRefusal(c, error, {
      details: 'none',
      field: ({ code }) => (code === 'AUT450' ? 'currentPassword' : code === 'AUT451' ? 'newPassword' : 'form'),
    });
    return profileView(c, consumerNo, { errors, failed: 'password' }, status as Status);
  }
  return c.redirect(`${base(c)}/profile?notice=password`, 303);
}

/** A copy of everything held about the shopper, emailed to them (the profile page's Your data). */
export async function accountDataExport(c: Context<AppEnv>): Promise<Response> {
  const shopper = signedInShopperOf(c);
  if (!shopper) return c.redirect(base(c), 303);
  const { consumerNo } = shopper;
  try {
    await sendOwnPersonalData({ ...depsOf(c), mailer: mailerFor(c.env) }, shopper, getCookie(c, CONSENT_COOKIE) ?? null);
  } catch (error) {
    const { errors, status } = formRefusal(c, error);
    return profileView(c, consumerNo, { errors: { form: errors.form ?? Object.values(errors)[0] ?? '' }, failed: 'data' }, status as Status);
  }
  return c.redirect(`${base(c)}/profile?notice=exported`, 303);
}

/** The account deleted, once the password is given and the box ticked; then the shopper is a guest again. */
export async function accountDelete(c: Context<AppEnv>): Promise<Response> {
  const shopper = signedInShopperOf(c);
  if (!shopper) return c.redirect(base(c), 303);
  const { consumerNo } = shopper;
  const { fields } = await postedFields(c);
  const translate = t(c);
  const errors: Record<string, string> = {};
  if (!fields.password) errors.password = translate('validation.required');
  if (fields.confirm !== 'on') errors.confirm = translate('data.confirmRequired');
  if (Object.keys(errors).length > 0) return profileView(c, consumerNo, { errors, failed: 'data' }, 400);
  try {
    applySessionChange(c, await closeAccount({ ...depsOf(c), address: deps(c).address }, shopper, c.get('session') ?? null, fields.password ?? ''));
  } catch (error) {
    const { errors, status } = formRefusal(c, error, { details: 'none', field: ({ code }) => (code === 'AUT450' ? 'password' : 'form') });
    return profileView(c, consumerNo, { errors, failed: 'data' }, status as Status);
  }
  return c.redirect(`${base(c)}?notice=deleted`, 303);
}
