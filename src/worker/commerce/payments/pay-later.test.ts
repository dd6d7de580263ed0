import { describe, expect, it } from 'vitest';
import { payLaterPlan } from './pay-later.ts';

const TODAY = new Date('2026-11-24T18:00:00Z');

describe('Klarna Pay in 3', () => {
  it('splits the amount in three equal payments 30 days apart, the odd pence on the first', () => {
    expect(payLaterPlan(10_000, 'GBP', TODAY)).toEqual({
      eligible: true,
      instalments: [
        { due: '2026-11-24', amount: 3_334 },
        { due: '2026-12-24', amount: 3_333 },
        { due: '2027-01-23', amount: 3_333 },
      ],
    });
  });

  it('adds up to the amount, whatever it is', () => {
    for (const amount of [3_000, 3_001, 3_002, 12_345, 99_999, 100_000]) {
      const plan = payLaterPlan(amount, 'GBP', TODAY);
      expect(plan.eligible && plan.instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(amount);
    }
  });

  it.each([
    [2_999, 'GBP', 'below'],
    [100_001, 'GBP', 'above'],
    [3_400, 'EUR', 'below'],
    [10_000, 'USD', 'currency'],
  ])('refuses %i %s (%s its range)', (amount, currency, reason) => {
    expect(payLaterPlan(amount, currency, TODAY)).toMatchObject({ eligible: false, reason });
  });
});
