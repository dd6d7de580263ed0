// What an order pays and what the review step showed (the money-and-trust issue, §1): the tenders that pay
// before the card or wallet, the quote the review step records, and which refusal says what moved between
// the two. An order that would authorize or debit anything else than the shopper was shown is refused.

import type { ErrorCode } from '../../../shared/errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { CartState, ReviewQuote } from '../cart/cart-state.ts';
import type { CartEntity } from '../cart/service.ts';
import type { TenderInput } from './order-rows.ts';

/** What pays before the card or wallet: the athlete's allowance, loyalty points, then gift cards and rewards. */
export function tendersOf(cart: CartEntity, state: CartState): TenderInput[] {
  const tenders: TenderInput[] = [];
  if (cart.athletePayment && cart.athletePayment.applied > 0) tenders.push({ method: 'ATHLETES_PAYMENT', amount: cart.athletePayment.applied });
  for (const reward of cart.totals.appliedRewards) {
    if (reward.amount > 0) tenders.push({ method: 'LOYALTY_POINTS', amount: reward.amount, points: reward.points });
  }
  for (const instrument of cart.payment_instruments) {
    const stored = state.instruments.find((i) => i.id === instrument.payment_instrument_id);
    if (stored && instrument.amount > 0) {
      tenders.push({ method: stored.method === 'GIFT_CERTIFICATE' ? 'GIFT_CARD' : stored.method, amount: instrument.amount, giftCardId: stored.cardId });
    }
  }
  return tenders;
}

/**
 * Why a priced cart's figures cannot be an order's (commerce-core §8 ORD415), or null: every amount a whole,
 * non-negative number of minor units, the lines, shipping and added tax making the total, and the tenders
 * with what is left to pay making it too. A bad price in the catalogue (say 49.5 cents) stops here, before
 * anything is charged or written.
 */
export function totalsFault(cart: CartEntity, tenders: readonly TenderInput[]): string | null {
  const { totals } = cart;
  const amounts: [string, number][] = [
    ['total', totals.total],
    ['remainingToPay', totals.remainingToPay],
    ['itemTotal', totals.itemTotal],
    ['shipping', totals.shipping],
    ['tax', totals.tax],
    ...cart.items.map((item) => [`item ${item.id}`, item.price.rowTotal] as [string, number]),
    ...tenders.map((tender) => [`tender ${tender.method}`, tender.amount] as [string, number]),
  ];
  const bad = amounts.find(([, amount]) => !Number.isSafeInteger(amount) || amount < 0);
  if (bad) return `${bad[0]} is ${bad[1]}`;
  const made = totals.itemTotal + totals.shipping + (totals.taxIncluded ? 0 : totals.tax);
  if (made !== totals.total) return `lines, shipping and tax make ${made}, the total is ${totals.total}`;
  const paid = tenders.reduce((sum, tender) => sum + tender.amount, 0) + totals.remainingToPay;
  if (paid !== totals.total) return `tenders and the rest make ${paid}, the total is ${totals.total}`;
  return null;
}

/** The quote the review records and the order pays; ORD415 when the cart's figures do not add up. */
export function quoteOf(cart: CartEntity, tenders: readonly TenderInput[]): ReviewQuote {
  const fault = totalsFault(cart, tenders);
  if (fault) throw new HttpError('ORD415', undefined, undefined, { cause: new Error(`basket ${cart.basketId}: ${fault}`) });
  return {
    currency: cart.currency,
    total: cart.totals.total,
    remainingToPay: cart.totals.remainingToPay,
    tenders: tenders.map((tender) => ({ method: tender.method, ref: tender.giftCardId ?? tender.method, amount: tender.amount })),
    coupons: cart.couponItems.filter((coupon) => coupon.applied).map((coupon) => coupon.code),
  };
}

const paidBy = (quote: ReviewQuote, ref: string) => quote.tenders.filter((tender) => tender.ref === ref).reduce((sum, tender) => sum + tender.amount, 0);

/**
 * Why an order priced `now` may not be placed after the review showed `shown`, or null when it pays the same.
 * A moved total is the order changing (CHK409); with the total the same, a gift card or reward paying less is
 * its balance gone (GFC740) and points paying less are points gone (REW140). No review at all is CHK409.
 */
export function quoteRefusal(shown: ReviewQuote | null, now: ReviewQuote): ErrorCode | null {
  if (!shown || shown.currency !== now.currency || shown.total !== now.total) return 'CHK409';
  const refs = new Set([...shown.tenders, ...now.tenders].map((tender) => tender.ref));
  for (const ref of refs) {
    const before = paidBy(shown, ref);
    const after = paidBy(now, ref);
    if (after === before) continue;
    const method = [...now.tenders, ...shown.tenders].find((tender) => tender.ref === ref)?.method;
    if (after < before && method === 'LOYALTY_POINTS') return 'REW140';
    if (after < before && (method === 'GIFT_CARD' || method === 'REWARD_CODE' || method === 'REWARD_CARD')) return 'GFC740';
    return 'CHK409';
  }
  return shown.remainingToPay === now.remainingToPay ? null : 'CHK409';
}
