// The product page's express wallets (commerce-core §2): PayPal and Apple Pay beside an add-to-cart for
// something in stock, not a presale and not coming soon. Both join the picker's form and carry no
// JavaScript of their own; the stylesheet hides them while the picker offers no add (a sold-out size), and
// on a store associate's device.

import { APPLE_PAY_MESSAGE_KEYS } from '../../../shared/commerce/apple-pay.ts';
import { expressWalletShown, PICKER_FORM_ID } from '../../../shared/commerce/buy-button.ts';
import type { ProductDetail } from '../../commerce/catalog/product.ts';
import { usePage } from '../page-context.tsx';

/** What the Apple Pay behaviour may have to say, translated here: the page is the same for every shopper. */
const APPLE_PAY_MESSAGES = [...APPLE_PAY_MESSAGE_KEYS, 'cart.chooseSize'] as const;

export function ExpressWallets({ product, applePay }: { product: ProductDetail; applePay: boolean }) {
  const { t, locale } = usePage();
  const shown = expressWalletShown({
    button: product.variants.some((v) => v.inStock) ? 'add-to-cart' : 'sold-out',
    presale: product.presale,
    comingSoon: product.comingSoon,
  });
  if (!shown) return null;
  return (
    <>
      <button
        className="button button--paypal button--wide pdp__express"
        type="submit"
        form={PICKER_FORM_ID}
        formAction={`/${locale.code}/checkout/express`}
        name="wallet"
        value="paypal"
      >
        {t('product.payPal')}
      </button>
      {/* Apple Pay's sheet needs a device that has it: hidden until the behaviour finds ApplePaySession. */}
      {applePay ? (
        <>
          <button
            className="button button--apple-pay button--wide pdp__express"
            type="button"
            form={PICKER_FORM_ID}
            hidden
            data-apple-pay=""
            data-amount={product.price.lowCurrent}
            data-currency={locale.site.currency}
            data-country={locale.site.countries[0]}
            data-messages={JSON.stringify(Object.fromEntries(APPLE_PAY_MESSAGES.map((key) => [key, t(key)])))}
          >
            {t('product.applePay')}
          </button>
          <p className="pdp__express-status" role="status" data-apple-pay-status="" />
        </>
      ) : null}
    </>
  );
}
