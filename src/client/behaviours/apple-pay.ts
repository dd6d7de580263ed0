// The product page's Apple Pay button (commerce-core §2, express wallet; §4 Apple Pay session): shown only
// on a device that has Apple Pay; a tap puts the chosen size in a wallet basket of its own (the cart is left
// alone) and the sheet collects the delivery, then the order is placed and the confirmation opens.

import { callRoute } from '../api-answer.ts';
import { applePayAmount, applePayAvailable, beginApplePay } from '../apple-pay/session.ts';

export function mount(element: HTMLElement): void {
  if (!applePayAvailable()) return;
  // The entry finds it by [data-apple-pay], which only the product page's button carries.
  const button = element as HTMLButtonElement;
  const form = button.form;
  const status = document.querySelector<HTMLElement>('[data-apple-pay-status]');
  const messages = JSON.parse(button.dataset.messages ?? '{}') as Record<string, string>;
  const currency = button.dataset.currency ?? 'USD';
  button.hidden = false;
  button.addEventListener('click', () => {
    const productId = form ? String(new FormData(form).get('productId') ?? '') : '';
    if (button.getAttribute('aria-busy') === 'true') return;
    if (!productId) {
      if (status) status.textContent = messages['cart.chooseSize'] ?? '';
      return;
    }
    // The product's price until the store prices the basket for the sheet's address, a moment later.
    const amount = Number(button.dataset.amount);
    if (status) status.textContent = '';
    button.setAttribute('aria-busy', 'true');
    const done = () => button.removeAttribute('aria-busy');
    beginApplePay({
      countryCode: button.dataset.country ?? 'US',
      currencyCode: currency,
      total: { label: 'Cairn', amount: applePayAmount(amount, currency) },
      askShipping: true,
      // callRoute, not the typed client: this is the product page's add, whose JavaScript budget has no room for the client.
      basket: async () => (await callRoute('POST', '/api/cart/v1/cartWithItem', { productId, qty: 1 })).basketId,
      referer: 'pdp',
      storeContext: 'applePayPdp',
      message: (key) => messages[key] ?? messages['error.general'] ?? key,
      onPlaced: (redirect) => location.assign(redirect),
      onFailed: (_error, message) => {
        done();
        if (status) status.textContent = message;
      },
      onCancel: done,
    });
  });
}
