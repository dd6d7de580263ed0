// Product reviews (the store services issue, §1; account-content §7 Products): per master product (style),
// written by signed-in shoppers, shown once approved. Votes and flags are one per shopper, with the primary
// key as the rule; each vote's count moves in the same batch as its insert, and only when the insert
// happened, so concurrent votes never count twice.

import type { ReviewInput, ReviewSort } from '../../../shared/schema/reviews.ts';
import { HttpError } from '../../lib/http-error.ts';
import { questionStatements, toQuestions } from './questions.ts';

export type ModerationStatus = 'pending' | 'approved' | 'rejected';

export interface ReviewView {
  reviewId: string;
  productId: string;
  rating: number;
  title: string;
  text: string;
  nickname: string;
  location: string | null;
  locale: string;
  lang: string;
  /** -2 runs small .. 2 runs large; null when not said. */
  fit: number | null;
  benefits: { key: string; value: number }[];
  verifiedBuyer: boolean;
  helpful: number;
  unhelpful: number;
  photos: { url: string; contentType: string }[];
  createdAt: string;
}

export interface ReviewSummary {
  productId: string;
  average: number | null;
  count: number;
  /** Approved reviews per star, 5 down to 1. */
  distribution: { rating: number; count: number }[];
  /** Footwear: how the reviews say it fits, -2..2, from those that said. */
  fit: { average: number; count: number } | null;
  verifiedCount: number;
}

interface ReviewRow {
  review_id: string;
  style_id: string;
  rating: number;
  title: string;
  body: string;
  nickname: string;
  location: string | null;
  locale: string;
  lang: string;
  fit: number | null;
  benefits: string | null;
  verified: number;
  helpful: number;
  unhelpful: number;
  photos: string | null;
  created_at: string;
}

const REVIEW_COLUMNS = `r.review_id, r.style_id, r.rating, r.title, r.body, r.nickname, r.location, r.locale, r.lang, r.fit, r.benefits,
  r.verified, r.helpful, r.unhelpful, r.created_at,
  (SELECT json_group_array(json_object('key', p.object_key, 'type', p.content_type)) FROM review_photos p WHERE p.review_id = r.review_id) AS photos`;

/** Where a review photo is served from (media.ts): the object key is made by the store, never by the shopper. */
export const photoUrl = (key: string) => `/media/${key}`;

function toView(row: ReviewRow): ReviewView {
  const photos = row.photos ? (JSON.parse(row.photos) as { key: string; type: string }[]) : [];
  return {
    reviewId: row.review_id,
    productId: row.style_id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    nickname: row.nickname,
    location: row.location,
    locale: row.locale,
    lang: row.lang,
    fit: row.fit,
    benefits: row.benefits ? (JSON.parse(row.benefits) as { key: string; value: number }[]) : [],
    verifiedBuyer: row.verified === 1,
    helpful: row.helpful,
    unhelpful: row.unhelpful,
    photos: photos.map((p) => ({ url: photoUrl(p.key), contentType: p.type })),
    createdAt: row.created_at,
  };
}

/** The master product a product, colour or variant id belongs to, when it exists. */
export async function styleOf(db: D1Database, productId: string): Promise<string | null> {
  const row = await db.prepare('SELECT id FROM styles WHERE id = ?1 AND is_digital = 0').bind(productId.slice(0, 6)).first<{ id: string }>();
  return row?.id ?? null;
}

/** Sets the style's rating and review count from its approved reviews: run in the batch of every change. */
export function styleStatsStatement(db: D1Database, styleId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE styles SET
         rating = (SELECT ROUND(AVG(rating), 1) FROM reviews WHERE style_id = ?1 AND status = 'approved'),
         review_count = (SELECT COUNT(*) FROM reviews WHERE style_id = ?1 AND status = 'approved')
       WHERE id = ?1`,
    )
    .bind(styleId);
}

type SummaryRow = { rating: number; n: number; verified: number; fit_sum: number | null; fit_n: number };

/**
 * The summary in one statement, for a batch of the caller's: a row per star with its count, verified
 * buyers and fit, and a row for star 0 carrying the number of approved questions.
 */
function summaryStatement(db: D1Database, styleId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT rating, COUNT(*) AS n, SUM(verified) AS verified, SUM(fit) AS fit_sum, COUNT(fit) AS fit_n
       FROM reviews WHERE style_id = ?1 AND status = 'approved' GROUP BY rating
       UNION ALL
       SELECT 0, (SELECT COUNT(*) FROM questions WHERE style_id = ?1 AND status = 'approved'), 0, NULL, 0`,
    )
    .bind(styleId);
}

function toSummary(styleId: string, rows: SummaryRow[]): ReviewSummary & { questions: number } {
  const stars = rows.filter((r) => r.rating > 0);
  const byStar = new Map(stars.map((r) => [r.rating, r]));
  const count = stars.reduce((sum, r) => sum + r.n, 0);
  const total = stars.reduce((sum, r) => sum + r.rating * r.n, 0);
  const fitCount = stars.reduce((sum, r) => sum + r.fit_n, 0);
  const fitSum = stars.reduce((sum, r) => sum + (r.fit_sum ?? 0), 0);
  return {
    productId: styleId,
    average: count ? Math.round((total / count) * 10) / 10 : null,
    count,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: byStar.get(rating)?.n ?? 0 })),
    fit: fitCount ? { average: Math.round((fitSum / fitCount) * 10) / 10, count: fitCount } : null,
    verifiedCount: stars.reduce((sum, r) => sum + r.verified, 0),
    questions: rows.find((r) => r.rating === 0)?.n ?? 0,
  };
}

export async function reviewSummary(db: D1Database, styleId: string): Promise<ReviewSummary> {
  const { questions: _questions, ...summary } = toSummary(styleId, (await summaryStatement(db, styleId).all<SummaryRow>()).results);
  return summary;
}

export interface ReviewFilters {
  page: number;
  pageSize: number;
  sort: ReviewSort;
  rating?: number;
  verified?: boolean;
  /** A language ("fr") or a locale ("fr-ca"). */
  lang?: string;
  /** Listed first whatever the sort: the reader's own language. */
  preferLang?: string;
}

const ORDER: Record<ReviewSort, string> = {
  newest: 'r.created_at DESC',
  helpful: 'r.helpful DESC, r.created_at DESC',
  'rating-high': 'r.rating DESC, r.created_at DESC',
  'rating-low': 'r.rating ASC, r.created_at DESC',
};

/** The count of the reviews the filters keep, and the page of them asked for. */
function listStatements(db: D1Database, styleId: string, filters: ReviewFilters): [D1PreparedStatement, D1PreparedStatement] {
  const where = `r.style_id = ?1 AND r.status = 'approved'
    AND (?2 IS NULL OR r.rating = ?2)
    AND (?3 IS NULL OR r.verified = ?3)
    AND (?4 IS NULL OR r.lang = ?4 OR r.locale = ?4)`;
  const args = [styleId, filters.rating ?? null, filters.verified === undefined ? null : filters.verified ? 1 : 0, filters.lang ?? null];
  const first = filters.preferLang ? `(r.lang = ?7) DESC, ` : '';
  return [
    db.prepare(`SELECT COUNT(*) AS n FROM reviews r WHERE ${where}`).bind(...args),
    db
      .prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE ${where} ORDER BY ${first}${ORDER[filters.sort]} LIMIT ?5 OFFSET ?6`)
      .bind(...args, filters.pageSize, (filters.page - 1) * filters.pageSize, ...(filters.preferLang ? [filters.preferLang] : [])),
  ];
}

export async function listReviews(db: D1Database, styleId: string, filters: ReviewFilters): Promise<{ total: number; reviews: ReviewView[] }> {
  const [counted, listed] = await db.batch(listStatements(db, styleId, filters));
  return {
    total: (counted?.results[0] as { n: number } | undefined)?.n ?? 0,
    reviews: ((listed?.results ?? []) as ReviewRow[]).map(toView),
  };
}

/**
 * What the product page shows of a product's reviews and questions: the summary, the first reviews (the
 * reader's language first, most helpful first) and how many questions were answered. Statements for
 * the caller's batch (the product's own), and how to read their results.
 */
export function communityReads(db: D1Database, styleId: string, lang: string, reviews: number) {
  const [, list] = listStatements(db, styleId, { page: 1, pageSize: reviews, sort: 'helpful', preferLang: lang });
  return {
    statements: [summaryStatement(db, styleId), list],
    read([counted, listed]: D1Result[]) {
      const { questions, ...summary } = toSummary(styleId, (counted?.results ?? []) as SummaryRow[]);
      return { summary, reviews: ((listed?.results ?? []) as ReviewRow[]).map(toView), questions: { total: questions } };
    },
  };
}

/** The reviews page's reads in one batch: the summary, the page of reviews the filters keep, the questions. */
export async function reviewsPage(db: D1Database, styleId: string, filters: ReviewFilters, questions: { pageSize: number; preferLang: string }) {
  const [stars, counted, listed, questionCount, questionList] = await db.batch([
    summaryStatement(db, styleId),
    ...listStatements(db, styleId, filters),
    ...questionStatements(db, styleId, { page: 1, ...questions }),
  ]);
  return {
    summary: (({ questions: _questions, ...summary }) => summary)(toSummary(styleId, (stars?.results ?? []) as SummaryRow[])),
    listed: { total: (counted?.results[0] as { n: number } | undefined)?.n ?? 0, reviews: ((listed?.results ?? []) as ReviewRow[]).map(toView) },
    questions: toQuestions(questionCount, questionList),
  };
}

export async function approvedReview(db: D1Database, reviewId: string): Promise<ReviewView | null> {
  const row = await db.prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.review_id = ?1 AND r.status = 'approved'`).bind(reviewId).first<ReviewRow>();
  return row ? toView(row) : null;
}

/** The shopper bought this product (any colour or size) in an order that was not cancelled or failed. */
function boughtStatement(db: D1Database, consumerNo: string, styleId: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM orders o JOIN order_lines l ON l.order_number = o.order_number
         WHERE o.consumer_no = ?1 AND substr(l.product_id, 1, 6) = ?2 AND o.status NOT IN ('placing', 'awaiting_authentication', 'cancelled', 'failed')) AS bought`,
    )
    .bind(consumerNo, styleId);
}

export async function hasReviewed(db: D1Database, styleId: string, consumerNo: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM reviews WHERE style_id = ?1 AND consumer_no = ?2').bind(styleId, consumerNo).first()) !== null;
}

export const newReviewId = () => `R${crypto.randomUUID()}`;

export interface NewReview {
  reviewId: string;
  status: ModerationStatus;
  verifiedBuyer: boolean;
  createdAt: string;
}

/**
 * Writes a shopper's review, waiting for moderation. The photos (already stored under the review's id) are
 * recorded in the same batch. REV409 when the shopper already reviewed this product.
 */
export async function submitReview(
  db: D1Database,
  styleId: string,
  author: { consumerNo: string; locale: string; lang: string },
  input: ReviewInput,
  photos: { key: string; contentType: string; bytes: number }[] = [],
  reviewId = newReviewId(),
  now = new Date(),
): Promise<NewReview> {
  if (await hasReviewed(db, styleId, author.consumerNo)) throw new HttpError('REV409', 'You have already reviewed this product.');
  const bought = await boughtStatement(db, author.consumerNo, styleId).first<{ bought: number }>();
  const createdAt = now.toISOString();
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO reviews (review_id, style_id, consumer_no, nickname, location, locale, lang, rating, title, body, fit, benefits, verified, status, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 'pending', ?14)`,
        )
        .bind(
          reviewId,
          styleId,
          author.consumerNo,
          input.nickname,
          input.location || null,
          author.locale,
          author.lang,
          input.rating,
          input.title,
          input.text,
          input.fit ?? null,
          input.benefits?.length ? JSON.stringify(input.benefits) : null,
          bought?.bought ? 1 : 0,
          createdAt,
        ),
      ...photos.map((photo, i) =>
        db
          .prepare('INSERT INTO review_photos (review_id, position, object_key, content_type, bytes) VALUES (?1, ?2, ?3, ?4, ?5)')
          .bind(reviewId, i + 1, photo.key, photo.contentType, photo.bytes),
      ),
    ]);
  } catch (error) {
    // Two submissions at once: the unique index lets one in.
    if (String(error).includes('UNIQUE')) throw new HttpError('REV409', 'You have already reviewed this product.');
    throw error;
  }
  return { reviewId, status: 'pending', verifiedBuyer: Boolean(bought?.bought), createdAt };
}

export interface VoteResult {
  counted: boolean;
  helpful: number;
  unhelpful: number;
}

/**
 * One vote per shopper: the insert is ignored when the shopper already voted, and the count moves only when
 * the insert happened (`changes()` is the insert's, the statement before it in the same transaction).
 */
export async function voteOn(
  db: D1Database,
  target: { table: 'reviews'; votes: 'review_votes'; key: 'review_id' } | { table: 'answers'; votes: 'answer_votes'; key: 'answer_id' },
  id: string,
  consumerNo: string,
  helpful: boolean,
  now = new Date(),
): Promise<VoteResult> {
  const [inserted, , after] = await db.batch<{ helpful: number; unhelpful: number }>([
    db
      .prepare(`INSERT INTO ${target.votes} (${target.key}, consumer_no, helpful, voted_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING`)
      .bind(id, consumerNo, helpful ? 1 : 0, now.toISOString()),
    db
      .prepare(`UPDATE ${target.table} SET helpful = helpful + ?2, unhelpful = unhelpful + ?3 WHERE ${target.key} = ?1 AND changes() = 1`)
      .bind(id, helpful ? 1 : 0, helpful ? 0 : 1),
    db.prepare(`SELECT helpful, unhelpful FROM ${target.table} WHERE ${target.key} = ?1`).bind(id),
  ]);
  const counts = after?.results[0] ?? { helpful: 0, unhelpful: 0 };
  return { counted: (inserted?.meta.changes ?? 0) === 1, helpful: counts.helpful, unhelpful: counts.unhelpful };
}

/** Flags past this many take an approved review off the page until an operator has looked at it again. */
export const FLAGS_TO_HIDE = 3;

export async function flagReview(db: D1Database, styleId: string, reviewId: string, consumerNo: string, reason: string, now = new Date()) {
  const [inserted] = await db.batch([
    db
      .prepare('INSERT INTO review_flags (review_id, consumer_no, reason, flagged_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING')
      .bind(reviewId, consumerNo, reason, now.toISOString()),
    db
      .prepare(
        `UPDATE reviews SET flags = flags + 1, status = CASE WHEN flags + 1 >= ?2 AND status = 'approved' THEN 'pending' ELSE status END
         WHERE review_id = ?1 AND changes() = 1`,
      )
      .bind(reviewId, FLAGS_TO_HIDE),
    styleStatsStatement(db, styleId),
  ]);
  return { flagged: (inserted?.meta.changes ?? 0) === 1 };
}

/** Whether a stored photo belongs to an approved review: only those are served. */
export async function isShownReviewPhoto(db: D1Database, objectKey: string): Promise<boolean> {
  const shown = await db
    .prepare("SELECT 1 FROM review_photos p JOIN reviews r ON r.review_id = p.review_id WHERE p.object_key = ?1 AND r.status = 'approved'")
    .bind(objectKey)
    .first();
  return shown !== null;
}
