// Opens a gift card line's add gift option dialog from its trigger on the cart page (data-gift-option holds
// the line): React and the language's messages load on the first click, and without script the trigger opens
// the line's own form on the page. Once the gift option has changed, the page is shown again as it now is.

import { openCartDialog } from '../cart-dialog.ts';
import { type GiftLine, GiftOptionDialog } from './GiftOptionDialog.tsx';

function lineOf(opener: HTMLElement): GiftLine | null {
  try {
    const line = JSON.parse(opener.dataset.giftOption ?? '') as GiftLine;
    return line.basketId && line.itemId ? line : null;
  } catch {
    return null;
  }
}

export function open(opener: HTMLElement): Promise<void> {
  const line = lineOf(opener);
  return line ? openCartDialog(opener, 'gift option', GiftOptionDialog, () => ({ line })) : Promise.resolve();
}
