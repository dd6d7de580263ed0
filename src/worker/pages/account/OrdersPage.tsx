// /{locale}/account/orders and /{locale}/account/orders/{orderNumber} (the account issue, §1 Orders): the
// history a page at a time, and one order with its status history, its tracking once it has shipped, and
// what was bought, delivered and paid. Rendered with the data on the server.

import { formatMoney } from '../../../shared/commerce/money.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { CheckboxField, SelectField } from '../../../shared/ui/form.tsx';
import { CANCELLABLE } from '../../commerce/orders/cancel.ts';
import { invoiceable } from '../../commerce/orders/documents-route.ts';
import type { OrderEntity } from '../../commerce/orders/order-entity.ts';
import { type ReturnView, returnRefusal } from '../../commerce/orders/returns.ts';
import type { OrderHistory, Tracking } from '../../commerce/orders/shopper-orders.ts';
import { OrderDetails } from '../checkout/OrderDetails.tsx';
import { usePage } from '../page-context.tsx';
import { AccountNav } from './AccountNav.tsx';
import { ReturnsList, returnableUnits } from './ReturnForm.tsx';

function useDate(): (iso: string) => string {
  const { locale } = usePage();
  const format = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeZone: 'UTC' });
  return (iso) => format.format(new Date(iso));
}

export function OrdersPage({ history }: { history: OrderHistory }) {
  const { t, locale } = usePage();
  const date = useDate();
  const base = `/${locale.code}/account/orders`;
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('orders.title')}</h1>
      </header>
      <AccountNav current="orders" />
      {history.orders.length === 0 ? (
        <p>{t('orders.none')}</p>
      ) : (
        <ol className="order-history">
          {history.orders.map((order) => {
            const more = order.itemCount - order.names.length;
            return (
              <li key={order.orderNumber} className="order-history__entry">
                <h2 className="order-history__number">
                  <a href={`${base}/${order.orderNumber}`}>{t('orders.numbered', { number: order.orderNumber })}</a>
                </h2>
                <p className="order-history__meta">
                  {t('orders.placedOn', { date: date(order.createdAt) })} · {formatMoney(order.total, order.currency, locale.tag)}
                </p>
                <p className="order-history__status">{t(`order.status.${order.status}` as MessageKey)}</p>
                <p className="order-history__items">
                  {order.names.join(', ')}
                  {more > 0 ? ` ${t('orders.more', { count: more })}` : ''}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('orders.pages')}>
          {history.page > 1 ? (
            <a href={`${base}?page=${history.page - 1}`} rel="prev">
              {t('orders.newer')}
            </a>
          ) : null}
          <span>{t('orders.pageOf', { page: history.page, pages })}</span>
          {history.page < pages ? (
            <a href={`${base}?page=${history.page + 1}`} rel="next">
              {t('orders.older')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export type OrderNotice = { kind: 'cancelled' } | { kind: 'itemsCancelled' } | { kind: 'giftCardSent' } | { kind: 'returned'; returnId: string };

export function OrderPage({
  order,
  stores,
  returns,
  notice,
  error,
}: {
  order: OrderEntity;
  stores: Record<string, string>;
  returns: ReturnView[];
  notice?: OrderNotice | undefined;
  error?: string | undefined;
}) {
  const { t, locale } = usePage();
  const date = useDate();
  const tracking = order.shipments.find((s) => s.tracking)?.tracking;
  const base = `/${locale.code}/account/orders/${order.orderNumber}`;
  const open = order.items.filter((item) => item.qty > item.cancelledQty);
  const unitsLeft = open.reduce((sum, item) => sum + item.qty - item.cancelledQty, 0);
  const returnable = returnRefusal(order) === null && order.items.some((item) => returnableUnits(item) > 0);
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('orders.numbered', { number: order.orderNumber })}</h1>
      </header>
      <AccountNav current="orders" />
      <p>
        <a href={`/${locale.code}/account/orders`}>{t('orders.back')}</a>
      </p>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice.kind === 'cancelled'
            ? t('orders.cancelled')
            : notice.kind === 'itemsCancelled'
              ? t('orders.itemsCancelled')
              : notice.kind === 'giftCardSent'
                ? t('orders.giftCardSent')
                : t('returns.created', { number: notice.returnId })}
        </p>
      ) : null}
      <p>
        {t('orders.placedOn', { date: date(order.createdAt) })} · {t('order.status', { status: t(`order.status.${order.status}` as MessageKey) })}
      </p>
      <section className="account__section" aria-labelledby="order-tracking">
        <h2 id="order-tracking">{t('orders.tracking')}</h2>
        <TrackingDetails carrier={tracking?.carrier ?? null} trackingNumber={tracking?.trackingNumber ?? null} events={order.statusHistory} />
      </section>
      {CANCELLABLE.includes(order.status) ? (
        <section className="account__section" aria-labelledby="order-cancel">
          <h2 id="order-cancel">{t('orders.cancelTitle')}</h2>
          <p>{t('orders.cancelText')}</p>
          {error ? (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          ) : null}
          <form className="form" method="post" action={`${base}/cancel`}>
            <CheckboxField id="cancel-confirm" name="confirm" label={t('orders.cancelConfirm')} required />
            <div className="form__actions">
              <button className="button button--secondary" type="submit">
                {t('orders.cancel')}
              </button>
            </div>
          </form>
          {unitsLeft > 1 ? (
            <form className="form" method="post" action={`${base}/cancel-items`} aria-labelledby="order-cancel-some">
              <h3 id="order-cancel-some">{t('orders.cancelSome')}</h3>
              <p>{t('orders.cancelSomeText')}</p>
              {open.map((item) => (
                <SelectField
                  key={item.itemId}
                  id={`cancel-qty-${item.itemId}`}
                  name={`qty:${item.itemId}`}
                  label={`${item.name} · ${item.variants.color} · ${item.variants.size}: ${t('orders.cancelQty')}`}
                  options={Array.from({ length: item.qty - item.cancelledQty + 1 }, (_, n) => ({ value: String(n), label: String(n) }))}
                  defaultValue="0"
                />
              ))}
              <div className="form__actions">
                <button className="button button--secondary" type="submit">
                  {t('orders.cancelItems')}
                </button>
              </div>
            </form>
          ) : null}
        </section>
      ) : null}
      {returnable || returns.length > 0 ? (
        <section className="account__section" aria-labelledby="order-returns">
          <h2 id="order-returns">{t('returns.list')}</h2>
          <ReturnsList returns={returns} />
          {returnable ? (
            <p>
              <a className="button button--primary" href={`${base}/return`}>
                {t('returns.start')}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      {order.items.some((item) => item.digital) && invoiceable(order) ? (
        <section className="account__section" aria-labelledby="order-gift-cards">
          <h2 id="order-gift-cards">{t('orders.giftCards')}</h2>
          {order.items
            .filter((item) => item.digital)
            .map((item) => (
              <form key={item.itemId} className="form" method="post" action={`${base}/gift-cards/${item.itemId}/resend`}>
                <p>{t('orders.giftCardTo', { name: item.name, email: (item.giftOption as { email?: string } | null)?.email ?? order.email })}</p>
                <div className="form__actions">
                  <button className="button button--secondary" type="submit">
                    {t('orders.giftCardResend')}
                  </button>
                </div>
              </form>
            ))}
        </section>
      ) : null}
      {invoiceable(order) ? (
        <section className="account__section" aria-labelledby="order-documents">
          <h2 id="order-documents">{t('orders.documents')}</h2>
          <p>
            <a href={`${base}/invoice`} download={`cairn-invoice-${order.orderNumber}.pdf`}>
              {t('orders.invoice')}
            </a>
          </p>
        </section>
      ) : null}
      <OrderDetails order={order} stores={stores} />
    </div>
  );
}

/** Where an order is: the carrier's tracking number once it ships, and every status it went through, dated. */
export function TrackingDetails({ carrier, trackingNumber, events }: Pick<Tracking, 'carrier' | 'trackingNumber' | 'events'>) {
  const { t, locale } = usePage();
  const time = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (
    <>
      {carrier && trackingNumber ? (
        <p className="order-tracking">{t('orders.trackingNumber', { carrier, number: trackingNumber })}</p>
      ) : (
        <p>{t('orders.notShipped')}</p>
      )}
      <ol className="order-timeline">
        {events.map((event) => (
          <li key={`${event.status}-${event.at}`}>
            <strong>{t(`order.status.${event.status}` as MessageKey)}</strong> <time dateTime={event.at}>{time.format(new Date(event.at))}</time>
            {event.carrier && event.trackingNumber ? (
              <span> · {t('orders.trackingNumber', { carrier: event.carrier, number: event.trackingNumber })}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}
