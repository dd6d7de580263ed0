// Reviews and questions (the store services issue, §1): what a shopper may write, and the list queries.

import * as v from 'valibot';
import { LocaleQuery } from './catalog.ts';
import { messages } from './messages.ts';
import { LOCATION_MAX, NICKNAME_MAX, QUESTION_TEXT_MAX, QUESTION_TEXT_MIN, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX } from './review-limits.ts';

export const REVIEW_PAGE_SIZE = 8;
export const REVIEW_BENEFIT_KEYS = ['waterproof', 'warmth', 'comfort', 'durability', 'breathability', 'grip', 'weight'] as const;
export const REVIEW_SORTS = ['newest', 'helpful', 'rating-high', 'rating-low'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const FLAG_REASONS = ['offensive', 'spam', 'off-topic', 'personal-data', 'other'] as const;

/** A master product, a colour or a variant: reviews belong to the master (its first six characters). */
export const ReviewProductParams = v.object({
  productId: v.pipe(v.string(messages.required), v.regex(/^[A-Z0-9]{6,11}$/, 'Product id must be 6 to 11 uppercase letters or digits.')),
});

const text = (min: number, max: number) =>
  v.pipe(v.string(messages.required), v.trim(), v.minLength(min, messages.minLength(min)), v.maxLength(max, messages.maxLength(max)));

export const ReviewBody = v.object({
  rating: v.pipe(v.number('Choose a rating from 1 to 5 stars.'), v.integer('Choose a rating from 1 to 5 stars.'), v.minValue(1), v.maxValue(5)),
  title: text(2, REVIEW_TITLE_MAX),
  text: text(REVIEW_TEXT_MIN, REVIEW_TEXT_MAX),
  nickname: text(2, NICKNAME_MAX),
  location: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LOCATION_MAX, messages.maxLength(LOCATION_MAX)))),
  /** Footwear fit: -2 runs small, 0 true to size, 2 runs large. */
  fit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-2), v.maxValue(2))),
  benefits: v.optional(
    v.pipe(
      v.array(v.object({ key: v.picklist(REVIEW_BENEFIT_KEYS), value: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)) })),
      v.maxLength(REVIEW_BENEFIT_KEYS.length),
      v.check((list) => new Set(list.map((b) => b.key)).size === list.length, 'Rate each benefit once.'),
    ),
  ),
  termsAccepted: v.literal(true, 'Accept the review guidelines to post your review.'),
});
export type ReviewInput = v.InferOutput<typeof ReviewBody>;

/** Too long is its own code (commerce-core §8, REV410), whichever text field it is. */
export const REVIEW_FIELD_CODES = { text: 'REV410', title: 'REV410' } as const;

const pageNumber = v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'page is a whole number.'), v.transform(Number), v.minValue(1)), '1');
const pageSize = (max: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'count is a whole number.'), v.transform(Number), v.minValue(1), v.maxValue(max)));

export const ReviewListQuery = v.object({
  page: pageNumber,
  count: pageSize(50),
  /** Unsaid: newest first, in the reader's language first. Said: exactly that order. */
  sort: v.optional(v.picklist(REVIEW_SORTS, `sort is one of ${REVIEW_SORTS.join(', ')}.`)),
  rating: v.optional(v.pipe(v.string(), v.regex(/^[1-5]$/, 'rating is 1 to 5.'), v.transform(Number))),
  verified: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'verified is true or false.'),
      v.transform((s) => s === 'true'),
    ),
  ),
  /** A language ("fr") or a locale ("fr-ca"). */
  lang: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2}(-[a-z]{2})?$/, 'lang is a language like fr or a locale like fr-ca.'))),
  ...LocaleQuery.entries,
});

export const ReviewIdParams = v.object({
  productId: ReviewProductParams.entries.productId,
  reviewId: v.pipe(v.string(), v.regex(/^R[A-Z0-9-]{6,40}$/i, 'Not a review id.')),
});

export const VoteBody = v.object({ helpful: v.boolean('Say whether it was helpful: true or false.') });
export const FlagBody = v.object({
  reason: v.picklist(FLAG_REASONS, `reason is one of ${FLAG_REASONS.join(', ')}.`),
});
export const TranslateBody = v.object({ targetLang: v.optional(v.picklist(['en', 'fr', 'de', 'it'], 'targetLang is en, fr, de or it.')) });

export const QuestionBody = v.object({
  text: text(QUESTION_TEXT_MIN, QUESTION_TEXT_MAX),
  nickname: text(2, NICKNAME_MAX),
  termsAccepted: v.literal(true, 'Accept the guidelines to post your question.'),
});
export const QuestionListQuery = v.object({ page: pageNumber, count: pageSize(20), ...LocaleQuery.entries });
export const AnswerIdParams = v.object({
  productId: ReviewProductParams.entries.productId,
  answerId: v.pipe(v.string(), v.regex(/^A[A-Z0-9-]{6,40}$/i, 'Not an answer id.')),
});

export const ModerationBody = v.object({
  decision: v.picklist(['approve', 'reject'], 'decision is approve or reject.'),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3, messages.minLength(3)), v.maxLength(300, messages.maxLength(300)))),
});

export const ReviewOnlyParams = v.object({ reviewId: ReviewIdParams.entries.reviewId });
export const ModerationReviewParams = ReviewOnlyParams;
export const ModerationQuestionParams = v.object({ questionId: v.pipe(v.string(), v.regex(/^Q[A-Z0-9-]{6,40}$/i, 'Not a question id.')) });
export const BrandAnswerBody = v.object({ text: text(2, QUESTION_TEXT_MAX * 2) });
