// Cart store: seeded from the server snapshot; other tabs' changes arrive through a BroadcastChannel.

import { proxy, subscribe } from 'valtio/vanilla';
import { pageState } from './snapshot.ts';

export interface CartState {
  totalItems: number;
}

export const cartStore = proxy<CartState>({ totalItems: pageState()?.cart.totalItems ?? 0 });

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
