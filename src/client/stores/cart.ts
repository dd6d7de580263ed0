// Cart store: the count starts from the worker's count cookie (the page itself may be a cached one that
// counts nothing); this tab's changes come from cart answers, other tabs' through a BroadcastChannel.

import { proxy, subscribe } from 'valtio/vanilla';
import { cartCountOf } from '../../shared/cart-count.ts';
import { pageState } from './snapshot.ts';

export interface CartState {
  totalItems: number;
}

export const cartStore = proxy<CartState>({ totalItems: typeof document === 'undefined' ? (pageState()?.cart.totalItems ?? 0) : cartCountOf(document.cookie) });

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('cart');
let applyingRemote = false;

if (channel) {
  channel.onmessage = (event: MessageEvent<CartState>) => {
    applyingRemote = true;
    cartStore.totalItems = event.data.totalItems;
    applyingRemote = false;
  };
  // Synchronous notification, so a change applied from another tab is not echoed back to it.
  subscribe(
    cartStore,
    () => {
      if (!applyingRemote) channel.postMessage({ totalItems: cartStore.totalItems });
    },
    true,
  );
}
