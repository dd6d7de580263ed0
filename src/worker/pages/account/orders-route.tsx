// /{locale}/account/orders and one order's page: the shopper's own, private, never stored; a guest is sent
// to sign in, and an order that is not theirs is the not-found page (OHS4004), never a glimpse of it.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { shopperOf } from '../../commerce/from-request.ts';
import { resendBoughtGiftCards } from '../../commerce/gift-cards/service.ts';
import { cancelLines } from '../../commerce/orders/after-sales.ts';
import { cancelOrder } from '../../commerce/orders/cancel.ts';
import { invoiceOf, pdf } from '../../commerce/orders/documents-route.ts';
import { storeNamesOf } from '../../commerce/orders/order-stores.ts';
import { createReturn, returnsOf } from '../../commerce/orders/returns.ts';
import { orderHistory, ownOrder } from '../../commerce/orders/shopper-orders.ts';
import { paymentProviderFor } from '../../commerce/payments/choose.ts';
import type { AppEnv } from '../../env.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { formRefusal, inServiceWords } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { AccountNav } from './AccountNav.tsx';
import { type OrderNotice, OrderPage, OrdersPage } from './OrdersPage.tsx';
import { type ChosenLine, chosenLinesOf, ReturnForm } from './ReturnForm.tsx';
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
  extra: { notice?: OrderNotice; error?: string } = {},
  status: 200 | 400 | 409 = 200,
): Promise<Response> {
  const locale = c.get('locale');
  const order = await ownOrder(c.env.DB, consumerNo, c.req.param('orderNumber') ?? '');
  return sectionPage(c, {
    title: translator(locale.lang, locale.tag)('orders.numbered', { number: order.orderNumber }),
    path: `/account/orders/${order.orderNumber}`,
    body: <OrderPage order={order} stores={await storeNamesOf(c.env.DB, order)} returns={await returnsOf(c.env.DB, order.orderNumber)} {...extra} />,
    status,
    styles: ['account', 'order'],
  });
}

function noticeOf(query: URLSearchParams): OrderNotice | undefined {
  const notice = query.get('notice');
  if (notice === 'cancelled' || notice === 'itemsCancelled' || notice === 'giftCardSent') return { kind: notice };
  const returnId = query.get('return') ?? '';
  if (notice === 'returned' && /^RA\d{8}$/.test(returnId)) return { kind: 'returned', returnId };
  return undefined;
}

export async function orderPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const notice = noticeOf(new URL(c.req.url).searchParams);
  return showOrder(c, consumerNo, notice ? { notice } : {});
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
    await cancelOrder(depsOf(c), shopperOf(c), consumerNo, orderNumber);
  } catch (error) {
    const { notice, status } = formRefusal(c, error, { codes: ['OHS4090'] });
    return showOrder(c, consumerNo, { error: notice }, status as 409);
  }
  return c.redirect(`/${locale.code}/account/orders/${orderNumber}?notice=cancelled`, 303);
}

/** Some units cancelled from the order page's form (`qty:{itemId}` fields); all of them cancels the order. */
export async function orderCancelItems(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  const items = chosenLinesOf(fields).map(({ itemId, quantity }) => ({ itemId, quantity }));
  if (items.length === 0) return showOrder(c, consumerNo, { error: t('orders.cancelNothing') }, 400);
  const orderNumber = c.req.param('orderNumber') ?? '';
  let status: string;
  try {
    status = (await cancelLines(depsOf(c), shopperOf(c), paymentProviderFor(c.env), consumerNo, orderNumber, items)).status;
  } catch (error) {
    const { notice, status } = formRefusal(c, error, {
      codes: ['OHS4090', 'API400', 'API409'],
      details: 'none',
      message: (refused) => (refused.code === 'OHS4090' ? undefined : refused.message),
    });
    return showOrder(c, consumerNo, { error: notice }, status as 400 | 409);
  }
  return c.redirect(`/${locale.code}/account/orders/${orderNumber}?notice=${status === 'cancelled' ? 'cancelled' : 'itemsCancelled'}`, 303);
}

async function showReturnForm(
  c: Context<AppEnv>,
  consumerNo: string,
  error?: string,
  status: 200 | 400 | 409 | 500 = 200,
  chosen: readonly ChosenLine[] = [],
): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const order = await ownOrder(c.env.DB, consumerNo, c.req.param('orderNumber') ?? '');
  const path = `/account/orders/${order.orderNumber}/return`;
  return sectionPage(c, {
    title: t('returns.title'),
    path,
    body: (
      <div className="page account">
        <header className="account__head">
          <h1>{t('returns.title')}</h1>
        </header>
        <AccountNav current="orders" />
        <p>
          <a href={`/${locale.code}/account/orders/${order.orderNumber}`}>{t('orders.numbered', { number: order.orderNumber })}</a>
        </p>
        <ReturnForm order={order} action={`/${locale.code}${path}`} error={error} chosen={chosen} />
      </div>
    ),
    status,
  });
}

export async function orderReturnPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  return showReturnForm(c, consumerNo);
}

/** A return from the form: its label is then on the order page. */
export async function orderReturn(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  const lines = chosenLinesOf(fields);
  if (lines.length === 0) return showReturnForm(c, consumerNo, t('returns.nothing'), 400);
  const order = await ownOrder(c.env.DB, consumerNo, c.req.param('orderNumber') ?? '');
  let returnId: string;
  try {
    returnId = (await createReturn(depsOf(c), shopperOf(c), order, lines, 'owner')).returnId;
  } catch (error) {
    // A return that could not be written (RTN500) is said at the form, in the page's language, with what was
    // chosen still chosen: the shopper tries again from there rather than from the error page.
    const { notice, status } = formRefusal(c, error, {
      codes: ['API400', 'API409', 'RTN500'],
      details: 'none',
      message: (refused) => (refused.code === 'RTN500' ? undefined : inServiceWords(refused)),
    });
    return showReturnForm(c, consumerNo, notice, status as 400 | 409 | 500, lines);
  }
  return c.redirect(`/${locale.code}/account/orders/${order.orderNumber}?notice=returned&return=${returnId}`, 303);
}

/** The invoice as a download. */
export async function orderInvoice(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const order = await ownOrder(c.env.DB, consumerNo, c.req.param('orderNumber') ?? '');
  return pdf(c, await invoiceOf(c.env.DB, order), `cairn-invoice-${order.orderNumber}.pdf`);
}

/** A bought gift card's email sent again to its recipient. */
export async function orderGiftCardResend(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const orderNumber = c.req.param('orderNumber') ?? '';
  try {
    await resendBoughtGiftCards(depsOf(c), shopperOf(c), consumerNo, await ownOrder(c.env.DB, consumerNo, orderNumber), c.req.param('itemId') ?? '');
  } catch (error) {
    const { notice, status } = formRefusal(c, error, { codes: ['API400', 'API409', 'API429'], details: 'none', message: inServiceWords });
    return showOrder(c, consumerNo, { error: notice }, status as 400 | 409);
  }
  return c.redirect(`/${c.get('locale').code}/account/orders/${orderNumber}?notice=giftCardSent`, 303);
}
