// The mini-cart dialog (commerce-core §2, §4): opens after an add with the line just added, the cart's
// subtotal and count, what the shopper is close to ("Spend $12 more for free shipping"), and the way to
// the cart. A native modal <dialog>: Tab stays inside, Escape closes, focus returns to the add button.

import { useEffect, useRef } from 'react';
import { formatMoney } from '../../shared/commerce/money.ts';
import { useI18n } from '../../shared/ui/i18n-context.tsx';
import type { Upsell } from '../islands/product-picker/upsell.ts';
import { cartStore } from '../stores/cart.ts';
import { useStore } from '../stores/use-store.ts';

/** commerce-core §2: dialog transitions last 250 ms. */
const TRANSITION_MS = 250;

/** `upsells`: what the page offers beside the product just added (commerce-core §9: three, stacked). */
export function MiniCart({ cartUrl, onClosed, upsells = [] }: { cartUrl: string; onClosed: () => void; upsells?: readonly Upsell[] }) {
  const { t, localeTag } = useI18n();
  const snap = useStore(cartStore);
  const dialog = useRef<HTMLDialogElement>(null);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { cart, miniCart } = snap;

  // Each add assigns a new miniCart, so an add made while the last one's dialog closes (a quick shopper,
  // or one with no transition to wait for) opens it again rather than being cleared by the close.
  useEffect(() => {
    const element = dialog.current;
    if (!miniCart.open || !element) return;
    clearTimeout(closing.current);
    if (!element.open) element.showModal();
  }, [miniCart]);

  if (!miniCart.open || !cart) return null;
  const item = cart.items.find((line) => line.productId === miniCart.itemId);
  const money = (minor: number) => formatMoney(minor, cart.currency, localeTag);
  const close = () => dialog.current?.close();
  return (
    <dialog
      ref={dialog}
      className="panel-dialog mini-cart"
      aria-labelledby="mini-cart-title"
      onClose={() => {
        closing.current = setTimeout(() => {
          cartStore.miniCart = { open: false, itemId: null };
          onClosed();
        }, TRANSITION_MS);
      }}
    >
      <div className="panel-dialog__body">
        <div className="panel-dialog__bar">
          <h2 id="mini-cart-title">{t('minicart.title')}</h2>
          <button className="panel-dialog__close panel-dialog__close--text" type="button" aria-label={t('account.close')} onClick={close}>
            ×
          </button>
        </div>
        {item ? (
          <div className="mini-cart__line">
            <img src={item.productImageURL} alt="" width="96" height="96" />
            <div>
              <p className="mini-cart__name">{item.name}</p>
              <p className="mini-cart__variant">
                {item.variants.color} · {item.isDigitalProduct ? t('product.amount') : t('product.size')} {item.variants.size}
              </p>
              <p className="mini-cart__qty">{t('minicart.quantity', { count: item.qty })}</p>
            </div>
            <p className="mini-cart__price">{money(item.price.priceAfterItemDiscount)}</p>
          </div>
        ) : null}
        {cart.displayItems
          .filter((item) => item.contexts.includes('miniCart'))
          .map((item) => (
            <p key={item.id} className="cart__callout">
              {item.message}
            </p>
          ))}
        <dl className="cart__totals">
          <div className="cart__total">
            <dt>{t('minicart.subtotal', { count: cart.totalItems })}</dt>
            <dd>{money(cart.totals.itemTotal)}</dd>
          </div>
        </dl>
        {upsells.length > 0 ? (
          <section className="mini-cart__upsells" aria-labelledby="mini-cart-upsells">
            <h3 id="mini-cart-upsells">{t('minicart.upsells')}</h3>
            <ul className="upsells">
              {upsells.map((upsell) => (
                <li key={upsell.productId} className="upsells__item">
                  <img src={upsell.image} alt="" width="64" height="64" loading="lazy" />
                  <a className="upsells__name" href={upsell.url}>
                    {upsell.name}
                  </a>
                  <span className="upsells__colour">{upsell.colourName}</span>
                  <span className="upsells__price">{formatMoney(upsell.current, upsell.currency, localeTag)}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="mini-cart__actions">
          <a className="button button--primary button--wide" href={cartUrl}>
            {t('minicart.viewCart')}
          </a>
          <button className="button button--secondary button--wide" type="button" onClick={close}>
            {t('cart.continueShopping')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
