// A product's review pages (the store services issue, §1): every review with sorts, filters and pages, and
// every question (/{locale}/p/{slug}-{id}/reviews, the same for everyone); the votes, reports and translations
// its forms post (each answers with a redirect back). Writing a review and asking a question are
// write-review.tsx and ask-question.tsx.

import type { Context } from 'hono';
import * as v from 'valibot';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Lang } from '../../../shared/locale/sites.ts';
import { FLAG_REASONS, REVIEW_PAGE_SIZE } from '../../../shared/schema/reviews.ts';
import { answerOf } from '../../commerce/reviews/questions.ts';
import { approvedReview, flagReview, reviewsPage, voteOn } from '../../commerce/reviews/reviews.ts';
import { keptTranslation, translateReview, translatorFor } from '../../commerce/reviews/translator.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { returnPath } from '../../lib/return-path.ts';
import { signedInConsumer, signInFirst } from '../account/section-page.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { readForm } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { type ProductRef, productRef } from './product-ref.tsx';
import { type ListOptions, ListQuery, QUESTIONS_SHOWN, ReviewsPage } from './ReviewsPage.tsx';

export async function reviewsPageRoute(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const locale = c.get('locale');
  const parsed = v.safeParse(ListQuery, Object.fromEntries(new URL(c.req.url).searchParams));
  // A hand-edited query shows the plain list rather than an error.
  const options: ListOptions = parsed.success ? parsed.output : {};
  const [{ summary, listed, questions }, translation] = await Promise.all([
    reviewsPage(
      c.env.DB,
      product.styleId,
      {
        page: options.page ?? 1,
        pageSize: REVIEW_PAGE_SIZE,
        sort: options.sort ?? 'newest',
        ...(options.rating ? { rating: options.rating } : {}),
        ...(options.verified ? { verified: true } : {}),
        ...(options.lang ? { lang: options.lang } : {}),
        ...(options.sort ? {} : { preferLang: locale.lang }),
      },
      { pageSize: QUESTIONS_SHOWN, preferLang: locale.lang },
    ),
    options.translated ? keptTranslation(c.env.DB, options.translated, locale.lang) : null,
  ]);
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    meta: {
      title: t('reviews.pageTitle', { name: product.name }),
      description: t('reviews.metaDescription', { name: product.name, count: summary.count }),
      pageType: 'Other',
      styles: ['reviews'],
      // One page per product to index: its filtered and paged views are the same reviews again.
      canonical: product.paths.reviews,
    },
    body: (
      <ReviewsPage
        product={product}
        options={options}
        summary={summary}
        listed={listed}
        questions={questions}
        translatable={translatorFor(c.env) !== null}
        translation={translation}
      />
    ),
    fallback: () => null,
  });
}

/** Where a vote or report sends the browser back to: the page it came from, or the reviews page. */
function backTo(c: Context<AppEnv>, fields: Record<string, string>, fallback: string, notice: string): string {
  const [target = '', fragment] = (fields.back ?? '').split('#');
  const back = returnPath(target, [c.get('locale').code]);
  // The anchor of the review voted on, so the shopper lands where they were: an id of ours, nothing else.
  const hash = back && fragment && /^[A-Za-z0-9-]{1,80}$/.test(fragment) ? `#${fragment}` : '';
  if (!back) return `${fallback}?notice=${notice}`;
  const url = new URL(back, 'https://store.invalid');
  // The product page is the same for everyone and takes no notice; the reviews page says what happened.
  if (url.pathname.endsWith('/reviews')) url.searchParams.set('notice', notice);
  return `${url.pathname}${url.search}${hash}`;
}

type Voted = { table: 'reviews'; votes: 'review_votes'; key: 'review_id' } | { table: 'answers'; votes: 'answer_votes'; key: 'answer_id' };

/** A vote from the pages: a signed-in shopper's, on an approved review or answer of this product. */
async function votePost(c: Context<AppEnv>, target: Voted, exists: (product: ProductRef, id: string) => Promise<boolean>, id: string): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const { fields } = await readForm(c);
  if (!(await exists(product, id))) return notFoundPage(c);
  const result = await voteOn(c.env.DB, target, id, consumerNo, fields.helpful === 'true');
  return c.redirect(backTo(c, fields, product.paths.reviews, result.counted ? 'voted' : 'already-voted'), 303);
}

export const reviewVotePost = (c: Context<AppEnv>) =>
  votePost(
    c,
    { table: 'reviews', votes: 'review_votes', key: 'review_id' },
    async (product, id) => (await approvedReview(c.env.DB, id))?.productId === product.styleId,
    c.req.param('reviewId') ?? '',
  );

export const answerVotePost = (c: Context<AppEnv>) =>
  votePost(
    c,
    { table: 'answers', votes: 'answer_votes', key: 'answer_id' },
    async (product, id) => (await answerOf(c.env.DB, product.styleId, id)) !== null,
    c.req.param('answerId') ?? '',
  );

export async function reviewFlagPost(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const { fields } = await readForm(c);
  const reviewId = c.req.param('reviewId') ?? '';
  const review = await approvedReview(c.env.DB, reviewId);
  if (!review || review.productId !== product.styleId) return notFoundPage(c);
  const reason = (FLAG_REASONS as readonly string[]).includes(fields.reason ?? '') ? (fields.reason as string) : 'other';
  const result = await flagReview(c.env.DB, product.styleId, reviewId, consumerNo, reason);
  // Thanked on the reviews page, whichever page it came from: the product page is the same for everyone.
  const back = `${product.paths.reviews}?notice=${result.flagged ? 'reported' : 'already-reported'}`;
  return c.redirect(back, 303);
}

export async function reviewTranslatePost(c: Context<AppEnv>): Promise<Response> {
  const product = await productRef(c);
  if (!product) return notFoundPage(c);
  const translate = translatorFor(c.env);
  if (!translate) throw new HttpError('REV503', 'Translation is not configured on this store.');
  const review = await approvedReview(c.env.DB, c.req.param('reviewId') ?? '');
  if (!review || review.productId !== product.styleId) return notFoundPage(c);
  const lang = c.get('locale').lang as Lang;
  try {
    await translateReview(c.env.DB, translate, review, lang);
  } catch (error) {
    c.get('logger').warn('review translation failed', { reviewId: review.reviewId, error: String(error) });
    throw new HttpError('REV503', 'The review could not be translated right now. Please try again later.');
  }
  return c.redirect(`${product.paths.reviews}?translated=${encodeURIComponent(review.reviewId)}#review-${review.reviewId}`, 303);
}
