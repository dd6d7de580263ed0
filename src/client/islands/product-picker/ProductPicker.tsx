// Size, width and length pickers with price and stock that follow the choice, without a reload, and the
// add-to-cart form. Every option is a real link and the form a real post, so the page works the same
// before hydration or without JavaScript; hydrated, an add stays on the page and opens the mini-cart.

import { useEffect, useRef, useState } from 'react';
import { buyButton, PICKER_FORM_ID } from '../../../shared/commerce/buy-button.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { completeSelection, isOptionAvailable, type ProductAttribute, resolveVariant, type Selection } from '../../../shared/commerce/variants.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { Price, type PriceView } from '../../../shared/ui/Price.tsx';
import { ApiError } from '../../api-answer.ts';
import { addToCart } from '../../cart/cart-api.ts';
import { MiniCart } from '../../cart/MiniCart.tsx';

// The quick-shop dialog takes the mini-cart from here, so both live in this island's one chunk.
export { MiniCart };

import { cartStore } from '../../stores/cart.ts';
import { isChoosable, type PickerVariant, useProductStore } from '../../stores/product.ts';
import { pushToast } from '../../toasts/push.ts';
import { StockMessage } from './StockMessage.tsx';
import type { Upsell } from './upsell.ts';

export interface ProductPickerProps {
  productId: string;
  baseUrl: string;
  attributes: ProductAttribute[];
  variants: PickerVariant[];
  price: PriceView;
  lowestPriceNotice: boolean;
  selection: Selection;
  flags: { presale: boolean; comingSoon: string | null; notifyMe: boolean; isRobisOnly: boolean; digital: boolean };
  /** The plain form's action (the cart page's add) and the cart page the mini-cart leads to. */
  addUrl: string;
  cartUrl: string;
  /** Shown in the mini-cart after an add (upsell.ts). */
  upsells?: Upsell[];
  /**
   * In the quick-shop dialog: no mini-cart of its own (the dialog's opener shows it), and a call once added.
   * Opened from a cart line or a saved item, `update` changes that item to the chosen variant instead.
   */
  quickShop?: { onAdded: () => void; update?: ((variantId: string) => Promise<void>) | undefined };
}

/** A refused add in the shopper's words (commerce-core §8); anything else is the cart's general notice. */
const ADD_ERRORS: Record<string, MessageKey> = {
  INV700: 'error.outOfStock',
  INV408: 'error.maxQuantity',
  INV702: 'error.noPrice',
  ORD404: 'error.itemNotAvailable',
  AUT498: 'error.invalidCustomer',
  // The only fields a shopper types here are a gift card recipient's: all three, the email an email.
  API400: 'gift.incomplete',
};

/** Query string of a selection, in attribute order, for links and the address bar. */
function selectionQuery(attributes: readonly ProductAttribute[], selection: Selection): string {
  const params = new URLSearchParams();
  for (const a of attributes) {
    const value = selection[a.type];
    if (value !== undefined && isChoosable(a)) params.set(a.type, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export default function ProductPicker(props: ProductPickerProps) {
  const { attributes, baseUrl, flags } = props;
  const { t, localeTag } = useI18n();
  const { snap, select } = useProductStore(props.productId, props.variants, props.selection);
  const variant = resolveVariant(attributes, snap.variants, snap.selection);

  const choose: Choose = (event, type, value) => {
    // Modified clicks open the variant in a new tab as a plain link would.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const selection = select(type, value);
    // On the product page the address follows the choice; in the quick-shop dialog the listing's stays.
    if (!props.quickShop) history.replaceState(history.state, '', `${baseUrl}${selectionQuery(attributes, selection)}`);
  };

  const [busy, setBusy] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Known only in the browser (the page is the same for everyone), from the hint cookie (SESSION_HINT_COOKIE):
  // presale asks a guest to sign in first.
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(/(^|; )__Host-hint=r/.test(document.cookie)), []);
  const soldOut = !snap.variants.some((v) => v.inStock) || variant?.stockStatus === 'OUT_OF_STOCK';
  const button = flags.comingSoon
    ? 'sold-out'
    : buyButton({ soldOut, notifyMe: flags.notifyMe, presale: flags.presale, signedIn, updating: Boolean(props.quickShop?.update) });

  const toast = (message: MessageKey, kind: 'info' | 'error') => pushToast({ title: t('cart.title'), message: t(message), kind }, t('account.close'));

  const add = async (event: React.FormEvent<HTMLFormElement>) => {
    // The product page's wallet button posts this form to its own action, natively: nothing to do here.
    if (variant && (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name')) return;
    event.preventDefault();
    if (busy) return;
    if (!variant) return setAddError(t('cart.chooseSize'));
    // A gift card's recipient, from the fields outside the island (the cart checks all three are there).
    const form = event.currentTarget;
    const { giftTo: to, giftEmail: email, giftMessage: message } = Object.fromEntries(new FormData(form)) as { [name: string]: string };
    const update = props.quickShop?.update;
    setBusy(true);
    setAddError(null);
    // Optimistic: the header counts the item at once, and is put back if the cart refuses it.
    if (!update) cartStore.totalItems += 1;
    try {
      if (update) await update(variant.id);
      else {
        const cart = await addToCart(variant.id, 1, to || email || message ? { to, email, message } : undefined);
        // The next card is for someone else, or for the shopper: its recipient starts empty.
        form.reset();
        cartStore.miniCart = { open: true, itemId: variant.id };
        // The cart's own news (merged at sign-in, expired and started again) is said at the top.
        for (const { type } of cart.flash) {
          if (type === 'CartExpired' || type === 'ItemsMerged') toast(type === 'CartExpired' ? 'cart.expired' : 'cart.merged', 'info');
        }
      }
      props.quickShop?.onAdded();
    } catch (error) {
      if (!update) cartStore.totalItems = Math.max(0, cartStore.totalItems - 1);
      const key = error instanceof ApiError ? ADD_ERRORS[error.errorId] : undefined;
      // A refusal about this size stays at the button; anything else is the cart's error notice, at the top.
      if (key && key !== 'error.invalidCustomer') setAddError(t(key));
      else if (update) setAddError(t('cart.updateFailed'));
      else toast(key ?? 'cart.addFailed', 'error');
    } finally {
      setBusy(false);
    }
  };

  // A variant's price is its current, original and sale flag (catalog/product.ts), one amount, not a range.
  const price: PriceView = variant ? { ...props.price, ...variant.price, lowCurrent: variant.price.current, highCurrent: variant.price.current } : props.price;

  return (
    <div className="picker">
      <Price price={price} lowestPriceNotice={props.lowestPriceNotice} size="large" />
      {optionGroups(t, attributes, snap.variants, snap.selection, baseUrl, flags.digital, choose)}
      <StockMessage attributes={attributes} variants={snap.variants} variant={variant} flags={flags} t={t} />
      <form className="picker__buy" id={props.quickShop ? undefined : PICKER_FORM_ID} method="post" action={props.addUrl} onSubmit={add}>
        <input type="hidden" name="productId" value={variant?.id ?? ''} />
        {button === 'notify-me' ? (
          <a className="button button--secondary button--wide" href={`${props.quickShop ? baseUrl : ''}#notify-me-title`}>
            {t('notifyMe.submit')}
          </a>
        ) : button === 'sign-in-to-buy' ? (
          <button className="button button--primary button--wide" type="button" data-sign-in="checkout" data-island-wake="account-link">
            {t('product.signInToBuy')}
          </button>
        ) : (
          <button
            ref={addButton}
            className="button button--primary button--wide"
            type="submit"
            disabled={button === 'sold-out'}
            aria-busy={busy || undefined}
            aria-describedby={addError ? 'picker-add-error' : undefined}
          >
            {button === 'sold-out'
              ? t(flags.comingSoon ? 'product.comingSoonButton' : 'product.soldOut')
              : busy
                ? t('product.adding')
                : button === 'update-in-cart'
                  ? t('quickShop.update')
                  : `${t('product.addToCart')} · ${formatMoney(price.current, price.currency, localeTag)}`}
          </button>
        )}
        <p className="picker__add-error field__error" id="picker-add-error" role="alert">
          {addError}
        </p>
      </form>
      {props.quickShop ? null : <MiniCart cartUrl={props.cartUrl} upsells={props.upsells} onClosed={() => addButton.current?.focus()} />}
    </div>
  );
}

type Choose = (event: React.MouseEvent<HTMLAnchorElement>, type: ProductAttribute['type'], value: string) => void;

/**
 * A group of option links for each attribute the shopper chooses (size, width, length). A render function
 * with its arguments in a row, not a component: the product page's JavaScript budget (80 KB after use) has
 * no room for a props object's names.
 */
function optionGroups(
  t: Translate,
  attributes: ProductAttribute[],
  variants: readonly PickerVariant[],
  choice: Selection,
  baseUrl: string,
  digital: boolean,
  choose: Choose,
) {
  const selection = completeSelection(attributes, choice);
  return attributes.filter(isChoosable).map(({ type, options }) => {
    // A gift card's sizes are its amounts; the colour is never chosen here (isChoosable).
    const labelKey = digital && type === 'size' ? 'product.amount' : (`product.${type as Exclude<typeof type, 'color'>}` as const);
    const chosen = options.find((o) => o.value === selection[type]);
    return (
      <fieldset key={type} className={`picker__group picker__group--${type}`}>
        <legend className="picker__legend">
          {t(labelKey)}
          {chosen ? <span className="picker__chosen">{optionLabel(t, type, chosen.label)}</span> : null}
        </legend>
        <ul className="picker__options">
          {options.map((option) => {
            const available = isOptionAvailable(variants, selection, type, option.value);
            const selected = selection[type] === option.value;
            const label = optionLabel(t, type, option.label);
            return (
              <li key={option.value}>
                <a
                  className={`picker__option${selected ? ' is-selected' : ''}${available ? '' : ' is-unavailable'}`}
                  href={`${baseUrl}${selectionQuery(attributes, { ...selection, [type]: option.value })}`}
                  aria-current={selected ? 'true' : undefined}
                  aria-label={available ? label : t('product.unavailableOption', { label })}
                  rel="nofollow"
                  onClick={(event) => choose(event, type, option.value)}
                >
                  {type === 'width' ? option.label : label}
                </a>
              </li>
            );
          })}
        </ul>
      </fieldset>
    );
  });
}

function optionLabel(t: (key: MessageKey) => string, type: string, label: string): string {
  if (type === 'width' && (label === 'M' || label === 'W')) return t(`product.width.${label}`);
  return label;
}
