// Reviews and questions API (account-content §7 Products; the store services issue, §1), spec paths under /api.
// Reading is open to all; writing, voting and flagging need a signed-in shopper, so "one per shopper" is
// exact rather than one per cookie jar.

import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  AnswerIdParams,
  FlagBody,
  QuestionBody,
  QuestionListQuery,
  REVIEW_FIELD_CODES,
  REVIEW_PAGE_SIZE,
  ReviewBody,
  ReviewIdParams,
  type ReviewInput,
  ReviewListQuery,
  ReviewOnlyParams,
  ReviewProductParams,
  TranslateBody,
  VoteBody,
} from '../../../shared/schema/reviews.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isJsonMediaType } from '../../lib/media-type.ts';
import { chosenPhotos, removePhotos, storeReviewPhotos } from '../../lib/photo-store.ts';
import { envelope } from '../../lib/respond.ts';
import { signedInShopper } from '../../lib/signed-in.ts';
import { parseOrThrow, valid } from '../../lib/validate.ts';
import { answerOf, askQuestion, listQuestions } from './questions.ts';
import { approvedReview, flagReview, hasReviewed, listReviews, newReviewId, reviewSummary, styleOf, submitReview, voteOn } from './reviews.ts';
import { translateReview, translatorFor } from './translator.ts';

async function styleOrThrow(c: Context<AppEnv>, productId: string): Promise<string> {
  const styleId = await styleOf(c.env.DB, productId);
  if (!styleId) throw new HttpError('PLP400', `No product ${productId} takes reviews.`);
  return styleId;
}

async function reviewOf(c: Context<AppEnv>, productId: string, reviewId: string) {
  const review = await approvedReview(c.env.DB, reviewId);
  if (!review || review.productId !== productId.slice(0, 6)) throw new HttpError('API404', `No review ${reviewId} on product ${productId}.`);
  return review;
}

async function reviewInput(c: Context<AppEnv>): Promise<{ input: ReviewInput; files: File[] }> {
  const type = c.req.header('content-type');
  if (isJsonMediaType(type)) return { input: parseOrThrow(ReviewBody, await c.req.json(), REVIEW_FIELD_CODES), files: [] };
  if (!type?.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError('API415', 'Send the review as JSON, or as multipart/form-data with `review` (JSON) and `photos`.');
  }
  let data: FormData;
  try {
    data = await c.req.formData();
  } catch {
    throw new HttpError('API400', 'The form could not be read.');
  }
  const review = data.get('review');
  let json: unknown;
  try {
    json = typeof review === 'string' ? JSON.parse(review) : undefined;
  } catch {
    json = undefined;
  }
  if (typeof json !== 'object' || json === null)
    throw new HttpError('API400', 'review: the review, as a JSON object.', [{ field: 'review', message: 'Required.' }]);
  return { input: parseOrThrow(ReviewBody, json, REVIEW_FIELD_CODES), files: chosenPhotos(data.getAll('photos')) };
}

export const reviewRoutes = new Hono<AppEnv>()
  .get('/products/v1/products/:productId/reviews', valid('param', ReviewProductParams), valid('query', ReviewListQuery), async (c) => {
    const query = c.req.valid('query');
    const locale = apiLocale(c, query);
    const styleId = await styleOrThrow(c, c.req.valid('param').productId);
    const pageSize = query.count ?? REVIEW_PAGE_SIZE;
    const [summary, listed] = await Promise.all([
      reviewSummary(c.env.DB, styleId),
      listReviews(c.env.DB, styleId, {
        page: query.page,
        pageSize,
        sort: query.sort ?? 'newest',
        ...(query.rating ? { rating: query.rating } : {}),
        ...(query.verified !== undefined ? { verified: query.verified } : {}),
        ...(query.lang ? { lang: query.lang } : {}),
        ...(query.sort ? {} : { preferLang: locale.lang }),
      }),
    ]);
    return c.json(
      envelope(c, {
        productId: styleId,
        summary,
        page: query.page,
        pageSize,
        total: listed.total,
        reviews: listed.reviews,
        // Whether a review in another language can be translated here (a Workers AI binding is configured).
        translatable: translatorFor(c.env) !== null,
      }),
    );
  })
  // JSON, or multipart with the review as JSON in `review` and up to three files in `photos`.
  .post('/products/v1/products/:productId/reviews', valid('param', ReviewProductParams), async (c) => {
    const consumerNo = signedInShopper(c, 'write a review');
    const styleId = await styleOrThrow(c, c.req.valid('param').productId);
    const locale = apiLocale(c, {});
    const { input, files } = await reviewInput(c);
    if (await hasReviewed(c.env.DB, styleId, consumerNo)) throw new HttpError('REV409', 'You have already reviewed this product.');
    const reviewId = newReviewId();
    const photos = await storeReviewPhotos(c.env.MEDIA, reviewId, files);
    const review = await submitReview(c.env.DB, styleId, { consumerNo, locale: locale.code, lang: locale.lang }, input, photos, reviewId).catch(
      async (error: unknown) => {
        await removePhotos(c.env.MEDIA, photos);
        throw error;
      },
    );
    await accountAudit(c, consumerNo, 'review.submit', { reviewId: review.reviewId, productId: styleId }).run();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { review: { ...review, productId: styleId } }), 201);
  })
  .post('/products/v1/products/:productId/review/:reviewId/vote', valid('param', ReviewIdParams), valid('json', VoteBody), async (c) => {
    const consumerNo = signedInShopper(c, 'vote on a review');
    const { productId, reviewId } = c.req.valid('param');
    await reviewOf(c, productId, reviewId);
    const result = await voteOn(c.env.DB, { table: 'reviews', votes: 'review_votes', key: 'review_id' }, reviewId, consumerNo, c.req.valid('json').helpful);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { reviewId, ...result }));
  })
  .post('/products/v1/products/:productId/review/:reviewId/flag', valid('param', ReviewIdParams), valid('json', FlagBody), async (c) => {
    const consumerNo = signedInShopper(c, 'report a review');
    const { productId, reviewId } = c.req.valid('param');
    const review = await reviewOf(c, productId, reviewId);
    const result = await flagReview(c.env.DB, review.productId, reviewId, consumerNo, c.req.valid('json').reason);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { reviewId, ...result }));
  })
  .post('/products/v1/review/:reviewId/translate', valid('param', ReviewOnlyParams), valid('json', TranslateBody), async (c) => {
    const translator = translatorFor(c.env);
    if (!translator) throw new HttpError('REV503', 'Translation is not configured on this store.');
    const review = await approvedReview(c.env.DB, c.req.valid('param').reviewId);
    if (!review) throw new HttpError('API404', `No review ${c.req.valid('param').reviewId}.`);
    const to = c.req.valid('json').targetLang ?? apiLocale(c, {}).lang;
    if (to === review.lang)
      return c.json(envelope(c, { reviewId: review.reviewId, translation: { title: review.title, text: review.text, lang: to, from: review.lang } }));
    try {
      const { cached: _cached, ...translation } = await translateReview(c.env.DB, translator, review, to);
      return c.json(envelope(c, { reviewId: review.reviewId, translation }));
    } catch (error) {
      c.get('logger').warn('review translation failed', { reviewId: review.reviewId, to, error: String(error) });
      throw new HttpError('REV503', 'The review could not be translated right now. Please try again later.');
    }
  })
  .get('/products/v1/products/:productId/reviews/questions', valid('param', ReviewProductParams), valid('query', QuestionListQuery), async (c) => {
    const query = c.req.valid('query');
    const locale = apiLocale(c, query);
    const styleId = await styleOrThrow(c, c.req.valid('param').productId);
    const pageSize = query.count ?? REVIEW_PAGE_SIZE;
    const listed = await listQuestions(c.env.DB, styleId, { page: query.page, pageSize, preferLang: locale.lang });
    return c.json(envelope(c, { productId: styleId, page: query.page, pageSize, ...listed }));
  })
  .post('/products/v1/products/:productId/reviews/questions', valid('param', ReviewProductParams), valid('json', QuestionBody), async (c) => {
    const consumerNo = signedInShopper(c, 'ask a question');
    const styleId = await styleOrThrow(c, c.req.valid('param').productId);
    const locale = apiLocale(c, {});
    const question = await askQuestion(c.env.DB, styleId, { consumerNo, locale: locale.code, lang: locale.lang }, c.req.valid('json'));
    await accountAudit(c, consumerNo, 'question.ask', { questionId: question.questionId, productId: styleId }).run();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { question: { ...question, productId: styleId } }), 201);
  })
  .post('/products/v1/products/:productId/review/:answerId/questions/vote', valid('param', AnswerIdParams), valid('json', VoteBody), async (c) => {
    const consumerNo = signedInShopper(c, 'vote on an answer');
    const { productId, answerId } = c.req.valid('param');
    if (!(await answerOf(c.env.DB, productId.slice(0, 6), answerId))) throw new HttpError('API404', `No answer ${answerId} on product ${productId}.`);
    const result = await voteOn(c.env.DB, { table: 'answers', votes: 'answer_votes', key: 'answer_id' }, answerId, consumerNo, c.req.valid('json').helpful);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { answerId, ...result }));
  });
