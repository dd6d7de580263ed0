// What the cart page's dialogs share when they open (delivery, add gift option): React and the language's
// messages loaded on the first click, one opening at a time, and on closing the page shown again as the cart
// now is, or focus back on the opener. If the dialog cannot open, the line's own form on the page is shown.

import type { FunctionComponent } from 'react';
import { subsetTranslator } from '../../shared/i18n/format.ts';
import { DEFAULT_LOCALE, findLocale } from '../../shared/locale/sites.ts';
import { pageState } from '../stores/snapshot.ts';
import { CATALOGUES } from './catalogue.ts';

type Closing = { onClosed: (changed: boolean) => void };

let opening = false;

/** `props` gets the page's others read once React has loaded (the delivery dialog's other lines, say). */
export async function openCartDialog<P extends Closing>(
  opener: HTMLElement,
  name: string,
  component: FunctionComponent<P>,
  props: () => Omit<P, 'onClosed'>,
): Promise<void> {
  if (opening) return;
  opening = true;
  try {
    const locale = findLocale(pageState()?.locale) ?? DEFAULT_LOCALE;
    const [{ render }, catalogue] = await Promise.all([import('../hydrate-react.ts'), CATALOGUES[locale.lang]()]);
    const host = document.createElement('div');
    document.body.appendChild(host);
    const unmount = render(
      host,
      component,
      {
        ...props(),
        onClosed: (changed: boolean) => {
          unmount();
          host.remove();
          if (changed) location.reload();
          else if (opener.isConnected) opener.focus();
        },
      } as P,
      { t: subsetTranslator(catalogue, locale.tag), localeTag: locale.tag, locale: locale.code },
    );
  } catch (error) {
    console.error(`${name} dialog failed`, error);
    opener.closest('details')?.setAttribute('open', '');
  } finally {
    opening = false;
  }
}
