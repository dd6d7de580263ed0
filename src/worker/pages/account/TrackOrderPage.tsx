// /{locale}/help/track-order (the account issue, §1 guest order lookup): an order number and the order's
// email (or the link in the confirmation email) show where the order is, for a shopper without an account.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { TextField } from '../../../shared/ui/form.tsx';
import type { Tracking } from '../../commerce/orders/shopper-orders.ts';
import { usePage } from '../page-context.tsx';
import { TrackingDetails } from './OrdersPage.tsx';

export interface TrackOrderState {
  values: { orderNumber: string; email: string };
  tracking?: Tracking | undefined;
  /** Where the order's return starts, once it is delivered (carrying its access token). */
  returnUrl?: string | undefined;
  error?: string | undefined;
}

export function TrackOrderPage({ state }: { state: TrackOrderState }) {
  const { t, locale } = usePage();
  const tracking = state.tracking;
  return (
    <div className="page account track-order">
      <h1>{t('track.title')}</h1>
      {tracking ? (
        <section className="account__section" aria-labelledby="track-result">
          <h2 id="track-result">{t('orders.numbered', { number: tracking.orderNumber })}</h2>
          <p>{t('order.status', { status: t(`order.status.${tracking.status}` as MessageKey) })}</p>
          <TrackingDetails carrier={tracking.carrier} trackingNumber={tracking.trackingNumber} events={tracking.events} />
          {state.returnUrl ? (
            <p>
              <a className="button button--secondary" href={state.returnUrl}>
                {t('returns.start')}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      <section className="account__section" aria-labelledby="track-form">
        <h2 id="track-form">{tracking ? t('track.another') : t('track.intro')}</h2>
        {state.error ? (
          <p className="notice notice--error" role="alert">
            {state.error}
          </p>
        ) : null}
        <OrderLookupForm action={`/${locale.code}/help/track-order`} idPrefix="track" values={state.values} submit={t('track.submit')} />
      </section>
    </div>
  );
}

/** An order number and the order's email: how a shopper without an account finds their order (tracking, returns). */
export function OrderLookupForm({
  action,
  idPrefix,
  values,
  submit,
}: {
  action: string;
  idPrefix: string;
  values: { orderNumber: string; email: string };
  submit: string;
}) {
  const { t } = usePage();
  return (
    <form className="form address-form" method="post" action={action} noValidate>
      <TextField
        id={`${idPrefix}-order-number`}
        name="orderNumber"
        label={t('track.orderNumber')}
        hint={t('track.orderNumberHint')}
        autoComplete="off"
        maxLength={20}
        defaultValue={values.orderNumber}
        required
      />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label={t('track.email')}
        autoComplete="email"
        maxLength={100}
        defaultValue={values.email}
        required
      />
      <div className="form__actions">
        <button className="button button--primary" type="submit">
          {submit}
        </button>
      </div>
    </form>
  );
}
