// The buy button's state on the product page and in the quick-shop dialog (commerce-core §2, quick-shop
// footer), in the order the rules are given: the first that holds decides.

export type BuyButton = 'notify-me' | 'sold-out' | 'sign-in-to-buy' | 'update-in-cart' | 'add-to-cart';

export interface BuyButtonInput {
  /** The chosen variant is out of stock (or the whole colour is). */
  soldOut: boolean;
  notifyMe: boolean;
  presale: boolean;
  signedIn: boolean;
  /** Opened to change a cart line or a saved item rather than to add. */
  updating: boolean;
}

export function buyButton(input: BuyButtonInput): BuyButton {
  if (input.soldOut) return input.notifyMe ? 'notify-me' : 'sold-out';
  if (input.presale && !input.signedIn) return 'sign-in-to-buy';
  if (input.updating) return 'update-in-cart';
  return 'add-to-cart';
}

/**
 * Express wallet buttons (commerce-core §2): only beside an add-to-cart for something in stock now, not a
 * presale and not coming soon. On a device where a store associate sells for a shopper they are hidden
 * too, by the associate bar's mark on the page (the page itself is the same for everyone).
 */
export function expressWalletShown(input: { button: BuyButton; presale: boolean; comingSoon: boolean }): boolean {
  return input.button === 'add-to-cart' && !input.presale && !input.comingSoon;
}

/** The product page's add form: fields outside the picker (a gift card's recipient) join it by this id. */
export const PICKER_FORM_ID = 'picker-buy';
