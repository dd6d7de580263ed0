// Reward codes and reward cards (commerce-core §3 payment methods REWARD_CODE and REWARD_CARD; §6 rewards
// require an authenticated loyalty member): a member's own stored value, applied to the basket by its code
// or number and spent like a gift card when the order is placed. One per order, beside loyalty points and
// gift cards; like every reward it waits until an athlete's allowance is used up (commerce-core §5).

import { GIFT_CARD_GUESSES } from '../../../shared/commerce/commerce-config.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { attemptCounter } from '../../counters/attempts.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { today } from '../catalog/service.ts';
import { maskedNumber } from '../gift-cards/cards.ts';
import { giftCardDigest } from '../gift-cards/digest.ts';
import { type BasketChange, callerOf } from './caller.ts';
import { loyaltyStanding } from './loyalty.ts';
import { allowanceUsedFirst } from './priced-cart.ts';
import { REWARD_CARD_PATTERN, REWARD_CODE_PATTERN, rewardKey } from './reward-key.ts';
import { cartStub, throwRefusal } from './service.ts';

export type RewardKind = 'REWARD_CODE' | 'REWARD_CARD';

export interface MemberReward {
  id: string;
  kind: RewardKind;
  /** "•••• BDAY": all a page shows of a code or number. */
  masked: string;
  balance: number;
  expiresOn: string | null;
  reason: string;
}

interface RewardRow {
  id: string;
  kind: string;
  last4: string;
  currency: string;
  balance: number;
  status: string;
  expires_on: string | null;
  reason: string | null;
  consumer_no: string | null;
}

const refusal = (code: 'REW404' | 'REW410' | 'REW140', field: string, message: string) => new HttpError(code, message, [{ field, message }]);

/** A member's rewards that can pay now, in the site's currency: what the cart offers to apply without typing. */
export async function memberRewards(db: D1Database, consumerNo: string, currency: string, on: string): Promise<MemberReward[]> {
  const { results } = await db
    .prepare(
      `SELECT id, kind, last4, balance, expires_on, reason FROM gift_cards
       WHERE consumer_no = ?1 AND kind IN ('REWARD_CODE', 'REWARD_CARD') AND status = 'active' AND currency = ?2
         AND balance > 0 AND (expires_on IS NULL OR expires_on >= ?3)
       ORDER BY expires_on IS NULL, expires_on, created_at`,
    )
    .bind(consumerNo, currency, on)
    .all<{ id: string; kind: RewardKind; last4: string; balance: number; expires_on: string | null; reason: string | null }>();
  return results.map((row) => ({
    id: row.id,
    kind: row.kind,
    masked: maskedNumber(row.last4),
    balance: row.balance,
    expiresOn: row.expires_on,
    reason: row.reason ?? '',
  }));
}

/**
 * A reward onto the basket by its code or card number, or by the id the cart listed it with. Refusals: REW401
 * (a guest), REW130 (not a member), REW135 (membership not confirmed), REW404 (no such reward of theirs),
 * REW410 (expired), REW140 (nothing left on it), API409 (athlete allowance first, or a reward already applied).
 */
export async function applyRewardInstrument(
  deps: ServiceDeps,
  shopper: Shopper,
  /** Prices the basket to see what an athlete's allowance still pays. */
  locale: Locale,
  basketId: string,
  input: { kind: RewardKind; code?: string | undefined; rewardId?: string | undefined },
): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const claims = shopper.claims;
  const standing = await loyaltyStanding(deps.env.DB, claims);
  if (!standing.confirmed) throw new HttpError('REW135', 'Confirm your loyalty membership to use your rewards.');
  const consumerNo = claims?.type === 'registered' ? claims.consumerNo : undefined;
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const field = input.kind === 'REWARD_CODE' ? 'code' : 'cardNumber';
  const cookies = await allowanceUsedFirst(deps, shopper, locale, { result: current }, field);
  const row = input.rewardId ? await byId(deps.env.DB, input.rewardId) : await byCode(deps, caller.usid, input.kind, input.code ?? '', field);
  const unknown = refusal('REW404', field, 'This reward code or reward card is not on your account.');
  // Another member's reward is as unknown as a wrong code: nothing says it exists.
  if (!row || row.consumer_no !== consumerNo || row.kind !== input.kind || row.status !== 'active') throw unknown;
  if (row.currency !== current.state.owner.currency) throw unknown;
  if (row.expires_on && row.expires_on < today()) throw refusal('REW410', field, 'This reward has expired.');
  if (row.balance <= 0) throw refusal('REW140', field, 'This reward has no value left.');
  return { result: await stub.addInstrument(caller, { cardId: row.id, last4: row.last4, method: input.kind }, 0), cookies };
}

const SELECT = 'SELECT id, kind, last4, currency, balance, status, expires_on, reason, consumer_no FROM gift_cards';

function byId(db: D1Database, id: string): Promise<RewardRow | null> {
  return db.prepare(`${SELECT} WHERE id = ?1`).bind(id).first<RewardRow>();
}

/** Found by the keyed hash of its code, wrong guesses counted per session as gift card guesses are. */
async function byCode(deps: ServiceDeps, usid: string, kind: RewardKind, code: string, field: string): Promise<RewardRow | null> {
  const normalized = rewardKey(code).slice('reward:'.length);
  if (!normalized) throw new HttpError('API400', 'This field is required', [{ field, message: 'This field is required' }]);
  if (!(kind === 'REWARD_CODE' ? REWARD_CODE_PATTERN : REWARD_CARD_PATTERN).test(normalized)) {
    const message = kind === 'REWARD_CODE' ? 'A reward code reads RWD-XXXX-XXXX.' : 'A reward card number has 16 digits and starts with 6033.';
    throw new HttpError('API400', message, [{ field, message }]);
  }
  const { env } = deps;
  if (!env.GIFT_CARD_KEY) {
    deps.logger.error('rewards.no_key', { hint: 'set the GIFT_CARD_KEY secret' });
    throw new HttpError('GEN500');
  }
  const counter = attemptCounter(env.COUNTERS, `reward-session:${usid}`);
  const tries = await counter.count(GIFT_CARD_GUESSES.windowSeconds);
  if (tries.count > GIFT_CARD_GUESSES.refuseAfter) throw new HttpError('API429', 'Too many reward code attempts. Please wait a moment and try again.');
  const row = await env.DB.prepare(`${SELECT} WHERE number_hash = ?1`)
    .bind(await giftCardDigest(env.GIFT_CARD_KEY, rewardKey(code)))
    .first<RewardRow>();
  if (row) await counter.forgive();
  return row;
}
