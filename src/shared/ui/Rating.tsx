// Star rating with the review count. Drawn in SVG: the CSP allows no inline style for a partial fill.

import { useId } from 'react';
import { useI18n } from './i18n-context.tsx';

const STAR = 'M8 0.8l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L.8 6.1l5-.7z';
const STARS = [0, 1, 2, 3, 4];

export function Rating({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  const { t, localeTag } = useI18n();
  const clipId = useId();
  if (rating === null || reviewCount === 0) return null;
  const shown = new Intl.NumberFormat(localeTag, { maximumFractionDigits: 1 }).format(rating);
  const stars = STARS.map((i) => <path key={i} d={STAR} transform={`translate(${i * 17} 0)`} />);
  return (
    <div className="rating">
      <svg className="rating__stars" viewBox="0 0 84 16" width="84" height="16" role="img" aria-label={t('rating.label', { rating: shown })}>
        <clipPath id={clipId}>
          <rect width={(rating / 5) * 84} height="16" />
        </clipPath>
        <g className="rating__empty">{stars}</g>
        <g className="rating__full" clipPath={`url(#${clipId})`}>
          {stars}
        </g>
      </svg>
      <span className="rating__count">{t('rating.reviews', { count: reviewCount })}</span>
    </div>
  );
}
