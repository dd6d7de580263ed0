// /{locale}/checkout: the steps island beside the order summary and the checkout espot. The page is the
// shopper's own (private); the island gets what it needs to start where the URL says.

import Checkout, { steps } from '../../../client/islands/checkout/Checkout.tsx';
import Payment from '../../../client/islands/checkout/Payment.tsx';
import Review from '../../../client/islands/checkout/Review.tsx';
import type { CheckoutProps } from '../../../shared/commerce/checkout.ts';
import type { Block } from '../../../shared/content/blocks.ts';
import { paths } from '../../../shared/routes.ts';
import { FormNotice } from '../../../shared/ui/form.tsx';
import type { CartEntity } from '../../commerce/cart/service.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { instrumentLabel } from '../cart/instrument-label.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { Island } from '../islands.tsx';
import { usePage } from '../page-context.tsx';
import { OrderSummary } from './OrderLines.tsx';

// The server renders every step whole: the browser loads a later step's code on demand (and hydrates the
// server's markup once it is in), but a page opened at that step must not arrive without it.
steps.Payment = Payment;
steps.Review = Review;

export function CheckoutPage({ cart, island, espot, index }: { cart: CartEntity; island: CheckoutProps; espot: Block[]; index: CatalogIndex }) {
  const { t, locale } = usePage();
  // A delivery that changed on its own since the shopper last saw the cart (commerce-core §4 transitions), said at
  // the line it concerns; the cart says each once, so a reload does not repeat it.
  const changes = cart.flash.filter((f) => f.type.endsWith('Transition') || f.type.startsWith('Employee'));
  return (
    <div className="page checkout-page">
      <h1 className="checkout-page__title">{t('checkout.title')}</h1>
      {changes.length > 0 ? (
        <div className="checkout-page__notices">
          {changes.map((change) => {
            const item = change.itemId ? cart.items.find((line) => line.id === change.itemId) : undefined;
            return (
              <FormNotice key={`${change.type}:${change.itemId ?? ''}`} kind="info">
                <p>{item ? `${item.name}: ${change.message}` : change.message}</p>
              </FormNotice>
            );
          })}
        </div>
      ) : null}
      <div className="checkout-page__layout">
        <div className="checkout-page__main">
          <Island name="checkout" component={Checkout} hydrate="load" props={island} />
        </div>
        <aside className="checkout-page__summary" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary" className="checkout-page__subtitle">
            {t('checkout.summary')} <span className="checkout-page__count">({t('checkout.items', { count: cart.totalItems })})</span>
          </h2>
          <OrderSummary
            currency={cart.currency}
            lines={cart.items.map((item) => ({
              id: item.id,
              name: item.name,
              colour: item.variants.color,
              size: item.variants.size,
              qty: item.qty,
              amount: item.price.priceAfterOrderDiscount,
              image: item.productImageURL,
              madeToOrder: item.isCustoms,
            }))}
            totals={cart.totals}
            paidOther={[
              ...(cart.athletePayment?.applied ? [{ label: t('checkout.athletePaid'), amount: cart.athletePayment.applied }] : []),
              ...cart.totals.appliedRewards.map((reward) => ({ label: t('cart.rewardPaid', { points: reward.points }), amount: reward.amount })),
              ...cart.payment_instruments.map((card) => ({ label: instrumentLabel(t, card), amount: card.amount })),
            ]}
          />
          <a className="checkout-page__back" href={paths.cart(locale.code)}>
            {t('checkout.backToCart')}
          </a>
          {espot.length > 0 ? (
            <div className="espot espot--checkout">
              <ContentBlocks items={espot} index={index} part="espot:checkout" />
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
