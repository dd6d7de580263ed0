// The lines and totals an order summary shows: beside checkout's steps and on the confirmation page.

import { formatMoney } from '../../../shared/commerce/money.ts';
import { usePage } from '../page-context.tsx';

export interface SummaryLine {
  id: string;
  name: string;
  colour: string;
  size: string;
  qty: number;
  amount: number;
  image?: string | undefined;
  /** A pair made to order (customs): said beside it, as the workshop sends it on its own. */
  madeToOrder?: boolean;
}

export interface SummaryTotals {
  itemSubTotal: number;
  shipping: number;
  tax: number;
  taxIncluded?: boolean;
  totalDiscount: number;
  total: number;
  remainingToPay?: number;
}

export function OrderSummary({
  lines,
  totals,
  currency,
  paidOther,
}: {
  lines: SummaryLine[];
  totals: SummaryTotals;
  currency: string;
  paidOther?: { label: string; amount: number }[];
}) {
  const { t, locale } = usePage();
  const money = (minor: number) => formatMoney(minor, currency, locale.tag);
  return (
    <>
      <ul className="summary__lines">
        {lines.map((line) => (
          <li key={line.id} className={line.image ? 'summary__line summary__line--image' : 'summary__line'}>
            {line.image ? <img src={line.image} alt="" width="64" height="64" loading="lazy" decoding="async" /> : null}
            <span className="summary__name">
              {line.name}
              <span className="summary__meta">
                {line.colour} · {line.size} · {t('checkout.qty', { qty: line.qty })}
                {line.madeToOrder ? ` · ${t('delivery.customs')}` : ''}
              </span>
            </span>
            <span className="summary__amount">{money(line.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="cart__totals">
        <div>
          <dt>{t('cart.subtotal')}</dt>
          <dd>{money(totals.itemSubTotal)}</dd>
        </div>
        {totals.totalDiscount > 0 ? (
          <div className="cart__discount">
            <dt>{t('cart.youSave')}</dt>
            <dd>−{money(totals.totalDiscount)}</dd>
          </div>
        ) : null}
        <div className={totals.shipping === 0 ? 'cart__discount' : undefined}>
          <dt>{t('cart.shipping')}</dt>
          <dd>{totals.shipping === 0 ? t('cart.free') : money(totals.shipping)}</dd>
        </div>
        <div>
          <dt>{totals.taxIncluded ? t('cart.taxIncluded') : t('cart.tax')}</dt>
          <dd data-total="tax">{money(totals.tax)}</dd>
        </div>
        <div className="cart__total">
          <dt>{t('cart.total')}</dt>
          <dd data-total="total">{money(totals.total)}</dd>
        </div>
        {(paidOther ?? []).map((paid) => (
          <div key={paid.label} className="cart__discount">
            <dt>{paid.label}</dt>
            <dd>−{money(paid.amount)}</dd>
          </div>
        ))}
        {paidOther && paidOther.length > 0 && totals.remainingToPay !== undefined ? (
          <div className="cart__total">
            <dt>{t('cart.remainingToPay')}</dt>
            <dd data-total="remainingToPay">{money(totals.remainingToPay)}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
