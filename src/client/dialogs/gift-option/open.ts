// Opens a gift card line's add gift option dialog from its trigger on the cart page (data-gift-option holds
// the line): React and the language's messages load on the first click, and without script the trigger opens
// the line's own form on the page. Once the gift option has changed, the page is shown again as it now is.

import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { DEFAULT_LOCALE, findLocale } from '../../../shared/locale/sites.ts';
import { pageState } from '../../stores/snapshot.ts';
import { CATALOGUES } from '../catalogue.ts';
import { type GiftLine, GiftOptionDialog } from './GiftOptionDialog.tsx';

let opening = false;

function lineOf(opener: HTMLElement): GiftLine | null {
  try {
    const line = JSON.parse(opener.dataset.giftOption ?? '') as GiftLine;
    return line.basketId && line.itemId ? line : null;
  } catch {
    return null;
  }
}

export async function open(opener: HTMLElement): Promise<void> {
  const line = lineOf(opener);
  if (opening || !line) return;
  opening = true;
  try {
    const locale = findLocale(pageState()?.locale) ?? DEFAULT_LOCALE;
    const [{ render }, catalogue] = await Promise.all([import('../../hydrate-react.ts'), CATALOGUES[locale.lang]()]);
    const host = document.createElement('div');
    document.body.appendChild(host);
    const unmount = render(
      host,
      GiftOptionDialog,
      {
        line,
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
    // The line's own form is still on the page.
    console.error('gift option dialog failed', error);
    opener.closest('details')?.setAttribute('open', '');
  } finally {
    opening = false;
  }
}
