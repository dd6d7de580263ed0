// Keeps the header cart count in step with the cart store: no React, a few hundred bytes.

import { subscribe } from 'valtio/vanilla';
import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { cartStore } from '../../stores/cart.ts';
import type { CartCountProps } from './CartCount.tsx';

export function mount(element: HTMLElement, props: CartCountProps): void {
  const t = subsetTranslator(props.messages, props.localeTag);
  const root = element.querySelector<HTMLElement>('.cart-count');
  const label = element.querySelector<HTMLElement>('[data-cart-label]');
  const badge = element.querySelector<HTMLElement>('[data-cart-badge]');
  if (!root || !label || !badge) return;
  const render = () => {
    const count = cartStore.totalItems;
    root.dataset.count = String(count);
    label.textContent = t('header.cartCount', { count });
    badge.textContent = count > 0 ? String(count) : '';
  };
  subscribe(cartStore, render);
  render();
}
