// The cart's summary beside its lines: what the shopper is close to, delivery, coupon, rewards and gift
// cards, the totals, and the ways on to checkout.

import { formatMoney } from '../../../shared/commerce/money.ts';
import { paths } from '../../../shared/routes.ts';
import { TextField } from '../../../shared/ui/form.tsx';
import { paymentMethodsFor } from '../../commerce/cart/payment-methods.ts';
import type { CartEntity } from '../../commerce/cart/service.ts';
import { payLaterPlan } from '../../commerce/payments/pay-later.ts';
import { PostButton } from '../components/PostButton.tsx';
import { usePage } from '../page-context.tsx';
import { HomeDelivery } from './CartDelivery.tsx';
import type { CartPageState } from './CartPage.tsx';
import { GiftCards, Rewards } from './CartPayments.tsx';
import { instrumentLabel } from './instrument-label.ts';

export function CartSummary({ cart, state, base, money }: { cart: CartEntity; state: CartPageState; base: string; money: (minor: number) => string }) {
  const { t, locale } = usePage();
  const { totals } = cart;
  // The cart's display items for this page: what the shopper is close to ("Spend $12 more for free shipping"), then what they have.
  const callouts = cart.displayItems.filter((item) => item.contexts.includes('cart'));
  return (
    <aside className="cart__summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">{t('cart.summary')}</h2>
      {callouts.map((callout) => (
        <p key={callout.id} className={`cart__callout${callout.thresholdStatus === 'Below Threshold' ? '' : ' cart__callout--reached'}`}>
          {callout.message}
        </p>
      ))}
      <HomeDelivery cart={cart} base={base} money={money} pointSearch={state.pointSearch} />
      <form className="cart__coupon" method="post" action={`${base}/coupon`}>
        <TextField
          id="cart-coupon"
          name="code"
          label={t('cart.couponLabel')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={32}
          defaultValue={state.coupon?.code ?? ''}
          error={state.coupon?.error}
        />
        <button className="button button--secondary" type="submit">
          {t('cart.apply')}
        </button>
      </form>
      {state.loyalty ? (
        <Rewards cart={cart} base={base} money={money} loyalty={state.loyalty} error={state.rewardError} instrumentError={state.rewardInstrumentError} />
      ) : null}
      <GiftCards cart={cart} base={base} money={money} answer={state.giftCard} />
      {cart.couponItems.length > 0 ? (
        <ul className="cart__coupons">
          {cart.couponItems.map((coupon) => (
            <li key={coupon.code}>
              <span>
                <strong>{coupon.code}</strong> {coupon.applied ? t('cart.couponApplied') : t('cart.couponNotApplied')}
              </span>
              <PostButton action={`${base}/coupon/remove`} fields={{ code: coupon.code }} label={t('cart.removeCoupon', { code: coupon.code })}>
                {t('cart.remove')}
              </PostButton>
            </li>
          ))}
        </ul>
      ) : null}
      <CartTotals cart={cart} money={money} />
      <PayLaterTeaser amount={totals.remainingToPay} currency={cart.currency} />
      <a className="button button--primary cart__checkout" href={paths.checkout(locale.code)}>
        {t('cart.checkout')}
      </a>
      {state.express ? (
        <a className="button button--secondary cart__checkout" href={`${paths.checkout(locale.code)}?express=1`}>
          {t('cart.expressCheckout')}
        </a>
      ) : null}
    </aside>
  );
}

/** The totals: subtotal, discounts, shipping, tax, and what is left to pay once rewards and gift cards pay part. */
function CartTotals({ cart, money }: { cart: CartEntity; money: (minor: number) => string }) {
  const { t } = usePage();
  const { totals } = cart;
  return (
    <dl className="cart__totals">
      <div>
        <dt>{t('cart.subtotal')}</dt>
        <dd>{money(totals.itemSubTotal)}</dd>
      </div>
      {cart.orderPromotions.map((promotion) => (
        <div key={promotion.promotionId} className="cart__discount">
          <dt>{promotion.promotionName}</dt>
          <dd>−{money(promotion.amount)}</dd>
        </div>
      ))}
      <div className={totals.shipping === 0 ? 'cart__discount' : undefined}>
        <dt>{t('cart.shipping')}</dt>
        <dd>{totals.shipping === 0 ? t('cart.free') : money(totals.shipping)}</dd>
      </div>
      <div>
        <dt>{totals.taxIncluded ? t('cart.taxIncluded') : t('cart.tax')}</dt>
        {/* Sales tax follows the delivery address, which checkout asks for, or the pickup store's state when
            nothing goes home; VAT is in the prices already. */}
        <dd>{totals.taxIncluded || totals.tax > 0 || cart.shippingAddress ? money(totals.tax) : t('cart.shippingAtCheckout')}</dd>
      </div>
      {totals.totalDiscount > 0 ? (
        <div className="cart__discount">
          <dt>{t('cart.youSave')}</dt>
          <dd>
            {money(totals.totalDiscount)} ({t('cart.percent', { percent: totals.totalDiscountPercentage })})
          </dd>
        </div>
      ) : null}
      <div className="cart__total">
        <dt>{t('cart.total')}</dt>
        <dd>{money(totals.total)}</dd>
      </div>
      {cart.totals.appliedRewards.map((reward) => (
        <div key={reward.points} className="cart__discount">
          <dt>{t('cart.rewardPaid', { points: reward.points })}</dt>
          <dd>−{money(reward.amount)}</dd>
        </div>
      ))}
      {cart.payment_instruments.map((instrument) => (
        <div key={instrument.payment_instrument_id} className="cart__discount">
          <dt>{instrumentLabel(t, instrument)}</dt>
          <dd>−{money(instrument.amount)}</dd>
        </div>
      ))}
      {cart.payment_instruments.length > 0 || cart.totals.appliedRewards.length > 0 ? (
        <div className="cart__total">
          <dt>{t('cart.remainingToPay')}</dt>
          <dd>{money(totals.remainingToPay)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Klarna's Pay in 3 where the site offers it and the amount is in its range: a line, and how it works without a script. */
function PayLaterTeaser({ amount, currency }: { amount: number; currency: string }) {
  const { t, locale } = usePage();
  if (!paymentMethodsFor(locale.site.id, undefined).some((method) => method.id === 'KLARNA')) return null;
  const plan = payLaterPlan(amount, currency, new Date());
  if (!plan.eligible) return null;
  return (
    <div className="cart__pay-later">
      <p>{t('payLater.teaser', { amount: formatMoney(plan.instalments[1]?.amount ?? 0, currency, locale.tag) })}</p>
      <details>
        <summary>{t('payLater.how')}</summary>
        <p>{t('payLater.terms')}</p>
      </details>
    </div>
  );
}
