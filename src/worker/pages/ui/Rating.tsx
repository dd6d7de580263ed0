// Star rating with the review count. The stars are drawn by the stylesheet from the rating rounded to
// a half star: one element per rating, where an SVG with a clip path took six.

import { numberFormat } from '../../../shared/i18n/format.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';

const ONE_DECIMAL = { maximumFractionDigits: 1 };

/** 4.3 -> "4.5": the value the stylesheet fills to. */
export function halfStars(rating: number): string {
  return (Math.round(Math.min(5, Math.max(0, rating)) * 2) / 2).toFixed(1);
}

export function Rating({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  const { t, localeTag } = useI18n();
  if (rating === null || reviewCount === 0) return null;
  const shown = numberFormat(localeTag, ONE_DECIMAL, 'one-decimal').format(rating);
  return (
    <div className="rating">
      <span className="stars" data-stars={halfStars(rating)} role="img" aria-label={t('rating.label', { rating: shown })} />
      <span className="rating__count">{t('rating.reviews', { count: reviewCount })}</span>
    </div>
  );
}
