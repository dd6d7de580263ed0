// Opens a cart line's delivery dialog from its trigger on the cart page (data-delivery holds the line's
// choices): React and the language's messages load on the first click, and without script the trigger's
// own form does the same job on the page. Once the cart has changed, the page is shown again as it now is.

import type { CartLineDelivery } from '../../../shared/commerce/delivery.ts';
import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { DEFAULT_LOCALE, findLocale } from '../../../shared/locale/sites.ts';
import { pageState } from '../../stores/snapshot.ts';
import { CATALOGUES } from '../catalogue.ts';
import { DeliveryDialog } from './DeliveryDialog.tsx';

let opening = false;

const lineOf = (element: Element): CartLineDelivery | null => {
  try {
    return JSON.parse((element as HTMLElement).dataset.delivery ?? '') as CartLineDelivery;
  } catch {
    return null;
  }
};

export async function open(opener: HTMLElement): Promise<void> {
  const line = lineOf(opener);
  if (opening || !line) return;
  opening = true;
  try {
    const locale = findLocale(pageState()?.locale) ?? DEFAULT_LOCALE;
    const [{ render }, catalogue] = await Promise.all([import('../../hydrate-react.ts'), CATALOGUES[locale.lang]()]);
    const others = [...document.querySelectorAll('[data-delivery]')]
      .filter((element) => element !== opener)
      .map(lineOf)
      .filter((other): other is CartLineDelivery => other !== null);
    const host = document.createElement('div');
    document.body.appendChild(host);
    const unmount = render(
      host,
      DeliveryDialog,
      {
        line,
        others,
        start: opener.dataset.deliveryStart === 'method' ? 'method' : 'stores',
        onClosed: (changed) => {
          unmount();
          host.remove();
          if (changed) location.reload();
          else if (opener.isConnected) opener.focus();
        },
      },
      { t: subsetTranslator(catalogue, locale.tag), localeTag: locale.tag, locale: locale.code },
    );
  } catch (error) {
    // The trigger's own form is still on the page.
    console.error('delivery dialog failed', error);
    opener.closest('details')?.setAttribute('open', '');
  } finally {
    opening = false;
  }
}
