// Promotions as D1 holds them (migrations 0015, 0019, 0052), turned into the engine's shape; and what a coupon code
// answers when a shopper applies it (commerce-core §8, PRM codes).

import { HttpError } from '../../lib/http-error.ts';
import { isolateMap } from '../../lib/isolate-memory.ts';
import { digestOf } from '../../lib/secret-tokens.ts';
import type { Audience, Discount, Promotion, PromotionLevel } from './pricing/engine.ts';

interface PromotionRow {
  id: string;
  name: string;
  level: PromotionLevel;
  discount_type: 'percent' | 'amount' | 'free';
  discount_value: number;
  product_ids: string | null;
  product_types: string | null;
  threshold: number | null;
  coupon_code: string | null;
  audience: Audience;
  exclusive: number;
  callout: string | null;
  starts_at: string;
  ends_at: string | null;
  redemption_limit: number | null;
  redemptions: number;
  gift_variant_id: string | null;
  once_per_customer: number;
  campaign_id: string | null;
}

function list(json: string | null): string[] | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
  } catch {
    return undefined;
  }
}

function toPromotion(row: PromotionRow): Promotion {
  const discount: Discount =
    row.discount_type === 'free'
      ? { type: 'free' }
      : row.discount_type === 'amount'
        ? { type: 'amount', amount: row.discount_value }
        : { type: 'percent', percent: row.discount_value };
  const productIds = list(row.product_ids);
  const categoryIds = list(row.product_types);
  return {
    id: row.id,
    name: row.name,
    level: row.level,
    discount,
    ...(productIds ? { productIds } : {}),
    ...(categoryIds ? { categoryIds } : {}),
    ...(row.threshold !== null ? { threshold: row.threshold } : {}),
    ...(row.coupon_code ? { couponCode: row.coupon_code } : {}),
    audience: row.audience,
    exclusive: row.exclusive === 1,
    ...(row.callout ? { callout: row.callout } : {}),
    ...(row.gift_variant_id ? { giftVariantId: row.gift_variant_id } : {}),
    ...(row.campaign_id ? { campaignId: row.campaign_id } : {}),
  };
}

const ACTIVE = `site_id = ?1 AND starts_at <= ?2 AND (ends_at IS NULL OR ends_at > ?2) AND (redemption_limit IS NULL OR redemptions < redemption_limit)`;

/**
 * How long an isolate keeps a site's running promotions: every cart answer prices with them, and a
 * marketer's change (a new promotion, one retired or used up) reaches carts within this time.
 */
export const PROMOTIONS_TTL_MS = 30_000;

const running = isolateMap<string, { until: number; promotions: Promotion[] }>();

/** A promotion changed or ran out here: this isolate reads the site's again on the next pricing. */
export function forgetPromotions(siteId: string): void {
  running.delete(siteId);
}

/** The site's promotions running now, with redemptions left. */
export async function activePromotions(db: D1Database, siteId: string, now = new Date()): Promise<Promotion[]> {
  const cached = running.get(siteId);
  if (cached && cached.until > now.getTime()) return cached.promotions;
  const { results } = await db.prepare(`SELECT * FROM promotions WHERE ${ACTIVE}`).bind(siteId, now.toISOString()).all<PromotionRow>();
  const promotions = results.map(toPromotion);
  running.set(siteId, { until: now.getTime() + PROMOTIONS_TTL_MS, promotions });
  return promotions;
}

/** An email as one person has it: case, spaces and a "+tag" on its local part make no other customer. */
export function normalisedEmail(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.replace(/\+.*$/, '')}@${domain}`;
}

/**
 * Every key that names a customer for once-per-customer codes: their consumer number, and their email (as a
 * digest, so a deleted account leaves no address behind). A guest using a member's email is that member.
 */
export async function customerKeys(db: D1Database, customer: { consumerNo?: string | null; email?: string | null }): Promise<string[]> {
  const keys = new Set<string>();
  let consumerNo = customer.consumerNo ?? null;
  let email = customer.email ?? null;
  if (consumerNo && !email) {
    email = (await db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ email: string }>())?.email ?? null;
  } else if (!consumerNo && email) {
    consumerNo =
      (await db.prepare('SELECT consumer_no FROM consumers WHERE email = ?1').bind(email.trim()).first<{ consumer_no: string }>())?.consumer_no ?? null;
  }
  if (consumerNo) keys.add(`c:${consumerNo}`);
  if (email) keys.add(`e:${await digestOf(`coupon-customer:${normalisedEmail(email)}`)}`);
  return [...keys];
}

/**
 * A code a shopper applies: its upper-case form, or the PRM code that says why not. A once-per-customer
 * code already redeemed under one of the customer's keys is PRM150 (the order's batch decides it for good).
 */
export async function checkCoupon(
  db: D1Database,
  siteId: string,
  code: string,
  applied: readonly string[],
  customer: readonly string[] = [],
  now = new Date(),
): Promise<string> {
  const normalized = code.trim().toUpperCase();
  if (!/^[A-Z0-9-]{3,32}$/.test(normalized)) throw new HttpError('PRM160', undefined, [{ field: 'code', message: 'This code is not valid.' }]);
  if (applied.includes(normalized)) throw new HttpError('PRM416', undefined, [{ field: 'code', message: 'This code is already applied.' }]);
  const row = await db.prepare('SELECT * FROM promotions WHERE site_id = ?1 AND coupon_code = ?2').bind(siteId, normalized).first<PromotionRow>();
  const at = now.toISOString();
  if (!row) throw new HttpError('PRM130', undefined, [{ field: 'code', message: 'This code is not valid.' }]);
  if (row.starts_at > at) throw new HttpError('PRM135', undefined, [{ field: 'code', message: 'This code cannot be used yet.' }]);
  if (row.ends_at !== null && row.ends_at <= at) throw new HttpError('PRM155', undefined, [{ field: 'code', message: 'This code has expired.' }]);
  if (row.redemption_limit !== null && row.redemptions >= row.redemption_limit) {
    throw new HttpError('PRM140', undefined, [{ field: 'code', message: 'This code has been used as many times as it can be.' }]);
  }
  if (row.once_per_customer === 1 && customer.length > 0) {
    const redeemed = await db
      .prepare('SELECT 1 FROM coupon_redemptions WHERE promotion_id = ?1 AND customer_key IN (SELECT value FROM json_each(?2)) LIMIT 1')
      .bind(row.id, JSON.stringify(customer))
      .first();
    if (redeemed) throw new HttpError('PRM150', undefined, [{ field: 'code', message: 'You have already used this code.' }]);
  }
  return normalized;
}
