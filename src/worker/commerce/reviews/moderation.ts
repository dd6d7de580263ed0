// Moderation of what shoppers write (the store services issue, §1), for operators under /admin: the queue
// (new reviews and questions, and approved reviews shoppers flagged), approve or reject with a reason, and
// Cairn's answers to questions. Every decision is audited in the batch that makes it, and a review's decision
// settles its product's rating in that batch too.

import { auditStatement } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { reviewPhotosStatements } from '../social/social-photos.ts';
import { styleStatsStatement } from './reviews.ts';

export interface Moderator {
  name: string;
  correlationId: string;
}

export interface QueueItem {
  kind: 'review' | 'question';
  id: string;
  productId: string;
  status: string;
  flags: number;
  flagReasons: string[];
  /** Where a moderator sees each photo (under /admin: a waiting review's photos are not public). */
  photos: string[];
  rating: number | null;
  title: string | null;
  text: string;
  nickname: string;
  locale: string;
  createdAt: string;
}

export async function moderationQueue(db: D1Database, limit = 100): Promise<QueueItem[]> {
  const [reviews, questions] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT r.review_id AS id, r.style_id AS productId, r.status, r.flags, r.rating, r.title, r.body AS text, r.nickname, r.locale,
           r.created_at AS createdAt, (SELECT json_group_array(reason) FROM review_flags f WHERE f.review_id = r.review_id) AS flagReasons,
           (SELECT json_group_array('/admin/media/' || p.object_key) FROM review_photos p WHERE p.review_id = r.review_id) AS photos
         FROM reviews r WHERE r.status = 'pending' OR (r.status = 'approved' AND r.flags > 0)
         ORDER BY r.flags DESC, r.created_at LIMIT ?1`,
      )
      .bind(limit),
    db
      .prepare(
        `SELECT question_id AS id, style_id AS productId, status, 0 AS flags, NULL AS rating, NULL AS title, text, nickname, locale, created_at AS createdAt,
           '[]' AS flagReasons, '[]' AS photos
         FROM questions WHERE status = 'pending' ORDER BY created_at LIMIT ?1`,
      )
      .bind(limit),
  ]);
  const item = (kind: QueueItem['kind']) => (row: Record<string, unknown>) =>
    ({ kind, ...row, flagReasons: JSON.parse(String(row.flagReasons)), photos: JSON.parse(String(row.photos)) }) as QueueItem;
  return [...(reviews?.results ?? []).map(item('review')), ...(questions?.results ?? []).map(item('question'))];
}

/** The reason kept with a decision: required to reject, since the author may ask why. */
export function reasonFor(decision: 'approve' | 'reject', reason: string | undefined): string | null {
  if (decision === 'reject' && !reason)
    throw new HttpError('API400', 'reason: Say why it is rejected; the author may ask.', [{ field: 'reason', message: 'Required to reject.' }]);
  return reason ?? null;
}

export async function moderateReview(
  db: D1Database,
  reviewId: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
  by: Moderator,
  now = new Date(),
) {
  const row = await db
    .prepare('SELECT style_id, status, flags FROM reviews WHERE review_id = ?1')
    .bind(reviewId)
    .first<{ style_id: string; status: string; flags: number }>();
  if (!row) throw new HttpError('API404', `No review ${reviewId}.`);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const why = reasonFor(decision, reason);
  await db.batch([
    // The flags counted so far were looked at with this decision; new ones bring it back to the queue.
    db
      .prepare('UPDATE reviews SET status = ?2, status_reason = ?3, moderated_by = ?4, moderated_at = ?5, flags = 0 WHERE review_id = ?1')
      .bind(reviewId, status, why, by.name, now.toISOString()),
    styleStatsStatement(db, row.style_id),
    // An approved review's photos join the galleries; a rejected one's stop being shown with it.
    ...(decision === 'approve' ? reviewPhotosStatements(db, reviewId, now) : []),
    auditStatement(
      db,
      {
        actor: by.name,
        action: `review.${decision}`,
        subject: `review:${reviewId}`,
        details: { productId: row.style_id, from: row.status, flags: row.flags, reason: why },
        correlationId: by.correlationId,
      },
      now,
    ),
  ]);
  return { reviewId, productId: row.style_id, status, reason: why };
}

export async function moderateQuestion(
  db: D1Database,
  questionId: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
  by: Moderator,
  now = new Date(),
) {
  const row = await db.prepare('SELECT style_id, status FROM questions WHERE question_id = ?1').bind(questionId).first<{ style_id: string; status: string }>();
  if (!row) throw new HttpError('API404', `No question ${questionId}.`);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const why = reasonFor(decision, reason);
  await db.batch([
    db
      .prepare('UPDATE questions SET status = ?2, status_reason = ?3, moderated_by = ?4, moderated_at = ?5 WHERE question_id = ?1')
      .bind(questionId, status, why, by.name, now.toISOString()),
    auditStatement(
      db,
      {
        actor: by.name,
        action: `question.${decision}`,
        subject: `question:${questionId}`,
        details: { productId: row.style_id, from: row.status, reason: why },
        correlationId: by.correlationId,
      },
      now,
    ),
  ]);
  return { questionId, productId: row.style_id, status, reason: why };
}

/** Cairn's answer, shown at once; answering a waiting question approves it, since it was read to be answered. */
export async function answerQuestion(db: D1Database, questionId: string, text: string, answerer: string, by: Moderator, now = new Date()) {
  const row = await db
    .prepare('SELECT style_id, status, lang FROM questions WHERE question_id = ?1')
    .bind(questionId)
    .first<{ style_id: string; status: string; lang: string }>();
  if (!row) throw new HttpError('API404', `No question ${questionId}.`);
  if (row.status === 'rejected') throw new HttpError('API409', 'This question was rejected: approve it before answering.');
  const answerId = `A${crypto.randomUUID()}`;
  const at = now.toISOString();
  await db.batch([
    db
      .prepare(
        `INSERT INTO answers (answer_id, question_id, consumer_no, nickname, from_brand, lang, text, status, moderated_by, moderated_at, created_at)
         VALUES (?1, ?2, NULL, ?3, 1, ?4, ?5, 'approved', ?6, ?7, ?7)`,
      )
      .bind(answerId, questionId, answerer, row.lang, text, by.name, at),
    db
      .prepare("UPDATE questions SET status = 'approved', moderated_by = ?2, moderated_at = ?3 WHERE question_id = ?1 AND status = 'pending'")
      .bind(questionId, by.name, at),
    auditStatement(
      db,
      {
        actor: by.name,
        action: 'question.answer',
        subject: `question:${questionId}`,
        details: { answerId, productId: row.style_id },
        correlationId: by.correlationId,
      },
      now,
    ),
  ]);
  return { answerId, questionId, productId: row.style_id };
}
