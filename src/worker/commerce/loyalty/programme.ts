// The Cairn Club for a member (the account issue, Loyalty; account-content §7 loyalty token, promo/welcome,
// vouchers): the points history, the welcome promotion, the loyalty token with the member's referral code,
// and referrals. Every call is for a member: anyone else is 4044.

import { SignJWT } from 'jose';
import { HttpError } from '../../lib/http-error.ts';
import { randomToken } from '../../lib/secret-tokens.ts';
import { sessionKeys } from '../identity/keys.ts';

/** Points the member who referred a new member earns when they join. */
export const REFERRAL_POINTS = 250;
/** A referral counts when the new member joined this recently. */
export const REFERRAL_WINDOW_DAYS = 30;
/** The coupon the welcome promotion gives a new member for their first order. */
export const WELCOME_COUPON = 'WELCOME10';
export const LOYALTY_TOKEN_SECONDS = 15 * 60;

export interface Member {
  consumerNo: string;
  memberId: string;
  joinedAt: string | null;
  points: number;
}

export async function memberOf(db: D1Database, consumerNo: string): Promise<Member> {
  const row = await db
    .prepare('SELECT member_id, loyalty_opt_in_date, loyalty_points FROM consumers WHERE consumer_no = ?1')
    .bind(consumerNo)
    .first<{ member_id: string | null; loyalty_opt_in_date: string | null; loyalty_points: number }>();
  if (!row?.member_id) throw new HttpError('4044');
  return { consumerNo, memberId: row.member_id, joinedAt: row.loyalty_opt_in_date, points: row.loyalty_points };
}

export interface PointsEntry {
  at: string;
  points: number;
  kind: 'earned' | 'redeemed' | 'restored' | 'reversed' | 'welcome' | 'referral';
  orderNumber: string | null;
}

/** The member's points over time, newest first: the ledger, and the points spent on placed orders. */
export async function pointsHistory(db: D1Database, consumerNo: string, limit = 50): Promise<PointsEntry[]> {
  const rows = await db
    .prepare(
      `SELECT at, points, kind, order_number FROM loyalty_transactions WHERE consumer_no = ?1
       UNION ALL
       SELECT o.created_at AS at, -p.points AS points, 'redeemed' AS kind, o.order_number FROM order_payments p JOIN orders o ON o.order_number = p.order_number
       WHERE o.consumer_no = ?1 AND p.method = 'LOYALTY_POINTS' AND p.points > 0 AND o.status NOT IN ('placing', 'failed', 'awaiting_authentication')
       ORDER BY at DESC LIMIT ?2`,
    )
    .bind(consumerNo, limit)
    .all<{ at: string; points: number; kind: PointsEntry['kind']; order_number: string | null }>();
  return rows.results.map((row) => ({ at: row.at, points: row.points, kind: row.kind, orderNumber: row.order_number }));
}

export interface WelcomePromotion {
  promotionId: string;
  couponCode: string;
  name: string;
  discountPercent: number;
  /** The member may still use it: it is for a first order, once. */
  available: boolean;
}

/** The welcome promotion of the member's site, and whether it is still theirs to use; null where the site has none. */
export async function welcomePromotion(db: D1Database, member: Member, siteId: string, now = new Date()): Promise<WelcomePromotion | null> {
  const promotion = await db
    .prepare(
      `SELECT id, name, discount_value FROM promotions WHERE site_id = ?1 AND coupon_code = ?2 AND starts_at <= ?3 AND (ends_at IS NULL OR ends_at > ?3)
       AND (redemption_limit IS NULL OR redemptions < redemption_limit)`,
    )
    .bind(siteId, WELCOME_COUPON, now.toISOString())
    .first<{ id: string; name: string; discount_value: number }>();
  if (!promotion) return null;
  const used = await db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM coupon_redemptions WHERE promotion_id = ?1 AND consumer_no = ?2)
            + (SELECT COUNT(*) FROM orders WHERE consumer_no = ?2 AND status NOT IN ('placing', 'failed', 'awaiting_authentication', 'cancelled')) AS n`,
    )
    .bind(promotion.id, member.consumerNo)
    .first<{ n: number }>();
  return {
    promotionId: promotion.id,
    couponCode: WELCOME_COUPON,
    name: promotion.name,
    discountPercent: promotion.discount_value,
    available: (used?.n ?? 0) === 0,
  };
}

/** The member's own referral code, made the first time it is asked for. */
export async function referralCodeOf(db: D1Database, consumerNo: string): Promise<string> {
  const existing = await db.prepare('SELECT referral_code FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ referral_code: string | null }>();
  if (existing?.referral_code) return existing.referral_code;
  const code = randomToken()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10)
    .toUpperCase();
  await db.prepare('UPDATE consumers SET referral_code = ?2 WHERE consumer_no = ?1 AND referral_code IS NULL').bind(consumerNo, code).run();
  const assigned = await db.prepare('SELECT referral_code FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ referral_code: string }>();
  return assigned?.referral_code ?? code;
}

/**
 * Records who referred a new member: a real member's code, not their own, for a member who joined within
 * the window and was not referred before. The referrer earns their bonus in the same batch, once.
 */
export async function applyReferral(db: D1Database, member: Member, referralCode: string, source: string | null, now = new Date()): Promise<boolean> {
  if (!/^[A-Z0-9]{6,16}$/.test(referralCode)) return false;
  if (!member.joinedAt || now.getTime() - Date.parse(member.joinedAt) > REFERRAL_WINDOW_DAYS * 86_400_000) return false;
  const referrer = await db
    .prepare('SELECT consumer_no FROM consumers WHERE referral_code = ?1 AND member_id IS NOT NULL AND consumer_no <> ?2')
    .bind(referralCode, member.consumerNo)
    .first<{ consumer_no: string }>();
  if (!referrer) return false;
  const at = now.toISOString();
  const [inserted] = await db.batch([
    db
      .prepare('INSERT INTO loyalty_referrals (referred_no, referrer_no, source, at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (referred_no) DO NOTHING')
      .bind(member.consumerNo, referrer.consumer_no, source, at),
    db
      .prepare(
        `INSERT INTO loyalty_transactions (consumer_no, at, points, kind, note) SELECT ?2, ?3, ?4, 'referral', 'A friend joined'
         WHERE changes() = 1`,
      )
      .bind(member.consumerNo, referrer.consumer_no, at, REFERRAL_POINTS),
    // Only after this batch's own ledger line: requests arriving in the same millisecond share a timestamp,
    // so a referral row with this one's time proves nothing (12 at once credited the friend 12 times).
    db
      .prepare('UPDATE consumers SET loyalty_points = loyalty_points + ?2 WHERE consumer_no = ?1 AND changes() = 1')
      .bind(referrer.consumer_no, REFERRAL_POINTS),
  ]);
  return (inserted?.meta.changes ?? 0) === 1;
}

export interface LoyaltyToken {
  token: string;
  expiresIn: number;
  memberId: string;
  referralCode: string;
  /** The page a friend joins from, crediting this member. */
  referralUrl: string;
  referred: boolean;
}

/**
 * The loyalty token (account-content §7, commerce-core §7): a short-lived signed statement of who the member
 * is in this session, for the programme's partner widgets, with the member's referral link. A referral code
 * the member arrived with is recorded on the way (its campaign from the source header).
 */
export async function loyaltyToken(
  env: { DB: D1Database; SESSION_SECRET?: string; SESSION_SECRET_PREVIOUS?: string },
  member: Member,
  input: { usid: string; referralCode?: string | undefined; source: string | null; origin: string; localeCode: string },
): Promise<LoyaltyToken> {
  const referred = input.referralCode ? await applyReferral(env.DB, member, input.referralCode.toUpperCase(), input.source) : false;
  const code = await referralCodeOf(env.DB, member.consumerNo);
  const keys = await sessionKeys(env);
  const issuedAt = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ usid: input.usid, ...(input.source ? { src: input.source } : {}) })
    .setProtectedHeader({ alg: 'HS256', kid: keys.current.id, typ: 'JWT' })
    .setIssuer('cairn-storefront')
    .setAudience('cairn-loyalty')
    .setSubject(member.memberId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LOYALTY_TOKEN_SECONDS)
    .sign(keys.current.secret);
  return {
    token,
    expiresIn: LOYALTY_TOKEN_SECONDS,
    memberId: member.memberId,
    referralCode: code,
    referralUrl: new URL(`/${input.localeCode}/loyalty?referral_code=${code}`, input.origin).toString(),
    referred,
  };
}
