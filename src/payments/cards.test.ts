// The sandbox's card checks and test cards: what a tester types decides what happens.

import { describe, expect, it } from 'vitest';
import { behaviourOf, brandOf, checkCard, luhnValid, parseExpiry, TEST_CARDS } from './cards.ts';

describe('sandbox cards', () => {
  it('checks numbers with Luhn and names the brand', () => {
    for (const card of TEST_CARDS) {
      expect(luhnValid(card.number), card.number).toBe(true);
      expect(brandOf(card.number), card.number).toBe(card.brand);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
  });

  it('reads expiry dates and refuses past ones at their field', () => {
    expect(parseExpiry('7/29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('12 / 2031')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    const now = new Date('2026-11-24T00:00:00Z');
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, now).ok).toBe(true);
    const past = checkCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now);
    expect(past.ok ? [] : past.problems.map((p) => [p.field, p.code])).toEqual([['expiry', 'expired']]);
  });

  it('asks four digits of security code for Amex, three for the others, and says each problem at its field', () => {
    expect(checkCard({ number: '378282246310005', expiry: '12/34', cvc: '123' }).ok).toBe(false);
    expect(checkCard({ number: '378282246310005', expiry: '12/34', cvc: '1234' }).ok).toBe(true);
    const wrong = checkCard({ number: '4242', expiry: 'soon', cvc: '' });
    expect(wrong.ok ? [] : wrong.problems.map((p) => p.field)).toEqual(['number', 'expiry', 'cvc']);
  });

  it('approves any other valid number, and the documented ones do what they say', () => {
    expect(behaviourOf('4012888888881881', 'sandbox')).toEqual({ kind: 'approve' });
    expect(behaviourOf('4000000000009995', 'sandbox')).toEqual({ kind: 'decline', declineCode: 'insufficient_funds' });
    expect(behaviourOf('4000000000003220', 'sandbox')).toEqual({ kind: 'challenge' });
    expect(behaviourOf('4000000000009235', 'sandbox')).toEqual({ kind: 'fraud' });
  });

  it('declines every documented test card in the production lane, and approves a card that is none of them', () => {
    for (const card of TEST_CARDS) expect(behaviourOf(card.number, 'production'), card.number).toEqual({ kind: 'decline', declineCode: 'live_mode_test_card' });
    expect(luhnValid('4508712345678907')).toBe(true);
    expect(behaviourOf('4508712345678907', 'production')).toEqual({ kind: 'approve' });
  });
});
