// Star rating with the review count. Drawn in SVG (the CSP allows no inline style for a partial fill),
// from the page's one star symbol, so each card carries a few hundred bytes, not two sets of paths.

import { useId } from 'react';
import { numberFormat } from '../i18n/number-format.ts';
import { useI18n } from './i18n-context.tsx';

const STAR = 'l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L.8 6.1l5-.7z';
const ONE_DECIMAL = { maximumFractionDigits: 1 };
export const STARS_SYMBOL_ID = 'rating-stars';

/** Five stars as one symbol; the document includes it once (see STARS_SPRITE). */
export const STARS_SPRITE = `<svg class="sprite" aria-hidden="true" focusable="false"><symbol id="${STARS_SYMBOL_ID}" viewBox="0 0 84 16"><path d="${[0, 17, 34, 51, 68].map((x) => `M${x + 8} 0.8${STAR}`).join('')}"/></symbol></svg>`;

export function Rating({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  const { t, localeTag } = useI18n();
  const clipId = useId();
  if (rating === null || reviewCount === 0) return null;
  const shown = numberFormat(localeTag, ONE_DECIMAL).format(rating);
  return (
    <div className="rating">
      <svg className="rating__stars" viewBox="0 0 84 16" width="84" height="16" role="img" aria-label={t('rating.label', { rating: shown })}>
        <clipPath id={clipId}>
          <rect width={(rating / 5) * 84} height="16" />
        </clipPath>
        <use className="rating__empty" href={`#${STARS_SYMBOL_ID}`} />
        <use className="rating__full" href={`#${STARS_SYMBOL_ID}`} clipPath={`url(#${clipId})`} />
      </svg>
      <span className="rating__count">{t('rating.reviews', { count: reviewCount })}</span>
    </div>
  );
}
