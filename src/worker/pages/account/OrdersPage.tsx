// /{locale}/account/orders and /{locale}/account/orders/{orderNumber} (the account issue, §1 Orders): the
// history a page at a time, and one order with its status history, its tracking once it has shipped, and
// what was bought, delivered and paid. Rendered with the data on the server.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { formatMoney } from '../../../shared/money.ts';
import { CheckboxField } from '../../../shared/ui/form.tsx';
import { CANCELLABLE } from '../../commerce/account/cancel.ts';
import type { OrderHistory, Tracking } from '../../commerce/account/orders.ts';
import type { OrderEntity } from '../../commerce/checkout/order-entity.ts';
import { OrderDetails } from '../checkout/OrderDetails.tsx';
import { usePage } from '../page-context.tsx';
import { AccountNav } from './AccountNav.tsx';

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

export function OrderPage({
  order,
  stores,
  notice,
  error,
}: {
  order: OrderEntity;
  stores: Record<string, string>;
  notice?: 'cancelled' | undefined;
  error?: string | undefined;
}) {
  const { t, locale } = usePage();
  const date = useDate();
  const tracking = order.shipments.find((s) => s.tracking)?.tracking;
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('orders.numbered', { number: order.orderNumber })}</h1>
      </header>
      <AccountNav current="orders" />
      <p>
        <a href={`/${locale.code}/account/orders`}>{t('orders.back')}</a>
      </p>
      {notice === 'cancelled' ? (
        <p className="notice notice--success" role="status">
          {t('orders.cancelled')}
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
          <form className="form" method="post" action={`/${locale.code}/account/orders/${order.orderNumber}/cancel`}>
            <CheckboxField id="cancel-confirm" name="confirm" label={t('orders.cancelConfirm')} required />
            <div className="form__actions">
              <button className="button button--secondary" type="submit">
                {t('orders.cancel')}
              </button>
            </div>
          </form>
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
