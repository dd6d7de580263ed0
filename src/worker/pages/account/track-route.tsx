// /{locale}/help/track-order: the form (the same page for everyone), the confirmation email's link
// (?orderNo=&st=) and the lookup it posts. A lookup answers only for the order's own email, counted per
// address (API429), and every refusal reads the same so nothing says which part was wrong.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { shopperOf } from '../../commerce/from-request.ts';
import { orderAccessToken } from '../../commerce/orders/access.ts';
import { placedByAccount, type Tracking, trackByToken, trackOrder } from '../../commerce/orders/shopper-orders.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { TrackOrderPage, type TrackOrderState } from './TrackOrderPage.tsx';

async function page(c: Context<AppEnv>, state: TrackOrderState, status: 200 | 404 | 429 = 200, personal = false): Promise<Response> {
  const locale = c.get('locale');
  const tracking = state.tracking;
  if (tracking && (tracking.status === 'delivered' || tracking.status === 'partly_returned')) {
    // An account's order is returned from the account, signed in; only a guest's order gets the tokened link.
    if (await placedByAccount(c.env.DB, tracking.orderNumber)) state.returnUrl = `/${locale.code}/account/orders/${tracking.orderNumber}`;
    else {
      const st = await orderAccessToken(c.env.SESSION_SECRET, tracking.orderNumber);
      state.returnUrl = `/${locale.code}/help/returns/how-to-return?orderNo=${tracking.orderNumber}&st=${encodeURIComponent(st)}`;
    }
  }
  const t = translator(locale.lang, locale.tag);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${t('track.title')} | ${t('brand.name')}`,
      description: t('track.description'),
      pageType: 'Other',
      styles: ['account'],
      canonical: `/${locale.code}/help/track-order`,
      ...(personal ? { robots: 'noindex' } : {}),
    },
    body: <TrackOrderPage state={state} />,
    fallback: () => null,
  });
  // Someone's order is on it: never kept by a cache.
  if (personal) response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

function refused(c: Context<AppEnv>, error: unknown, values: TrackOrderState['values']): Promise<Response> {
  // Too many tries says when to try again; any order not found reads the same, whether it exists or not.
  const { notice, status } = formRefusal(c, error, {
    codes: ['OHS4004', 'API429'],
    message: (refused, t) => (refused.code === 'API429' ? refused.message : t('track.notFound')),
  });
  return page(c, { values, error: notice }, status as 404 | 429, true);
}

export async function trackOrderPage(c: Context<AppEnv>): Promise<Response> {
  const query = new URL(c.req.url).searchParams;
  const orderNumber = query.get('orderNo');
  const st = query.get('st');
  if (!orderNumber || !st) return page(c, { values: { orderNumber: '', email: '' } });
  let tracking: Tracking;
  try {
    tracking = await trackByToken(c.env.DB, orderNumber, st);
  } catch (error) {
    return refused(c, error, { orderNumber, email: '' });
  }
  return page(c, { values: { orderNumber, email: '' }, tracking }, 200, true);
}

export async function trackOrderLookup(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const values = { orderNumber: (fields.orderNumber ?? '').trim().toUpperCase().slice(0, 20), email: (fields.email ?? '').trim().slice(0, 100) };
  let tracking: Tracking;
  try {
    tracking = await trackOrder(depsOf(c), shopperOf(c), { orderNumber: values.orderNumber, email: values.email || undefined });
  } catch (error) {
    return refused(c, error, values);
  }
  return page(c, { values, tracking }, 200, true);
}
