// The review step's facts: where the order goes, who is billed, how it is paid, each with the way back to
// the step that changes it.

import type { CheckoutAddress, CheckoutProps, CheckoutStep } from '../../../shared/commerce/checkout.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';

function addressText(address: CheckoutAddress): string {
  return [
    `${address.firstName} ${address.lastName}`,
    address.addressLine1,
    address.addressLine2,
    `${address.postalCode} ${address.city}`,
    address.province,
    address.countryCode,
  ]
    .filter((part) => part.trim())
    .join(', ');
}

/** How the order is paid, in the shopper's words. */
function paymentText(t: Translate, payment: CheckoutProps['payment']): string {
  if (payment?.card) {
    const { brand, last4, expMonth, expYear } = payment.card;
    return t('checkout.savedCard', { brand: brand.toUpperCase(), last4, month: String(expMonth).padStart(2, '0'), year: expYear });
  }
  if (payment?.method === 'PAYPAL') return 'PayPal';
  if (payment?.method === 'KLARNA') return 'Klarna';
  return payment?.method === 'DW_APPLE_PAY' ? t('checkout.applePay') : '—';
}

interface ReviewFactsProps {
  props: CheckoutProps;
  payment: CheckoutProps['payment'];
  email: string;
  shipping: CheckoutAddress;
  billing: CheckoutAddress;
  go: (step: CheckoutStep) => void;
}

export function ReviewFacts({ props, payment, email, shipping, billing, go }: ReviewFactsProps) {
  const { t } = useI18n();
  return (
    <dl className="checkout__facts">
      {props.pickupPoint ? <Fact label={t('checkout.pickupPoint')} value={props.pickupPoint} /> : null}
      {props.needsAddress ? (
        <Fact
          label={t('checkout.deliverTo')}
          onEdit={() => go('shipping')}
          edit={t('checkout.edit', { section: t('checkout.deliverTo') })}
          value={addressText(shipping)}
        />
      ) : null}
      <Fact
        label={t('checkout.billTo')}
        onEdit={() => go('billing')}
        edit={t('checkout.edit', { section: t('checkout.billTo') })}
        value={`${addressText(billing)} · ${email}`}
      />
      {props.remainingToPay > 0 ? (
        <Fact
          label={t('checkout.payment')}
          onEdit={() => go('billing')}
          edit={t('checkout.edit', { section: t('checkout.payment') })}
          value={paymentText(t, payment)}
        />
      ) : null}
    </dl>
  );
}

/** One thing the order will do, and (where the checkout can change it) the way back to it. */
function Fact({ label, value, onEdit, edit }: { label: string; value: string; onEdit?: () => void; edit?: string }) {
  return (
    <div className="checkout__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {onEdit ? (
        <dd>
          <button type="button" className="link-button" onClick={onEdit}>
            {edit}
          </button>
        </dd>
      ) : null}
    </div>
  );
}
