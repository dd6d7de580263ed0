// The cart calls the islands make (commerce-core §7, Cart; §8, handling of answers): the session's basket
// is opened on first need, an add retries once after 2000 ms unless the error is the gift-with-purchase
// one, a basket that is gone (CART_NOT_FOUND) is rebuilt from the items the shopper had and the call tried
// again, and a basket that is no longer this shopper's (INVALID_CUSTOMER) is let go, the error shown, the
// page reloaded after 4 s.

import { ApiError, callRoute } from '../api-answer.ts';
import { recoveryReload } from '../page-reload.ts';
import { type CartEntity, cartStore, takeCart } from '../stores/cart.ts';

/** commerce-core §9: the add-to-cart retry delay and the reload after an invalid customer. */
export const ADD_RETRY_MS = 2000;
export const INVALID_CUSTOMER_RELOAD_MS = 4000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// callRoute rather than the typed hono client: the product page's JavaScript after an add has a budget
// (80 KB) that the client's 2 KB route builder does not fit; callRoute's paths and bodies are checked alike.

/** The session's basket id: the one a cart call named, else the session's own (made if it has none). */
async function basketId(): Promise<string> {
  if (cartStore.basketId) return cartStore.basketId;
  const cart = await callRoute('POST', '/api/cart/v1/cart');
  takeCart(cart);
  return cart.basketId;
}

let rebuilding: Promise<string> | null = null;

/**
 * CART_NOT_FOUND (commerce-core §4): a new basket with the items the shopper had, as the last cart answer
 * showed them (their quantities, the store a line was to be picked up at, a gift card's recipient). An item
 * that cannot come back (sold out since) is left out; the call that met the missing basket then tries again.
 */
function rebuiltBasket(): Promise<string> {
  // One rebuild for every call that met the gone basket at once: a second would add the items again.
  rebuilding ??= rebuild().finally(() => {
    rebuilding = null;
  });
  return rebuilding;
}

async function rebuild(): Promise<string> {
  const had = (cartStore.cart?.items ?? []).filter((item) => !item.bonus);
  cartStore.basketId = null;
  const opened = await callRoute('POST', '/api/cart/v1/cart');
  takeCart(opened);
  const cartId = opened.basketId;
  // Another tab rebuilt it already (the session names its basket): what it holds stands.
  if (opened.totalItems > 0) return cartId;
  for (const item of had) {
    const selected = item.shippingOptions?.selected;
    const storeId = selected === 'BOPIS_SD' || selected === 'BOPIS_STS' ? item.shippingOptions?.storeInfo?.id : undefined;
    const giftOption = item.giftOption ?? undefined;
    try {
      takeCart(
        await callRoute('POST', '/api/cart/v1/item', {
          cartId,
          productId: item.productId,
          qty: item.qty,
          ...(storeId ? { storeId } : {}),
          ...(giftOption ? { giftOption } : {}),
        }),
      );
    } catch (refused) {
      if (!(refused instanceof ApiError)) throw refused;
    }
  }
  return cartId;
}

/**
 * A call on the session's basket. CART_NOT_FOUND: forget it, open the session's basket again and try once
 * more on a basket rebuilt with the items it had. INVALID_CUSTOMER: forget it and reload in 4 s (after the
 * caller has shown the error), unless the page-reload guard says this tab just did.
 */
async function onBasket(call: (basketId: string) => Promise<CartEntity>): Promise<CartEntity> {
  try {
    return await call(await basketId());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.errorId === 'BSK404') return call(await rebuiltBasket());
    if (error.errorId === 'AUT498') {
      cartStore.basketId = null;
      setTimeout(() => recoveryReload(), INVALID_CUSTOMER_RELOAD_MS);
    }
    throw error;
  }
}

/** `giftOption` as the shopper typed it: the cart answers API400 unless all three are there. */
export async function addToCart(productId: string, qty = 1, giftOption?: { to?: string; email?: string; message?: string }): Promise<CartEntity> {
  // The shopper's gift fields go as typed, even incomplete: the cart's refusal names the missing one.
  const gift = giftOption as Required<NonNullable<typeof giftOption>> | undefined;
  const add = () => onBasket((cartId) => callRoute('POST', '/api/cart/v1/item', { cartId, productId, qty, giftOption: gift }));
  let cart: CartEntity;
  try {
    cart = await add();
  } catch (error) {
    // The gift-with-purchase refusal will not change in two seconds, nor will a field the shopper typed
    // (API400) or a basket that is someone else's; anything else may.
    if (error instanceof ApiError && ['GWP403', 'AUT498', 'API400'].includes(error.errorId)) throw error;
    await wait(ADD_RETRY_MS);
    cart = await add();
  }
  takeCart(cart);
  return cart;
}
