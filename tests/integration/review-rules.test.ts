// The community rules as the reviews service keeps them (the store services issue, §1), called without
// HTTP against the real D1: one review per shopper and product even when two arrive at once, one vote per
// shopper whatever they send at once, one flag per shopper, a review off the page at the third flag with
// the product's rating following, and an operator's decision clearing the flags. What the API answers for
// each is reviews.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ReviewInput } from '../../src/shared/schema/reviews.ts';
import { moderateReview } from '../../src/worker/commerce/reviews/moderation.ts';
import { FLAGS_TO_HIDE, flagReview, submitReview, voteOn } from '../../src/worker/commerce/reviews/reviews.ts';
import { consumerNoOf, one } from './helpers.ts';

const REVIEW: ReviewInput = { rating: 4, title: 'Warm and light', text: 'Wore them on a wet weekend in the hills.', nickname: 'Ana', termsAccepted: true };
const OPERATOR = { name: 'Olga (moderation)', correlationId: 'review-rules' };
const REVIEW_VOTES = { table: 'reviews', votes: 'review_votes', key: 'review_id' } as const;

/** An approved review of a style with a few approved ones, and the style's count. */
async function approvedReview(): Promise<{ reviewId: string; styleId: string; count: number; helpful: number; unhelpful: number }> {
  const row = await one<{ review_id: string; style_id: string; review_count: number; helpful: number; unhelpful: number }>(
    `SELECT r.review_id, r.style_id, s.review_count, r.helpful, r.unhelpful FROM reviews r JOIN styles s ON s.id = r.style_id
     WHERE r.status = 'approved' AND r.flags = 0 AND s.review_count >= 3 ORDER BY r.review_id LIMIT 1`,
  );
  return { reviewId: row.review_id, styleId: row.style_id, count: row.review_count, helpful: row.helpful, unhelpful: row.unhelpful };
}

describe('a review', () => {
  it('is taken once per shopper and product, even when two are sent at the same moment', async () => {
    const style = await one<{ id: string }>('SELECT id FROM styles WHERE id NOT IN (SELECT style_id FROM reviews) ORDER BY id LIMIT 1');
    const author = { consumerNo: await consumerNoOf('leo.loyalty@cairn.test'), locale: 'en-us', lang: 'en' };
    const outcomes = await Promise.allSettled([submitReview(env.DB, style.id, author, REVIEW), submitReview(env.DB, style.id, author, REVIEW)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { code: string }).code : 'taken')).sort()).toEqual([
      'REV409',
      'taken',
    ]);
    const kept = await one<{ n: number; status: string; verified: number }>(
      'SELECT COUNT(*) AS n, status, verified FROM reviews WHERE style_id = ?1 AND consumer_no = ?2',
      style.id,
      author.consumerNo,
    );
    // Waiting for moderation, and not a verified buyer's: Leo never ordered it.
    expect(kept).toEqual({ n: 1, status: 'pending', verified: 0 });
  });
});

describe('votes and flags', () => {
  it('count one vote per shopper, whatever the shopper sends at the same moment', async () => {
    const target = await approvedReview();
    const [will, ian] = await Promise.all([consumerNoOf('will.wranx@cairn.test'), consumerNoOf('ian.ipa@cairn.test')]);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => voteOn(env.DB, REVIEW_VOTES, target.reviewId, will, i % 2 === 0)),
      voteOn(env.DB, REVIEW_VOTES, target.reviewId, ian, false),
    ]);
    expect(results.filter((result) => result.counted)).toHaveLength(2);
    const counts = await one<{ helpful: number; unhelpful: number }>('SELECT helpful, unhelpful FROM reviews WHERE review_id = ?1', target.reviewId);
    expect(counts.helpful + counts.unhelpful).toBe(target.helpful + target.unhelpful + 2);
    expect(await one('SELECT COUNT(*) AS n FROM review_votes WHERE review_id = ?1', target.reviewId)).toEqual({ n: 2 });
  });

  it(`take a review off the page at the ${FLAGS_TO_HIDE}rd shopper's flag, one flag each, until an operator keeps it`, async () => {
    const target = await approvedReview();
    const flaggers = await Promise.all(['ana@cairn.test', 'leo.loyalty@cairn.test', 'ada.athlete@cairn.test'].map(consumerNoOf));
    const [first] = flaggers as [string];
    expect(await flagReview(env.DB, target.styleId, target.reviewId, first, 'spam')).toEqual({ flagged: true });
    expect(await Promise.all(Array.from({ length: 4 }, () => flagReview(env.DB, target.styleId, target.reviewId, first, 'spam')))).toEqual(
      Array.from({ length: 4 }, () => ({ flagged: false })),
    );
    expect(await one('SELECT status, flags FROM reviews WHERE review_id = ?1', target.reviewId)).toEqual({ status: 'approved', flags: 1 });
    for (const flagger of flaggers.slice(1)) await flagReview(env.DB, target.styleId, target.reviewId, flagger, 'off-topic');
    expect(await one('SELECT status, flags FROM reviews WHERE review_id = ?1', target.reviewId)).toEqual({ status: 'pending', flags: FLAGS_TO_HIDE });
    expect(await one('SELECT review_count FROM styles WHERE id = ?1', target.styleId)).toEqual({ review_count: target.count - 1 });

    await moderateReview(env.DB, target.reviewId, 'approve', undefined, OPERATOR);
    expect(await one('SELECT status, flags FROM reviews WHERE review_id = ?1', target.reviewId)).toEqual({ status: 'approved', flags: 0 });
    expect(await one('SELECT review_count FROM styles WHERE id = ?1', target.styleId)).toEqual({ review_count: target.count });
    expect(await one('SELECT actor, action FROM audit_log WHERE subject = ?1', `review:${target.reviewId}`)).toEqual({
      actor: OPERATOR.name,
      action: 'review.approve',
    });
  });

  it('an operator rejects only with a reason, and the rating leaves the rejected review out', async () => {
    const target = await approvedReview();
    await expect(moderateReview(env.DB, target.reviewId, 'reject', undefined, OPERATOR)).rejects.toMatchObject({ code: 'API400' });
    await moderateReview(env.DB, target.reviewId, 'reject', 'Not about the product', OPERATOR);
    expect(await one('SELECT status, status_reason FROM reviews WHERE review_id = ?1', target.reviewId)).toEqual({
      status: 'rejected',
      status_reason: 'Not about the product',
    });
    expect(await one('SELECT review_count FROM styles WHERE id = ?1', target.styleId)).toEqual({ review_count: target.count - 1 });
  });
});
