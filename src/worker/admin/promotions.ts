// Promotions for marketers (the cart issue): created, scheduled and retired without a deploy, each change
// audited. A promotion is never deleted: retiring ends it now, so past carts and orders still name it.

import type * as v from 'valibot';
import type { PromotionCreateBody } from '../../shared/schema/admin.ts';
import { auditStatement } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';

type NewPromotion = v.InferOutput<typeof PromotionCreateBody>;

export async function listPromotions(db: D1Database, siteId: string) {
  const { results } = await db.prepare('SELECT * FROM promotions WHERE site_id = ?1 ORDER BY starts_at DESC, id').bind(siteId).all();
  return results;
}

export async function createPromotion(db: D1Database, body: NewPromotion, actor: { name: string; correlationId: string }) {
  const id = `${body.siteId}-${body.id}`;
  const discountValue = body.discount.type === 'percent' ? body.discount.percent : body.discount.type === 'amount' ? body.discount.amount : 0;
  const taken = await db
    .prepare('SELECT id, coupon_code FROM promotions WHERE id = ?1 OR (site_id = ?2 AND coupon_code = ?3)')
    .bind(id, body.siteId, body.couponCode ?? null)
    .first<{ id: string }>();
  if (taken) throw new HttpError('API409', taken.id === id ? 'A promotion with this id exists.' : 'Another promotion of this site has this coupon code.');
  await db.batch([
    db
      .prepare(
        `INSERT INTO promotions (id, site_id, name, level, discount_type, discount_value, product_ids, product_types, threshold, coupon_code,
           audience, exclusive, callout, starts_at, ends_at, redemption_limit, campaign_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)`,
      )
      .bind(
        id,
        body.siteId,
        body.name,
        body.level,
        body.discount.type,
        discountValue,
        body.productIds ? JSON.stringify(body.productIds) : null,
        body.productTypes ? JSON.stringify(body.productTypes) : null,
        body.threshold ?? null,
        body.couponCode ?? null,
        body.audience,
        body.exclusive ? 1 : 0,
        body.callout ?? null,
        new Date(body.startsAt).toISOString(),
        body.endsAt ? new Date(body.endsAt).toISOString() : null,
        body.redemptionLimit ?? null,
        body.campaignId ?? null,
      ),
    auditStatement(db, { actor: actor.name, action: 'promotion.create', subject: id, details: { ...body }, correlationId: actor.correlationId }),
  ]);
  return (await db.prepare('SELECT * FROM promotions WHERE id = ?1').bind(id).first()) as Record<string, unknown>;
}

/** Ends a promotion now (one already over stays as it was). */
export async function retirePromotion(db: D1Database, id: string, actor: { name: string; correlationId: string }) {
  const now = new Date().toISOString();
  const [updated] = await db.batch([
    db.prepare('UPDATE promotions SET ends_at = ?2 WHERE id = ?1 AND (ends_at IS NULL OR ends_at > ?2) RETURNING *').bind(id, now),
    auditStatement(db, { actor: actor.name, action: 'promotion.retire', subject: id, details: {}, correlationId: actor.correlationId }),
  ]);
  const row = updated?.results[0];
  if (row) return row;
  const existing = await db.prepare('SELECT * FROM promotions WHERE id = ?1').bind(id).first();
  if (!existing) throw new HttpError('API404', 'No promotion has this id.');
  return existing;
}
