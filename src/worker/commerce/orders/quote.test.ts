// Which refusal says what moved between the review step and the order (the money-and-trust issue, §1).

import { describe, expect, it } from 'vitest';
import type { ReviewQuote } from '../cart/cart-state.ts';
import { quoteRefusal, totalsFault } from './quote.ts';

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

describe('totalsFault', () => {
  const cart = (totals: Record<string, unknown>, rows: number[] = [10_000]) =>
    ({
      basketId: 'b',
      totals: { total: 10_800, remainingToPay: 10_800, itemTotal: 10_000, shipping: 0, tax: 800, taxIncluded: false, ...totals },
      items: rows.map((rowTotal, i) => ({ id: `l${i}`, price: { rowTotal } })),
    }) as unknown as Parameters<typeof totalsFault>[0];

  it('passes figures that add up, tax added or included', () => {
    expect(totalsFault(cart({}), [])).toBeNull();
    expect(totalsFault(cart({ total: 10_000, remainingToPay: 4_000, tax: 1_667, taxIncluded: true }), [{ method: 'GIFT_CARD', amount: 6_000 }])).toBeNull();
  });

  it('names a fraction of a cent, a negative amount, and sums that do not make the total', () => {
    expect(totalsFault(cart({ itemTotal: 9_999.5, total: 10_799.5, remainingToPay: 10_799.5 }), [])).toBe('total is 10799.5');
    expect(totalsFault(cart({}, [-5]), [])).toBe('item l0 is -5');
    expect(totalsFault(cart({ total: 10_900, remainingToPay: 10_900 }), [])).toBe('lines, shipping and tax make 10800, the total is 10900');
    expect(totalsFault(cart({ remainingToPay: 800 }), [{ method: 'GIFT_CARD', amount: 9_000 }])).toBe('tenders and the rest make 9800, the total is 10800');
  });
});
