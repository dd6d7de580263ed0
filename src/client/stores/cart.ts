// Cart store: the count starts from the worker's count cookie (the page itself may be a cached one that
// counts nothing); this tab's changes come from cart answers, other tabs' through a BroadcastChannel. The
// last cart answer and the mini-cart's state live here too, for the islands that show them.

import { proxy, ref, subscribe } from 'valtio/vanilla';
import { cartCountOf } from '../../shared/commerce/cart-count.ts';
import type { RouteAnswer } from '../api.ts';
import { pageState } from './snapshot.ts';

/** The Cart entity as every cart call answers it. */
export type CartEntity = RouteAnswer<'POST', '/api/cart/v1/item'>;

export interface CartState {
  totalItems: number;
  /** The session's basket, once a cart call has named it. */
  basketId: string | null;
  /** The last whole cart the API answered (kept by reference: islands read it, nothing mutates it). */
  cart: ReturnType<typeof ref<CartEntity>> | null;
  /** The mini-cart dialog: open after an add, on the line just added. */
  miniCart: { open: boolean; itemId: string | null };
}

export const cartStore = proxy<CartState>({
  totalItems: typeof document === 'undefined' ? (pageState()?.cart.totalItems ?? 0) : cartCountOf(document.cookie),
  basketId: null,
  cart: null,
  miniCart: { open: false, itemId: null },
});

/** A cart answer: its count for the header (and the other tabs), the cart itself for the mini-cart. */
export function takeCart(cart: CartEntity): void {
  cartStore.basketId = cart.basketId;
  cartStore.cart = ref(cart);
  cartStore.totalItems = cart.totalItems;
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('cart');
let applyingRemote = false;

if (channel) {
  let sent = cartStore.totalItems;
  channel.onmessage = (event: MessageEvent<{ totalItems: number }>) => {
    applyingRemote = true;
    sent = event.data.totalItems;
    cartStore.totalItems = event.data.totalItems;
    applyingRemote = false;
  };
  // Synchronous notification, so a change applied from another tab is not echoed back to it.
  subscribe(
    cartStore,
    () => {
      if (applyingRemote || cartStore.totalItems === sent) return;
      sent = cartStore.totalItems;
      channel.postMessage({ totalItems: sent });
    },
    true,
  );
}
