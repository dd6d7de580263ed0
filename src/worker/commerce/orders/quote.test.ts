// Which refusal says what moved between the review step and the order (the money-and-trust issue, §1).

import { describe, expect, it } from 'vitest';
import type { ReviewQuote } from '../cart/cart-state.ts';
import { quoteRefusal } from './quote.ts';

const shown: ReviewQuote = {
  currency: 'USD',
  total: 24_000,
  remainingToPay: 14_000,
  tenders: [{ method: 'GIFT_CARD', ref: 'gc-1', amount: 10_000 }],
  coupons: [],
};

describe('quoteRefusal', () => {
  it('lets an order pay exactly what was shown', () => {
    expect(quoteRefusal(shown, { ...shown, tenders: [...shown.tenders] })).toBeNull();
  });

  it('refuses an order nobody reviewed', () => {
    expect(quoteRefusal(null, shown)).toBe('CHK409');
  });

  it('says the order changed when its total or currency did', () => {
    expect(quoteRefusal(shown, { ...shown, total: 30_000, remainingToPay: 20_000 })).toBe('CHK409');
    expect(quoteRefusal(shown, { ...shown, currency: 'CAD' })).toBe('CHK409');
  });

  it("says a gift card's balance went when it pays less and the card would pay more", () => {
    expect(quoteRefusal(shown, { ...shown, remainingToPay: 24_000, tenders: [] })).toBe('GFC740');
    expect(quoteRefusal(shown, { ...shown, remainingToPay: 20_000, tenders: [{ method: 'GIFT_CARD', ref: 'gc-1', amount: 4_000 }] })).toBe('GFC740');
  });

  it('says points went when the points pay less', () => {
    const points: ReviewQuote = { ...shown, tenders: [{ method: 'LOYALTY_POINTS', ref: 'LOYALTY_POINTS', amount: 500 }], remainingToPay: 23_500 };
    expect(quoteRefusal(points, { ...points, tenders: [], remainingToPay: 24_000 })).toBe('REW140');
  });

  it('refuses a tender paying more than shown, or another split of the same total', () => {
    expect(quoteRefusal(shown, { ...shown, remainingToPay: 13_000, tenders: [{ method: 'GIFT_CARD', ref: 'gc-1', amount: 11_000 }] })).toBe('CHK409');
    expect(quoteRefusal(shown, { ...shown, remainingToPay: 13_000 })).toBe('CHK409');
  });
});
