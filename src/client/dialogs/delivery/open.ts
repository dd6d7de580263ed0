// Opens a cart line's delivery dialog from its trigger on the cart page (data-delivery holds the line's
// choices): React and the language's messages load on the first click, and without script the trigger's
// own form does the same job on the page. Once the cart has changed, the page is shown again as it now is.

import type { CartLineDelivery } from '../../../shared/commerce/delivery.ts';
import { openCartDialog } from '../cart-dialog.ts';
import { DeliveryDialog } from './DeliveryDialog.tsx';

const lineOf = (element: Element): CartLineDelivery | null => {
  try {
    return JSON.parse((element as HTMLElement).dataset.delivery ?? '') as CartLineDelivery;
  } catch {
    return null;
  }
};

export function open(opener: HTMLElement): Promise<void> {
  const line = lineOf(opener);
  if (!line) return Promise.resolve();
  return openCartDialog(opener, 'delivery', DeliveryDialog, () => ({
    line,
    others: [...document.querySelectorAll('[data-delivery]')]
      .filter((element) => element !== opener)
      .map(lineOf)
      .filter((other): other is CartLineDelivery => other !== null),
    start: opener.dataset.deliveryStart === 'method' ? ('method' as const) : ('stores' as const),
  }));
}
