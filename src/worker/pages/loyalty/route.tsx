// /{locale}/loyalty (the account issue, Loyalty): the Cairn Club's page. A visitor who is not signed in gets
// the programme's CMS page, the same for everyone and cacheable; a signed-in shopper gets their own page,
// private: a member's points, history, vouchers, welcome offer and referral link, or for anyone else the
// way to join (with the loyalty terms and the loyalty-modal espot). A friend's referral_code and the
// campaign's leadSource travel with the join form.

import type { Context } from 'hono';
import { policyLinks } from '../../../shared/account/account-site.ts';
import { LOYALTY_MIN_POINTS } from '../../../shared/commerce/commerce-config.ts';
import type { Block } from '../../../shared/content/blocks.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { JoinLoyaltyForm } from '../../../shared/ui/account-forms.tsx';
import { type LoyaltyVoucher, loyaltyBenefits, vouchersFor } from '../../commerce/cart/loyalty.ts';
import { type CatalogIndex, catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { applyProfileUpdate } from '../../commerce/identity/account-session.ts';
import { applySessionChange, requestAddress } from '../../commerce/identity/http-session.ts';
import {
  applyReferral,
  type Member,
  memberOf,
  type PointsEntry,
  pointsHistory,
  REFERRAL_POINTS,
  referralCodeOf,
  type WelcomePromotion,
  welcomePromotion,
} from '../../commerce/loyalty/programme.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicUrl } from '../../lib/public-origin.ts';
import { signedInConsumer } from '../account/section-page.tsx';
import { loadEspot } from '../cms/espot.ts';
import { cmsPageRoute } from '../cms/route.tsx';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

interface MemberView {
  member: Member;
  history: PointsEntry[];
  vouchers: LoyaltyVoucher[];
  welcome: WelcomePromotion | null;
  referralUrl: string;
  benefits: string[];
}

type ClubState =
  | { kind: 'member'; view: MemberView; joined: boolean }
  | { kind: 'join'; espot: Block[]; index: CatalogIndex; error?: string | undefined; query: string };

function ClubPanel({ state }: { state: ClubState }) {
  const { t, locale } = usePage();
  if (state.kind === 'join') {
    return (
      <section className="account__section club" aria-labelledby="club-join">
        <h1 id="club-join">{t('club.joinTitle')}</h1>
        {state.espot.length > 0 ? <ContentBlocks items={state.espot} index={state.index} part="espot:loyalty-modal" /> : null}
        {state.error ? (
          <p className="notice notice--error" role="alert">
            {state.error}
          </p>
        ) : null}
        <JoinLoyaltyForm t={t} action={`/${locale.code}/loyalty/join${state.query}`} links={policyLinks(locale.code)} errors={undefined} />
      </section>
    );
  }
  const { view } = state;
  const date = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(locale.tag);
  return (
    <section className="account__section club" aria-labelledby="club-member">
      <h1 id="club-member">{t('club.memberTitle')}</h1>
      {state.joined ? (
        <p className="notice notice--success" role="status">
          {t('club.joined')}
        </p>
      ) : null}
      <p className="club__points">
        <strong>{t('account.points', { count: view.member.points })}</strong>
        <span className="club__member-id">
          {t('account.memberId')}: {view.member.memberId}
        </span>
      </p>
      <h2>{t('club.vouchers')}</h2>
      <p>{t('club.vouchersText', { points: LOYALTY_MIN_POINTS })}</p>
      <ul className="club__vouchers">
        {view.vouchers.map((voucher) => (
          <li key={voucher.points} className={voucher.available ? 'club__voucher club__voucher--available' : 'club__voucher'}>
            <strong>{voucher.amountInCurrency}</strong> {t('club.forPoints', { points: number.format(voucher.points) })}
            <span>{voucher.available ? t('club.voucherReady') : t('club.voucherMore', { points: number.format(voucher.points - view.member.points) })}</span>
          </li>
        ))}
      </ul>
      {view.welcome?.available ? (
        <>
          <h2>{t('club.welcome')}</h2>
          <p>{t('club.welcomeText', { percent: view.welcome.discountPercent, code: view.welcome.couponCode })}</p>
        </>
      ) : null}
      <h2>{t('club.refer')}</h2>
      <p>{t('club.referText', { points: REFERRAL_POINTS })}</p>
      <div className="field">
        <label className="field__label" htmlFor="club-referral">
          {t('club.referLink')}
        </label>
        <input className="field__input" id="club-referral" readOnly value={view.referralUrl} />
      </div>
      <h2>{t('club.benefits')}</h2>
      <ul>
        {view.benefits.map((benefit) => (
          <li key={benefit}>{t(`club.benefit.${benefit}` as MessageKey)}</li>
        ))}
      </ul>
      <h2>{t('club.history')}</h2>
      {view.history.length === 0 ? (
        <p>{t('club.noHistory')}</p>
      ) : (
        <table className="club__history">
          <thead>
            <tr>
              <th scope="col">{t('club.date')}</th>
              <th scope="col">{t('club.what')}</th>
              <th scope="col">{t('club.pointsColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {view.history.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>{date.format(new Date(entry.at))}</td>
                <td>
                  {t(`club.kind.${entry.kind}` as MessageKey)}
                  {entry.orderNumber ? (
                    <>
                      {' · '}
                      <a href={`/${locale.code}/account/orders/${entry.orderNumber}`}>{entry.orderNumber}</a>
                    </>
                  ) : null}
                </td>
                <td>{entry.points > 0 ? `+${number.format(entry.points)}` : number.format(entry.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The referral and campaign the visit came with, carried on to the join form. */
function carried(url: URL): string {
  const kept = new URLSearchParams();
  const code = url.searchParams.get('referral_code');
  const source = url.searchParams.get('leadSource');
  if (code && /^[A-Za-z0-9]{6,16}$/.test(code)) kept.set('referral_code', code.toUpperCase());
  if (source && /^[\w.-]{1,64}$/.test(source)) kept.set('leadSource', source);
  const query = kept.toString();
  return query ? `?${query}` : '';
}

async function clubState(c: Context<AppEnv>, consumerNo: string, joined: boolean, error?: string): Promise<ClubState> {
  const locale = c.get('locale');
  let member: Member;
  try {
    member = await memberOf(c.env.DB, consumerNo);
  } catch (failure) {
    if (!(failure instanceof HttpError) || failure.code !== '4044') throw failure;
    const [espot, index] = await Promise.all([loadEspot(c, 'loyalty-modal'), catalogIndex(c.env.DB, c.get('logger'))]);
    return { kind: 'join', espot, index, error, query: carried(new URL(c.req.url)) };
  }
  const [history, welcome, code] = await Promise.all([
    pointsHistory(c.env.DB, consumerNo),
    welcomePromotion(c.env.DB, member, locale.site.id),
    referralCodeOf(c.env.DB, consumerNo),
  ]);
  const standing = { memberId: member.memberId, confirmed: member.joinedAt !== null, points: member.points };
  return {
    kind: 'member',
    joined,
    view: {
      member,
      history,
      welcome,
      vouchers: vouchersFor(standing, locale.site.currency, locale.tag),
      referralUrl: publicUrl(c.env, `/${locale.code}/loyalty?referral_code=${code}`),
      benefits: loyaltyBenefits(locale.site.id),
    },
  };
}

async function clubPage(c: Context<AppEnv>, state: ClubState, status: 200 | 400 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${t('club.memberTitle')} | ${t('brand.name')}`,
      description: t('account.joinText'),
      pageType: 'account',
      styles: ['account'],
      canonical: `/${locale.code}/loyalty`,
      // A crawler is never signed in: it sees the programme's page at this address, never this one.
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body: (
      <div className="page account">
        <ClubPanel state={state} />
      </div>
    ),
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export async function loyaltyPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return cmsPageRoute(c);
  return clubPage(c, await clubState(c, consumerNo, new URL(c.req.url).searchParams.get('notice') === 'joined'));
}

/** Joining from the page: the loyalty terms ticked, then any friend's referral counts. */
export async function loyaltyJoin(c: Context<AppEnv>): Promise<Response> {
  const session = c.get('session');
  const consumerNo = signedInConsumer(c);
  const locale = c.get('locale');
  if (!session || !consumerNo) return c.redirect(`/${locale.code}/account?join=club`, 303);
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  if (fields.loyaltyConsent !== 'on') return clubPage(c, await clubState(c, consumerNo, false, t('club.termsRequired')), 400);
  applySessionChange(
    c,
    await applyProfileUpdate(
      { env: c.env, address: requestAddress(c) },
      session,
      consumerNo,
      { consumerProfile: { subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } } },
      locale,
    ),
  );
  const url = new URL(c.req.url);
  const code = url.searchParams.get('referral_code');
  if (code) await applyReferral(c.env.DB, await memberOf(c.env.DB, consumerNo), code.toUpperCase(), url.searchParams.get('leadSource'));
  return c.redirect(`/${locale.code}/loyalty?notice=joined`, 303);
}
