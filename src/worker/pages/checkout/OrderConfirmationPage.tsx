// /{locale}/order-confirmation: what was bought, how it arrives, how it was paid, and the totals, read
// back from the order. A guest may make an account in one step that keeps the order.

import { policyLinks } from '../../../shared/account/account-site.ts';
import type { Block } from '../../../shared/content/blocks.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { findCountry } from '../../../shared/locale/countries.ts';
import { paths } from '../../../shared/routes.ts';
import { CheckboxField, FormNotice, TextField } from '../../../shared/ui/form.tsx';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import type { OrderEntity } from '../../commerce/orders/order-entity.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { usePage } from '../page-context.tsx';
import { OrderDetails } from './OrderDetails.tsx';

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
      <OrderDetails order={order} stores={state.stores} />
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
