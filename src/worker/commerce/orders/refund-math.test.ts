import { describe, expect, it } from 'vitest';
import { allocateRefund, unitsRefund } from './refund-math.ts';

const vat = { tax: 1500, taxIncluded: true, itemTotal: 9000, shipping: 0 };
const salesTax = { tax: 580, taxIncluded: false, itemTotal: 9000, shipping: 1000 };

describe('unitsRefund', () => {
  it('shares a line across its units so that they add up to the row exactly', () => {
    const line = { rowTotal: 10_000, qty: 3 };
    const parts = [unitsRefund(line, 0, 1, vat), unitsRefund(line, 1, 1, vat), unitsRefund(line, 2, 1, vat)];
    expect(parts).toEqual([3333, 3333, 3334]);
    expect(parts.reduce((a, b) => a + b)).toBe(10_000);
    expect(unitsRefund(line, 0, 3, vat)).toBe(10_000);
  });

  it('gives back VAT inside the price, and added sales tax on top of it', () => {
    expect(unitsRefund({ rowTotal: 4500, qty: 1 }, 0, 1, vat)).toBe(4500);
    // 4500 of the 10000 taxed (goods and shipping) carries 4500/10000 of the 580 tax.
    expect(unitsRefund({ rowTotal: 4500, qty: 1 }, 0, 1, salesTax)).toBe(4500 + 261);
  });
});

describe('allocateRefund', () => {
  const tenders = [
    { paymentNo: 1, method: 'LOYALTY_POINTS', amount: 1000, released: 0, status: 'debited' },
    { paymentNo: 2, method: 'GIFT_CARD', amount: 2000, released: 0, status: 'debited' },
    { paymentNo: 100, method: 'CREDIT_CARD', amount: 3000, released: 500, status: 'captured' },
  ];

  it('pays back the card first, then gift cards, then points', () => {
    expect(allocateRefund(2000, tenders)).toEqual([{ paymentNo: 100, amount: 2000 }]);
    expect(allocateRefund(4000, tenders)).toEqual([
      { paymentNo: 100, amount: 2500 },
      { paymentNo: 2, amount: 1500 },
    ]);
    expect(allocateRefund(6000, tenders)).toEqual([
      { paymentNo: 100, amount: 2500 },
      { paymentNo: 2, amount: 2000 },
      { paymentNo: 1, amount: 1000 },
    ]);
  });

  it('never takes from a tender that no longer holds money', () => {
    const spent = [{ paymentNo: 100, method: 'CREDIT_CARD', amount: 3000, released: 0, status: 'voided' }];
    expect(allocateRefund(1000, spent)).toEqual([]);
  });
});
