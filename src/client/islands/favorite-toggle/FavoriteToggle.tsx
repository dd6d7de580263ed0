// Markup of the product page's heart: a plain form that adds the colour to the favorites without
// JavaScript. favorite-toggle.ts makes it a toggle in place, loaded only when the shopper reaches for it.

import { Icon } from '../../../shared/ui/Icon.tsx';

export interface FavoriteToggleProps {
  productId: string;
  addUrl: string;
  labels: { add: string; remove: string; added: string; removed: string; failed: string };
}

export default function FavoriteToggle({ productId, addUrl, labels }: FavoriteToggleProps) {
  return (
    <form className="favorite-toggle" method="post" action={addUrl}>
      <input type="hidden" name="productId" value={productId} />
      <button className="favorite-toggle__button" type="submit" aria-pressed="false" data-favorite-button="">
        <Icon name="heart" />
        <span data-favorite-label="">{labels.add}</span>
      </button>
      <p className="sr-only" role="status" data-favorite-status="" />
    </form>
  );
}
