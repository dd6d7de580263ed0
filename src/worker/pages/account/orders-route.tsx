// /{locale}/account/orders and one order's page: the shopper's own, private, never stored; a guest is sent
// to sign in, and an order that is not theirs is the not-found page (OHS4004), never a glimpse of it.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { cancelOrder } from '../../commerce/account/cancel.ts';
import { orderHistory, ownOrder } from '../../commerce/account/orders.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { storeNamesOf } from '../checkout/OrderDetails.tsx';
import { readForm } from '../form-text.ts';
import { OrderPage, OrdersPage } from './OrdersPage.tsx';
import { sectionPage, signedInConsumer, signInFirst } from './section-page.tsx';

export async function ordersPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  const page = Number(new URL(c.req.url).searchParams.get('page') ?? '1');
  const history = await orderHistory(c.env.DB, consumerNo, Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1);
  return sectionPage(c, { title: translator(locale.lang, locale.tag)('orders.title'), path: '/account/orders', body: <OrdersPage history={history} /> });
}

async function showOrder(
  c: Context<AppEnv>,
  consumerNo: string,
  extra: { notice?: 'cancelled'; error?: string } = {},
  status: 200 | 409 = 200,
): Promise<Response> {
  const locale = c.get('locale');
  const order = await ownOrder(c.env.DB, consumerNo, c.req.param('orderNumber') ?? '');
  return sectionPage(c, {
    title: translator(locale.lang, locale.tag)('orders.numbered', { number: order.orderNumber }),
    path: `/account/orders/${order.orderNumber}`,
    body: <OrderPage order={order} stores={await storeNamesOf(c.env.DB, order)} {...extra} />,
    status,
  });
}

export async function orderPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  return showOrder(c, consumerNo, new URL(c.req.url).searchParams.get('notice') === 'cancelled' ? { notice: 'cancelled' } : {});
}

/** The whole order cancelled, once the shopper has ticked that they mean it; refused once it has shipped. */
export async function orderCancel(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const t = translator(locale.lang, locale.tag);
  if (fields.confirm !== 'on') return showOrder(c, consumerNo, { error: t('orders.cancelConfirmRequired') }, 409);
  const orderNumber = c.req.param('orderNumber') ?? '';
  try {
    await cancelOrder(c, consumerNo, orderNumber);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'OHS4090') return showOrder(c, consumerNo, { error: t('error.orderNotCancellable') }, 409);
    throw error;
  }
  return c.redirect(`/${locale.code}/account/orders/${orderNumber}?notice=cancelled`, 303);
}
