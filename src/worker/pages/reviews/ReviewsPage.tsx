import * as v from 'valibot';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { REVIEW_PAGE_SIZE, REVIEW_SORTS } from '../../../shared/schema/reviews.ts';
import { CheckboxField, FormNotice } from '../../../shared/ui/form.tsx';
import type { QuestionView } from '../../commerce/reviews/questions.ts';
import type { ReviewSummary, ReviewView } from '../../commerce/reviews/reviews.ts';
import { usePage } from '../page-context.tsx';
import type { ProductRef } from './product-ref.tsx';
import { QuestionCard, ReviewCard, ReviewSummaryBlock, reviewDialog } from './ReviewBlocks.tsx';
/** The questions the reviews page lists (the first ones, the reader's language first). */
export const QUESTIONS_SHOWN = 10;

export const ListQuery = v.object({
  sort: v.optional(v.picklist(REVIEW_SORTS)),
  rating: v.optional(v.pipe(v.string(), v.regex(/^[1-5]$/), v.transform(Number))),
  verified: v.optional(v.literal('true')),
  lang: v.optional(v.picklist(['en', 'fr', 'de', 'it'])),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1))),
  translated: v.optional(v.pipe(v.string(), v.maxLength(60))),
  notice: v.optional(v.picklist(['voted', 'already-voted', 'reported', 'already-reported'])),
});
export type ListOptions = v.InferOutput<typeof ListQuery>;

export function ReviewsPage(props: {
  product: ProductRef;
  options: ListOptions;
  summary: ReviewSummary;
  listed: { total: number; reviews: ReviewView[] };
  questions: { total: number; questions: QuestionView[] };
  translatable: boolean;
  translation: { reviewId: string; title: string; text: string } | null;
}) {
  const { t } = usePage();
  const { product, options, summary, listed, questions } = props;
  const page = options.page ?? 1;
  const pages = Math.max(1, Math.ceil(listed.total / REVIEW_PAGE_SIZE));
  const query = (extra: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ sort: options.sort, rating: options.rating, verified: options.verified, lang: options.lang, ...extra })) {
      if (value !== undefined) params.set(key, String(value));
    }
    const text = params.toString();
    return `${product.paths.reviews}${text ? `?${text}` : ''}`;
  };
  const back = query({ page: page > 1 ? page : undefined });
  const paths = { ...product.paths, back };
  return (
    <div className="page page--reviews">
      <p>
        <a href={product.paths.product}>{t('reviews.backToProduct', { name: product.name })}</a>
      </p>
      <h1>{t('reviews.pageTitle', { name: product.name })}</h1>
      {options.notice ? (
        <FormNotice kind="success">
          <p>{t(`reviews.notice.${options.notice}` as MessageKey)}</p>
        </FormNotice>
      ) : null}
      <div className="reviews-layout">
        <aside className="reviews-layout__side">
          <ReviewSummaryBlock summary={summary} paths={paths} />
          <form className="review-filters" method="get" action={product.paths.reviews}>
            <div className="field">
              <label className="field__label" htmlFor="reviews-sort">
                {t('reviews.sort')}
              </label>
              <select id="reviews-sort" className="field__input" name="sort" defaultValue={options.sort ?? 'newest'}>
                {REVIEW_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`reviews.sort.${sort}` as MessageKey)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="reviews-rating">
                {t('reviews.filterRating')}
              </label>
              <select id="reviews-rating" className="field__input" name="rating" defaultValue={options.rating ? String(options.rating) : ''}>
                <option value="">{t('reviews.allRatings')}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t('reviews.stars', { count: n })}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="reviews-lang">
                {t('reviews.filterLang')}
              </label>
              <select id="reviews-lang" className="field__input" name="lang" defaultValue={options.lang ?? ''}>
                <option value="">{t('reviews.allLangs')}</option>
                {(['en', 'fr', 'de', 'it'] as const).map((lang) => (
                  <option key={lang} value={lang}>
                    {t(`reviews.lang.${lang}` as MessageKey)}
                  </option>
                ))}
              </select>
            </div>
            <CheckboxField id="reviews-verified" name="verified" value="true" label={t('reviews.onlyVerified')} defaultChecked={options.verified === 'true'} />
            <button type="submit" className="button button--secondary">
              {t('reviews.apply')}
            </button>
          </form>
        </aside>
        <section className="reviews-layout__list" aria-labelledby="reviews-list-title">
          <h2 id="reviews-list-title" className="sr-only">
            {t('reviews.title')}
          </h2>
          <p className="reviews-layout__count" role="status">
            {t('reviews.showing', { count: listed.total })}
          </p>
          {listed.reviews.map((review) => (
            <ReviewCard
              key={review.reviewId}
              review={review}
              paths={paths}
              translatable={props.translatable}
              translation={props.translation?.reviewId === review.reviewId ? props.translation : null}
            />
          ))}
          {pages > 1 ? (
            <nav className="pager" aria-label={t('reviews.pages')}>
              {page > 1 ? <a href={query({ page: page - 1 })}>{t('reviews.previous')}</a> : null}
              <span>{t('reviews.pageOf', { page, pages })}</span>
              {page < pages ? <a href={query({ page: page + 1 })}>{t('reviews.next')}</a> : null}
            </nav>
          ) : null}
        </section>
      </div>
      <section className="pdp-questions" id="questions" aria-labelledby="questions-title">
        <h2 id="questions-title">{t('questions.title')}</h2>
        {questions.questions.map((question) => (
          <QuestionCard key={question.questionId} question={question} paths={paths} />
        ))}
        {questions.total === 0 ? <p>{t('questions.none')}</p> : null}
        <p>
          <a className="button button--secondary" href={product.paths.ask} {...reviewDialog('ask', product.paths)}>
            {t('questions.ask')}
          </a>
        </p>
      </section>
    </div>
  );
}
