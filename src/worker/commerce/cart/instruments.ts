// What pays for a basket besides the card or wallet at checkout: gift cards (checked, at most
// GIFT_CARD_MAX_PER_CART), a member's loyalty voucher, and an athlete's allowance paying first.

import { GIFT_CARD_MAX_PER_CART } from '../../../shared/commerce/commerce-config.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { today } from '../catalog/service.ts';
import { openGiftCard } from '../gift-cards/cards.ts';
import { giftCardDeps } from '../gift-cards/service.ts';
import { type BasketChange, callerOf } from './caller.ts';
import { chooseVoucher, loyaltyStanding } from './loyalty.ts';
import { allowanceUsedFirst, athleteAllowance } from './priced-cart.ts';
import { cartStub, throwRefusal } from './service.ts';

/** A gift card onto the basket as a payment instrument: checked, then at most GIFT_CARD_MAX_PER_CART, once each. */
export async function applyGiftCard(deps: ServiceDeps, shopper: Shopper, basketId: string, input: { cardNumber: string; pin: string }): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const card = await openGiftCard(giftCardDeps(deps, shopper, caller.usid), input, {
    currency: current.state.owner.currency,
    today: today(),
    forPayment: true,
  });
  return { result: await stub.addInstrument(caller, { cardId: card.id, last4: card.last4 }, GIFT_CARD_MAX_PER_CART) };
}

export async function removeGiftCard(deps: ServiceDeps, shopper: Shopper, basketId: string, instrumentId: string): Promise<BasketChange> {
  return { result: await cartStub(deps.env, basketId).removeInstrument(callerOf(shopper), instrumentId) };
}

/**
 * A member's loyalty voucher on the basket (REW401/130/135/140 otherwise), or null to take it off. `locale`
 * prices the basket to see what an athlete's allowance still pays.
 */
export async function applyReward(deps: ServiceDeps, shopper: Shopper, locale: Locale, basketId: string, points: number | null): Promise<BasketChange> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  if (points === null) return { result: await stub.setReward(caller, null) };
  const cookies = await allowanceUsedFirst(deps, shopper, locale, { result: current }, 'appliedLoyaltyVoucher');
  const voucher = chooseVoucher(await loyaltyStanding(deps.env.DB, shopper.claims), points);
  return { result: await stub.setReward(caller, voucher), cookies };
}

/** An athlete's allowance paying first (ATHLETES_PAYMENT), or not: only for an athlete with some left this year. */
export async function setAthletePayment(deps: ServiceDeps, shopper: Shopper, basketId: string, on: boolean): Promise<BasketChange> {
  if (on) {
    const allowance = await athleteAllowance(deps.env.DB, shopper.claims);
    if (allowance === null) throw new HttpError('API403', 'The athlete allowance is for athletes signed in to their account.');
    if (allowance === 0)
      throw new HttpError('API409', 'Your athlete allowance for this year is used up.', [{ field: 'payment_method_id', message: 'Used up.' }]);
  }
  return { result: await cartStub(deps.env, basketId).setAthletePayment(callerOf(shopper), on) };
}
