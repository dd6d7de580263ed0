// Loyalty vouchers (the cart issue, §3; commerce-core §3 Loyalty, §8 REW): a member spends points on a
// voucher that pays part of the cart. Which vouchers a member may take depends on their balance and the
// minimum from configuration; a voucher is applied through the reward call and only spent when an order
// is placed.

import type { SessionClaims } from '../../../shared/api/session.ts';
import { LOYALTY_MIN_POINTS, LOYALTY_NO_FREE_SHIPPING_SITES, LOYALTY_VOUCHERS } from '../../../shared/commerce/commerce-config.ts';
import { HttpError } from '../../lib/http-error.ts';

export interface LoyaltyStanding {
  memberId: string;
  /** A member who has not confirmed the programme's terms yet (no opt-in date) cannot spend points. */
  confirmed: boolean;
  points: number;
}

export interface LoyaltyVoucher {
  points: number;
  amount: number;
  /** "$5": vouchers are whole amounts, shown with no fraction digits. */
  amountInCurrency: string;
  /** The member has the points for it. */
  available: boolean;
  /** The member may spend points at all (confirmed, and past the minimum). */
  eligible: boolean;
}

/** The signed-in shopper's standing in the programme; REW401 for a guest, REW130 for a non-member. */
export async function loyaltyStanding(db: D1Database, claims: SessionClaims | undefined): Promise<LoyaltyStanding> {
  if (claims?.type !== 'registered' || !claims.consumerNo) throw new HttpError('REW401');
  const row = await db
    .prepare('SELECT member_id, loyalty_opt_in_date, loyalty_points FROM consumers WHERE consumer_no = ?1')
    .bind(claims.consumerNo)
    .first<{ member_id: string | null; loyalty_opt_in_date: string | null; loyalty_points: number }>();
  if (!row?.member_id) throw new HttpError('REW130');
  return { memberId: row.member_id, confirmed: row.loyalty_opt_in_date !== null, points: row.loyalty_points };
}

export function vouchersFor(standing: LoyaltyStanding, currency: string, localeTag: string): LoyaltyVoucher[] {
  const format = new Intl.NumberFormat(localeTag, { style: 'currency', currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
  const eligible = standing.confirmed && standing.points >= LOYALTY_MIN_POINTS;
  return LOYALTY_VOUCHERS.map((voucher) => ({
    points: voucher.points,
    amount: voucher.amount,
    amountInCurrency: format.format(voucher.amount / 100),
    available: eligible && voucher.points <= standing.points,
    eligible,
  }));
}

/** What membership brings on a site: free shipping is not among them in FR, IT, DE and GB. */
export function loyaltyBenefits(siteId: string): string[] {
  return ['points', 'vouchers', 'earlyAccess', ...(LOYALTY_NO_FREE_SHIPPING_SITES.includes(siteId) ? [] : ['freeShipping'])];
}

/** The voucher a member asks for, if they may have it: REW135 unconfirmed, REW140 not enough points. */
export function chooseVoucher(standing: LoyaltyStanding, points: number): { points: number; amount: number } {
  if (!standing.confirmed) throw new HttpError('REW135');
  const voucher = LOYALTY_VOUCHERS.find((v) => v.points === points);
  if (!voucher) {
    throw new HttpError('API400', 'This is not one of the loyalty vouchers.', [
      { field: 'appliedLoyaltyVoucher', message: 'This is not one of the loyalty vouchers.' },
    ]);
  }
  if (standing.points < LOYALTY_MIN_POINTS || standing.points < voucher.points) throw new HttpError('REW140');
  return voucher;
}
