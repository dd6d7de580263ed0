// /{locale}/help/returns/how-to-return (commerce-core §2; the account issue, guest order lookup): how returns
// work, and for a shopper without an account the same return flow as the account's: the order number and
// its email (counted per address), or the confirmation email's link, then the lines to send back, then the
// label. Once the email matched, the next steps carry the order's access token, as the email link does. An
// account's order is not opened here: the page sends its shopper to sign in and return it from the account.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { shopperOf } from '../../commerce/from-request.ts';
import { orderAccessToken } from '../../commerce/orders/access.ts';
import type { OrderEntity } from '../../commerce/orders/order-entity.ts';
import { createReturn, RETURN_WINDOW_DAYS, type ReturnView, returnRefusal, returnsOf } from '../../commerce/orders/returns.ts';
import { afterSalesOrder } from '../../commerce/orders/shopper-orders.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { formRefusal, inServiceWords } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';
import { type ChosenLine, chosenLinesOf, ReturnForm, ReturnsList, returnableUnits } from './ReturnForm.tsx';
import { OrderLookupForm } from './TrackOrderPage.tsx';

interface GuestReturnState {
  values: { orderNumber: string; email: string };
  order?: { entity: OrderEntity; st: string; returns: ReturnView[] } | undefined;
  created?: string | undefined;
  error?: string | undefined;
  /** What a refused return form had chosen, shown again. */
  chosen?: readonly ChosenLine[] | undefined;
  /** An account's order, proven with a guest's proof: its shopper signs in to return it. */
  accountOrder?: string | undefined;
}

function GuestReturnPage({ state }: { state: GuestReturnState }) {
  const { t, locale } = usePage();
  const found = state.order;
  const path = `/${locale.code}/help/returns/how-to-return`;
  const returnable = found && returnRefusal(found.entity) === null && found.entity.items.some((item) => returnableUnits(item) > 0);
  return (
    <div className="page account how-to-return">
      <h1>{t('returns.guestTitle')}</h1>
      <p>{t('returns.guestIntro', { days: RETURN_WINDOW_DAYS })}</p>
      {state.created ? (
        <p className="notice notice--success" role="status">
          {t('returns.created', { number: state.created })}
        </p>
      ) : null}
      {found ? (
        <section className="account__section" aria-labelledby="return-order">
          <h2 id="return-order">{t('orders.numbered', { number: found.entity.orderNumber })}</h2>
          <ReturnsList returns={found.returns} labelQuery={`?st=${encodeURIComponent(found.st)}`} />
          {returnable ? (
            <ReturnForm order={found.entity} action={`${path}?orderNo=${found.entity.orderNumber}`} st={found.st} error={state.error} chosen={state.chosen} />
          ) : (
            <p>{returnRefusal(found.entity) ?? t('returns.none')}</p>
          )}
        </section>
      ) : (
        <section className="account__section" aria-labelledby="return-find">
          <h2 id="return-find">{t('returns.find')}</h2>
          {state.error ? (
            <p className="notice notice--error" role="alert">
              {state.error}
            </p>
          ) : null}
          {state.accountOrder ? (
            <p>
              <a className="button button--secondary" href={`/${locale.code}/account/orders/${state.accountOrder}`}>
                {t('returns.openInAccount')}
              </a>
            </p>
          ) : null}
          <OrderLookupForm action={path} idPrefix="return" values={state.values} submit={t('returns.find')} />
        </section>
      )}
    </div>
  );
}

async function page(c: Context<AppEnv>, state: GuestReturnState, status: 200 | 400 | 403 | 404 | 409 | 429 | 500 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const personal = Boolean(state.order || state.error || state.values.orderNumber);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${t('returns.guestTitle')} | ${t('brand.name')}`,
      description: t('returns.guestDescription', { days: RETURN_WINDOW_DAYS }),
      pageType: 'Other',
      styles: ['account'],
      canonical: `/${locale.code}/help/returns/how-to-return`,
      ...(personal ? { robots: 'noindex' } : {}),
    },
    body: <GuestReturnPage state={state} />,
    fallback: () => null,
  });
  // Someone's order is on it: never kept by a cache.
  if (personal) response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

async function withOrder(
  c: Context<AppEnv>,
  order: OrderEntity,
  extra: Partial<GuestReturnState> = {},
  status: 200 | 400 | 409 | 500 = 200,
): Promise<Response> {
  const st = await orderAccessToken(c.env.SESSION_SECRET, order.orderNumber);
  return page(
    c,
    { values: { orderNumber: order.orderNumber, email: '' }, order: { entity: order, st, returns: await returnsOf(c.env.DB, order.orderNumber) }, ...extra },
    status,
  );
}

function refused(c: Context<AppEnv>, error: unknown, values: GuestReturnState['values']): Promise<Response> {
  const { code, notice, status } = formRefusal(c, error, {
    codes: ['OHS4004', 'API429', 'OHS4030'],
    message: (refused, t) => (refused.code === 'API429' ? refused.message : refused.code === 'OHS4030' ? t('error.orderNeedsSignIn') : t('track.notFound')),
  });
  return page(c, { values, error: notice, ...(code === 'OHS4030' ? { accountOrder: values.orderNumber } : {}) }, status as 403 | 404 | 429);
}

/** The page, or with the confirmation email's ?orderNo=&st= the order's return form straight away. */
export async function howToReturnPage(c: Context<AppEnv>): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  const orderNumber = query.get('orderNo');
  const st = query.get('st');
  if (!orderNumber || !st) return page(c, { values: { orderNumber: '', email: '' } });
  try {
    return withOrder(c, await afterSalesOrder(depsOf(c), shopperOf(c), orderNumber, { st }));
  } catch (error) {
    return refused(c, error, { orderNumber, email: '' });
  }
}

/** Either the lookup (order number and email) or, with the token the lookup handed out, the return itself. */
export async function howToReturnPost(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  if (fields.st) {
    const orderNumber = (new URL(c.req.url).searchParams.get('orderNo') ?? '').slice(0, 20);
    let order: OrderEntity;
    try {
      order = await afterSalesOrder(depsOf(c), shopperOf(c), orderNumber, { st: fields.st });
    } catch (error) {
      return refused(c, error, { orderNumber, email: '' });
    }
    const lines = chosenLinesOf(fields);
    if (lines.length === 0) return withOrder(c, order, { error: t('returns.nothing') }, 400);
    try {
      const created = await createReturn(depsOf(c), shopperOf(c), order, lines, 'guest');
      return withOrder(c, order, { created: created.returnId });
    } catch (error) {
      // As on the account's return form: a return that could not be written (RTN500) is said here, the choices kept.
      const { notice, status } = formRefusal(c, error, {
        codes: ['API400', 'API409', 'RTN500'],
        details: 'none',
        message: (refused) => (refused.code === 'RTN500' ? undefined : inServiceWords(refused)),
      });
      return withOrder(c, order, { error: notice, chosen: lines }, status as 400 | 409 | 500);
    }
  }
  const values = { orderNumber: (fields.orderNumber ?? '').trim().toUpperCase().slice(0, 20), email: (fields.email ?? '').trim().slice(0, 100) };
  try {
    return withOrder(c, await afterSalesOrder(depsOf(c), shopperOf(c), values.orderNumber, { email: values.email || undefined }));
  } catch (error) {
    return refused(c, error, values);
  }
}
