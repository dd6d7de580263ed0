// The pieces of reviews and questions the product page and the reviews page share: the summary with its
// distribution and fit, a review with its votes, report and translation, a question with its answers. Plain
// forms, no script: the product page stays within its JavaScript budget and the same for every shopper.
// Shoppers' words are text nodes only, so React escapes them.

import { formatDay } from '../../../shared/i18n/date-format.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { numberFormat } from '../../../shared/i18n/number-format.ts';
import { deliveredImageUrl } from '../../../shared/media/image-delivery.ts';
import { paths as routes } from '../../../shared/routes.ts';
import { FLAG_REASONS } from '../../../shared/schema/reviews.ts';
import type { QuestionView } from '../../commerce/reviews/questions.ts';
import type { ReviewSummary, ReviewView } from '../../commerce/reviews/reviews.ts';
import { usePage } from '../page-context.tsx';
import { halfStars } from '../ui/Rating.tsx';

/** Where a product's review pages live: `/{locale}/p/{slug}-{id}` and its own paths below it. */
export interface ReviewPaths {
  /** The colour-level product the dialogs write about (its reviews belong to its master). */
  productId: string;
  product: string;
  reviews: string;
  write: string;
  ask: string;
  /** Sharing a photo of the product in the social galleries. */
  share: string;
  /** The page a vote or report comes back to. */
  back: string;
}

export function reviewPaths(localeCode: string, slug: string, productId: string): ReviewPaths {
  const product = routes.product(localeCode, slug, productId);
  return {
    productId,
    product,
    reviews: `${product}/reviews`,
    write: `${product}/write-review`,
    ask: `${product}/ask-question`,
    share: `${product}/share-photo`,
    back: product,
  };
}

/**
 * With script, a link to the review or question form opens it as a dialog (client/dialogs/review); the
 * form's own page is where it leads without.
 */
export function reviewDialog(kind: 'write' | 'ask', paths: ReviewPaths) {
  return { 'data-review-dialog': kind, 'data-review-product': paths.productId, 'aria-haspopup': 'dialog' } as const;
}

export function Stars({ rating }: { rating: number }) {
  const { t } = usePage();
  return <span className="stars" data-stars={halfStars(rating)} role="img" aria-label={t('rating.label', { rating: String(rating) })} />;
}

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

const FIT_KEYS: Record<string, MessageKey> = {
  '-2': 'reviews.fit.small2',
  '-1': 'reviews.fit.small1',
  '0': 'reviews.fit.true',
  '1': 'reviews.fit.large1',
  '2': 'reviews.fit.large2',
};

export function ReviewSummaryBlock({ summary, paths }: { summary: ReviewSummary; paths: ReviewPaths }) {
  const { t, locale } = usePage();
  const one = numberFormat(locale.tag, ONE_DECIMAL, 'one-decimal-fixed');
  return (
    <div className="review-summary">
      {summary.average !== null ? (
        <div className="review-summary__score">
          <p className="review-summary__average">{one.format(summary.average)}</p>
          <Stars rating={summary.average} />
          <p className="review-summary__count">{t('rating.reviews', { count: summary.count })}</p>
        </div>
      ) : (
        <p className="review-summary__none">{t('reviews.none')}</p>
      )}
      {summary.count > 0 ? (
        <ul className="review-summary__bars" aria-label={t('reviews.distribution')}>
          {summary.distribution.map((row) => (
            <li key={row.rating}>
              <a href={`${paths.reviews}?rating=${row.rating}`} className="review-bar">
                <span className="review-bar__label">{t('reviews.stars', { count: row.rating })}</span>
                {/* A meter, not a styled width: the CSP allows no inline style. */}
                <meter className="review-bar__meter" min={0} max={summary.count} value={row.count} aria-hidden="true" />
                <span className="review-bar__count">{row.count}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {summary.fit ? (
        <div className="review-fit">
          <p className="review-fit__title">{t('reviews.fitTitle')}</p>
          <div className="review-fit__scale" aria-hidden="true" data-fit={(Math.round(summary.fit.average * 2) / 2).toFixed(1)}>
            <span className="review-fit__marker" />
          </div>
          <p className="review-fit__ends" aria-hidden="true">
            <span>{t('reviews.fit.small')}</span>
            <span>{t('reviews.fit.true')}</span>
            <span>{t('reviews.fit.large')}</span>
          </p>
          <p className="sr-only">{t(FIT_KEYS[String(Math.round(summary.fit.average))] ?? 'reviews.fit.true')}</p>
        </div>
      ) : null}
      <p className="review-summary__actions">
        <a className="button button--primary" href={paths.write} {...reviewDialog('write', paths)}>
          {t('reviews.write')}
        </a>
      </p>
    </div>
  );
}

/** "Was this helpful?": a plain form that comes back to the review or answer it was posted from. */
function VoteForm({ action, back, counts }: { action: string; back: string; counts: { helpful: number; unhelpful: number } }) {
  const { t } = usePage();
  return (
    <form method="post" action={action} className="review__vote">
      <input type="hidden" name="back" value={back} />
      <span className="review__vote-label">{t('reviews.helpfulQuestion')}</span>
      <button type="submit" name="helpful" value="true" className="button button--small button--secondary">
        {t('reviews.yes', { count: counts.helpful })}
      </button>
      <button type="submit" name="helpful" value="false" className="button button--small button--secondary">
        {t('reviews.no', { count: counts.unhelpful })}
      </button>
    </form>
  );
}

export function ReviewCard({
  review,
  paths,
  translatable,
  translation,
  compact = false,
}: {
  review: ReviewView;
  paths: ReviewPaths;
  translatable: boolean;
  translation?: { title: string; text: string } | null;
  /** The product page's few: reporting and translating are done on the reviews page, where it leads. */
  compact?: boolean;
}) {
  const { t, locale, imageDelivery } = usePage();
  const date = formatDay(locale.tag, review.createdAt);
  const id = `review-${review.reviewId}`;
  const shown = translation ?? review;
  return (
    <article className="review" id={id} lang={translation ? locale.lang : review.lang} aria-labelledby={`${id}-title`}>
      <Stars rating={review.rating} />
      <h3 className="review__title" id={`${id}-title`}>
        {shown.title}
      </h3>
      <p className="review__byline">
        <span className="review__author">{review.nickname}</span>
        {review.location ? <span>{review.location}</span> : null}
        <time dateTime={review.createdAt}>{date}</time>
        {review.verifiedBuyer ? <span className="review__verified">{t('reviews.verified')}</span> : null}
      </p>
      <p className="review__text">{shown.text}</p>
      {translation ? (
        <p className="review__translated">
          {t('reviews.translated')} <a href={`${paths.reviews}#${id}`}>{t('reviews.showOriginal')}</a>
        </p>
      ) : null}
      {review.fit !== null ? <p className="review__fit">{t(FIT_KEYS[String(review.fit)] ?? 'reviews.fit.true')}</p> : null}
      {review.benefits.length > 0 ? (
        <ul className="review__benefits">
          {review.benefits.map((b) => (
            <li key={b.key}>
              {t(`product.benefit.${b.key}` as MessageKey)}: {b.value}/5
            </li>
          ))}
        </ul>
      ) : null}
      {review.photos.length > 0 ? (
        <ul className="review__photos">
          {review.photos.map((photo, i) => (
            <li key={photo.url}>
              <a href={photo.url}>
                <img
                  src={deliveredImageUrl(photo.url, 96, imageDelivery)}
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                  alt={t('reviews.photoAlt', { n: i + 1, name: review.nickname })}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="review__actions">
        <VoteForm action={`${paths.reviews}/${review.reviewId}/vote`} back={`${paths.back}#${id}`} counts={review} />
        {compact ? (
          <a className="review__report-link" href={`${paths.reviews}#${id}`}>
            {t('reviews.report')}
          </a>
        ) : null}
        {!compact && translatable && review.lang !== locale.lang && !translation ? (
          <form method="post" action={`${paths.reviews}/${review.reviewId}/translate`}>
            <button type="submit" className="button button--small button--link">
              {t('reviews.translate')}
            </button>
          </form>
        ) : null}
        {compact ? null : (
          <details className="review__report">
            <summary>{t('reviews.report')}</summary>
            <form method="post" action={`${paths.reviews}/${review.reviewId}/flag`}>
              <input type="hidden" name="back" value={`${paths.back}#${id}`} />
              <label className="field__label" htmlFor={`${id}-reason`}>
                {t('reviews.reportReason')}
              </label>
              <select id={`${id}-reason`} name="reason" className="field__input">
                {FLAG_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`reviews.reason.${reason}` as MessageKey)}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button--small button--secondary">
                {t('reviews.reportSend')}
              </button>
            </form>
          </details>
        )}
      </div>
    </article>
  );
}

export function QuestionCard({ question, paths }: { question: QuestionView; paths: ReviewPaths }) {
  const { t, locale } = usePage();
  const id = `question-${question.questionId}`;
  return (
    <article className="question" id={id} lang={question.lang} aria-labelledby={`${id}-text`}>
      <h3 className="question__text" id={`${id}-text`}>
        <span className="question__q" aria-hidden="true">
          Q
        </span>
        {question.text}
      </h3>
      <p className="review__byline">
        <span className="review__author">{question.nickname}</span>
        <time dateTime={question.createdAt}>{formatDay(locale.tag, question.createdAt)}</time>
      </p>
      {question.answers.map((answer) => (
        <div key={answer.answerId} className={`answer${answer.fromBrand ? ' answer--brand' : ''}`}>
          <p className="answer__text">{answer.text}</p>
          <p className="review__byline">
            <span className="review__author">{answer.nickname}</span>
            <time dateTime={answer.createdAt}>{formatDay(locale.tag, answer.createdAt)}</time>
          </p>
          <VoteForm action={`${paths.reviews}/answers/${answer.answerId}/vote`} back={`${paths.back}#${id}`} counts={answer} />
        </div>
      ))}
      {question.answers.length === 0 ? <p className="answer answer--none">{t('reviews.noAnswerYet')}</p> : null}
    </article>
  );
}

/** The product page's part: the summary, the first reviews and questions, and where to read and write more. */
export function ProductReviews({
  summary,
  reviews,
  questions,
  paths,
  translatable,
}: {
  summary: ReviewSummary;
  reviews: ReviewView[];
  questions: { total: number };
  paths: ReviewPaths;
  translatable: boolean;
}) {
  const { t } = usePage();
  return (
    <div className="pdp-community">
      <section className="pdp-reviews" id="reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{t('reviews.title')}</h2>
        <ReviewSummaryBlock summary={summary} paths={paths} />
        <div className="pdp-reviews__list">
          {reviews.map((review) => (
            <ReviewCard key={review.reviewId} review={review} paths={paths} translatable={translatable} compact />
          ))}
          {summary.count > reviews.length ? (
            <p>
              <a className="button button--secondary" href={paths.reviews}>
                {t('reviews.all', { count: summary.count })}
              </a>
            </p>
          ) : null}
        </div>
      </section>
      {/* The questions themselves are on the reviews page: the product page keeps to what decides a purchase. */}
      <section className="pdp-questions" id="questions" aria-labelledby="questions-title">
        <h2 id="questions-title">{t('questions.title')}</h2>
        <p className="pdp-questions__actions">
          {questions.total > 0 ? (
            <a className="button button--secondary" href={`${paths.reviews}#questions`}>
              {t('questions.all', { count: questions.total })}
            </a>
          ) : (
            <span>{t('questions.none')}</span>
          )}
          <a className="button button--secondary" href={paths.ask} {...reviewDialog('ask', paths)}>
            {t('questions.ask')}
          </a>
        </p>
      </section>
    </div>
  );
}
