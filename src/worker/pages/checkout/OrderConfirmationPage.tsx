// /{locale}/order-confirmation: what was bought, how it arrives, how it was paid, and the totals, read
// back from the order. A guest may make an account in one step that keeps the order.

import { policyLinks } from '../../../shared/account-site.ts';
import type { Block } from '../../../shared/content/blocks.ts';
import { findCountry } from '../../../shared/countries.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { formatMoney } from '../../../shared/money.ts';
import { paths } from '../../../shared/routes.ts';
import { CheckboxField, FormNotice, TextField } from '../../../shared/ui/form.tsx';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import type { OrderEntity } from '../../commerce/checkout/order-entity.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { usePage } from '../page-context.tsx';
import { OrderSummary } from './OrderLines.tsx';

export interface ConfirmationState {
  order: OrderEntity;
  /** Store names by id, for the pickups. */
  stores: Record<string, string>;
  /** A guest may create an account that keeps this order: the form's action, whether the site asks a birth date, its refusals. */
  claim: { action: string; birthDate: boolean; errors: Record<string, string> } | null;
  /** The account was just made from this page. */
  accountCreated: boolean;
  espot: Block[];
}

export function OrderConfirmationPage({ state, index }: { state: ConfirmationState; index: CatalogIndex }) {
  const { t, locale } = usePage();
  const { order } = state;
  const money = (minor: number) => formatMoney(minor, order.currency, locale.tag);
  const totals = order.totals as { itemSubTotal: number; shipping: number; tax: number; taxIncluded?: boolean; totalDiscount: number; total: number };
  return (
    <div className="page confirmation">
      <h1 className="confirmation__title">{t('order.title')}</h1>
      {state.accountCreated ? (
        <FormNotice kind="success">
          <p>{t('order.accountCreated')}</p>
        </FormNotice>
      ) : null}
      <p className="confirmation__number">{t('order.number', { number: order.orderNumber })}</p>
      <p>{t('order.emailSent', { email: order.email })}</p>
      <p className="confirmation__status">{t('order.status', { status: t(`order.status.${order.status}` as MessageKey) })}</p>
      {order.storeContext ? <p>{t('order.walletPdp', { wallet: order.storeContext === 'applePayPdp' ? 'Apple Pay' : 'PayPal' })}</p> : null}
      <div className="confirmation__layout">
        <section aria-labelledby="confirmation-delivery" className="confirmation__section">
          <h2 id="confirmation-delivery">{t('order.delivery')}</h2>
          <ul className="confirmation__shipments">
            {order.shipments.map((shipment) => (
              <li key={shipment.shipmentId}>
                {shipment.method === 'pickup'
                  ? t('order.pickupAt', { store: state.stores[shipment.storeId ?? ''] ?? shipment.storeId ?? '' })
                  : shipment.method === 'ship-to-store'
                    ? t('order.shipToStore', { store: state.stores[shipment.storeId ?? ''] ?? shipment.storeId ?? '' })
                    : shipment.method === 'digital'
                      ? t('order.digital')
                      : t('order.homeDelivery', { method: shipment.method })}
                {shipment.address ? <address>{addressLines(shipment.address as Record<string, string>)}</address> : null}
                {shipment.contact?.contactName ? (
                  <p>{t('order.collectedBy', { name: shipment.contact.contactName, phone: shipment.contact.mobilePhone ?? '' })}</p>
                ) : shipment.contact ? (
                  <p>{t('order.readyNotice', { email: shipment.contact.email })}</p>
                ) : null}
              </li>
            ))}
          </ul>
          <h2>{t('order.paymentTitle')}</h2>
          <ul className="confirmation__payments">
            {order.paymentMethod.map((payment) => (
              <li key={`${payment.code}-${payment.amount}`}>
                {payment.additionalData.last4
                  ? `${String(payment.additionalData.brand ?? '').toUpperCase()} •••• ${payment.additionalData.last4}`
                  : payment.label}{' '}
                · {money(payment.amount)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="confirmation-items" className="confirmation__section">
          <h2 id="confirmation-items">{t('order.items')}</h2>
          <OrderSummary
            currency={order.currency}
            lines={order.items.map((item) => ({
              id: item.itemId,
              name: item.name,
              colour: item.variants.color,
              size: item.variants.size,
              qty: item.qty,
              amount: item.rowTotal,
            }))}
            totals={totals}
          />
        </section>
      </div>
      {state.claim ? (
        <section className="confirmation__claim" aria-labelledby="confirmation-claim">
          <h2 id="confirmation-claim">{t('order.createAccount')}</h2>
          <p>{t('order.createAccountHint')}</p>
          {state.claim.errors.form ? (
            <FormNotice kind="error">
              <p>{state.claim.errors.form}</p>
            </FormNotice>
          ) : null}
          <form method="post" action={state.claim.action} className="confirmation__claim-form">
            <input type="hidden" name="username" autoComplete="username" value={order.email} />
            <TextField
              id="claim-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              label={t('account.password')}
              hint={t('order.passwordRule')}
              error={state.claim.errors.password}
            />
            {state.claim.birthDate ? (
              <TextField
                id="claim-birth-date"
                name="birthDate"
                required
                inputMode="numeric"
                autoComplete="bday"
                label={t('account.birthDate')}
                hint={t('account.dateHint', { format: findCountry(locale.site.countries[0])?.dateFormat ?? 'DD/MM/YYYY' })}
                error={state.claim.errors.birthDate}
              />
            ) : null}
            <CheckboxField
              id="claim-terms"
              name="isTermsConfirmed"
              required
              label={
                <>
                  {t('account.terms')}{' '}
                  <a href={policyLinks(locale.code).terms} target="_blank" rel="noopener">
                    {t('account.termsLink')}
                  </a>{' '}
                  ·{' '}
                  <a href={policyLinks(locale.code).privacy} target="_blank" rel="noopener">
                    {t('account.privacyLink')}
                  </a>
                </>
              }
              error={state.claim.errors.isTermsConfirmed}
            />
            <button type="submit" className="button button--primary">
              {t('order.createAccountButton')}
            </button>
          </form>
        </section>
      ) : null}
      {state.espot.length > 0 ? (
        <div className="espot espot--order-confirmation">
          <ContentBlocks items={state.espot} index={index} part="espot:order-confirmation" />
        </div>
      ) : null}
      <p>
        <a className="button button--secondary" href={paths.home(locale.code)}>
          {t('order.continueShopping')}
        </a>
      </p>
    </div>
  );
}

function addressLines(address: Record<string, string>): string {
  return [
    `${address.firstName ?? ''} ${address.lastName ?? ''}`,
    address.addressLine1,
    address.addressLine2,
    `${address.postalCode ?? ''} ${address.city ?? ''}`,
    address.province,
    address.countryCode,
  ]
    .filter((part) => part?.trim())
    .join(', ');
}
