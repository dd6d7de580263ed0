// Seeded reviews, questions and answers, in every language, from a named random stream: the same on every
// run. A reviewed style gets a handful of reviews around its target rating, then its rating and review count
// are set from the approved ones, as moderation keeps them afterwards: category cards and the product page
// read the same numbers the review list adds up to.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { BRAND_ANSWERER } from '../../src/worker/commerce/reviews/answerer.ts';
import { type Mood, QUESTION_COPY, REVIEW_COPY, type ReviewGroup, type ReviewLang } from '../../src/worker/commerce/reviews/review-copy.ts';
import { addDays, daysBetween } from './dates.ts';
import { SEED_TODAY } from './model.ts';
import { createRandom, type Random } from './random.ts';
import type { SeedData, SeedRow } from './tables.ts';
import { TYPE_INFO } from './type-info.ts';

export const REVIEW_TABLE_ORDER = ['reviews', 'questions', 'answers'] as const;

const LOCALES_OF: Record<ReviewLang, readonly string[]> = { en: ['en-us', 'en-us', 'en-gb', 'en-ca'], fr: ['fr-fr', 'fr-ca'], de: ['de-de'], it: ['it-it'] };

function groupOf(type: ProductType): ReviewGroup | null {
  const group = TYPE_INFO[type].group;
  if (group === 'gift') return null;
  if (group === 'footwear') return 'footwear';
  return group === 'headwear' || group === 'bags' || group === 'socks' || group === 'belts' ? 'gear' : 'apparel';
}

function moodOf(rating: number): Mood {
  return rating === 5 ? 'love' : rating === 4 ? 'like' : rating === 3 ? 'mixed' : 'poor';
}

/** A rating near the style's target: most reviews agree with it, a few do not. */
function ratingNear(random: Random, target: number): number {
  const spread = random.chance(0.15) ? random.int(-3, 1) : random.int(-1, 1) * random.int(0, 1);
  return Math.min(5, Math.max(1, Math.round(target + spread)));
}

function reviewDate(random: Random, from: string): string {
  const days = Math.max(1, daysBetween(from, SEED_TODAY));
  return `${addDays(from, random.int(0, days - 1))}T${String(random.int(7, 22)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00.000Z`;
}

function reviewFor(
  random: Random,
  styleId: string,
  index: number,
  group: ReviewGroup,
  target: number,
  createdAt: string,
  benefitKeys: readonly string[] | null,
): SeedRow {
  const lang = random.weighted<ReviewLang>([
    ['en', 5],
    ['fr', 2],
    ['de', 1.5],
    ['it', 1.5],
  ]);
  const copy = REVIEW_COPY[lang];
  const rating = ratingNear(random, target);
  const mood = moodOf(rating);
  const sentences = [random.pick(copy.general[mood]), random.pick(copy.group[group][rating >= 4 ? 'good' : 'bad'])];
  const fit =
    group === 'footwear'
      ? random.weighted<number>([
          [-2, 1],
          [-1, 4],
          [0, 14],
          [1, 3],
          [2, 1],
        ])
      : null;
  if (fit) sentences.push(copy.fit[String(fit) as '-2' | '-1' | '1' | '2']);
  if (random.chance(0.4)) sentences.reverse();
  const benefits = benefitKeys
    ? random
        .shuffle(benefitKeys)
        .slice(0, random.int(1, 3))
        .map((key) => ({ key, value: Math.min(5, Math.max(1, rating + random.int(-1, 0))) }))
    : null;
  // One review in thirty waits for moderation, so the operators' queue is never empty in a fresh store.
  const pending = random.chance(1 / 30);
  const helpful = Math.round(random.next() ** 3 * 40);
  return {
    review_id: `R${styleId}${String(index + 1).padStart(2, '0')}`,
    style_id: styleId,
    consumer_no: null,
    nickname: random.pick(copy.names),
    location: random.chance(0.7) ? random.pick(copy.places) : null,
    locale: random.pick(LOCALES_OF[lang]),
    lang,
    rating,
    title: random.pick(copy.titles[mood]),
    body: sentences.join(' '),
    fit,
    benefits: benefits ? JSON.stringify(benefits) : null,
    verified: random.chance(0.75) ? 1 : 0,
    status: pending ? 'pending' : 'approved',
    status_reason: null,
    moderated_by: pending ? null : 'seed',
    moderated_at: null,
    helpful,
    unhelpful: Math.round(helpful * random.next() * 0.3),
    flags: 0,
    created_at: reviewDate(random, createdAt),
  };
}

/** Reviews, questions and answers for the catalog's styles; sets each style's rating and count from them. */
export function buildReviews(styles: SeedRow[]): SeedData {
  const random = createRandom('reviews');
  const reviews: SeedRow[] = [];
  const questions: SeedRow[] = [];
  const answers: SeedRow[] = [];
  for (const style of styles) {
    const id = String(style.id);
    const group = groupOf(style.product_type as ProductType);
    const target = style.rating === null ? null : Number(style.rating);
    const createdAt = String(style.created_at);
    if (group && target !== null) {
      // A few reviews for a style few bought, up to nine for a best seller: what the imported counts suggest.
      const count = Math.min(9, Math.max(1, Math.round(Math.log2(Number(style.review_count) + 1) * 0.7)));
      const benefitKeys = TYPE_INFO[style.product_type as ProductType].benefits;
      const own = Array.from({ length: count }, (_, i) => reviewFor(random, id, i, group, target, createdAt, benefitKeys));
      reviews.push(...own);
      const approved = own.filter((r) => r.status === 'approved');
      style.review_count = approved.length;
      style.rating = approved.length ? Math.round((approved.reduce((sum, r) => sum + Number(r.rating), 0) / approved.length) * 10) / 10 : null;
    } else {
      style.review_count = 0;
      style.rating = null;
    }
    if (group && random.chance(0.3)) {
      const lang = random.weighted<ReviewLang>([
        ['en', 5],
        ['fr', 2],
        ['de', 1.5],
        ['it', 1.5],
      ]);
      const [text, answer] = random.pick(QUESTION_COPY[lang][group]);
      const questionId = `Q${id}01`;
      const asked = reviewDate(random, createdAt);
      questions.push({
        question_id: questionId,
        style_id: id,
        consumer_no: null,
        nickname: random.pick(REVIEW_COPY[lang].names),
        locale: random.pick(LOCALES_OF[lang]),
        lang,
        text,
        status: 'approved',
        status_reason: null,
        moderated_by: 'seed',
        moderated_at: null,
        created_at: asked,
      });
      const helpful = random.int(0, 12);
      answers.push({
        answer_id: `A${id}01`,
        question_id: questionId,
        consumer_no: null,
        nickname: BRAND_ANSWERER[lang],
        from_brand: 1,
        lang,
        text: answer,
        status: 'approved',
        status_reason: null,
        moderated_by: 'seed',
        moderated_at: null,
        helpful,
        unhelpful: random.int(0, 2),
        // Customer service answers the next morning.
        created_at: asked.slice(0, 10) < SEED_TODAY ? `${addDays(asked.slice(0, 10), 1)}T09:30:00.000Z` : asked,
      });
    }
  }
  return { reviews, questions, answers };
}
