// The sandbox processor's test cards, like a card processor's test mode: a documented number decides
// what happens to a payment made with it. Any other number that passes the Luhn check is approved, so a
// tester's own test number behaves like a good card. In the production lane (lanes.ts) every documented
// test card is declined instead, as Stripe declines a test card in live mode: a test card never pays
// there. Pure code: the fields page and the ledger share it.

import type { LaneName } from './lanes.ts';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** What the processor does with an authorization on this card. */
export type CardBehaviour = { kind: 'approve' } | { kind: 'decline'; declineCode: DeclineCode } | { kind: 'challenge' } | { kind: 'fraud' };

/** `live_mode_test_card` is Stripe's own decline code for a test card used in live mode. */
export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'lost_card' | 'live_mode_test_card';

export interface TestCard {
  number: string;
  brand: CardBrand;
  behaviour: CardBehaviour;
  /** What the README and the fields page's help say it does. */
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: { kind: 'approve' }, description: 'Approved' },
  { number: '5555555555554444', brand: 'mastercard', behaviour: { kind: 'approve' }, description: 'Approved' },
  { number: '378282246310005', brand: 'amex', behaviour: { kind: 'approve' }, description: 'Approved' },
  { number: '4000000000000002', brand: 'visa', behaviour: { kind: 'decline', declineCode: 'card_declined' }, description: 'Declined (generic)' },
  { number: '4000000000009995', brand: 'visa', behaviour: { kind: 'decline', declineCode: 'insufficient_funds' }, description: 'Declined: insufficient funds' },
  { number: '4000000000000069', brand: 'visa', behaviour: { kind: 'decline', declineCode: 'expired_card' }, description: 'Declined: expired card' },
  { number: '4000000000000127', brand: 'visa', behaviour: { kind: 'decline', declineCode: 'incorrect_cvc' }, description: 'Declined: incorrect CVC' },
  { number: '4000000000009987', brand: 'visa', behaviour: { kind: 'decline', declineCode: 'lost_card' }, description: 'Declined: lost card' },
  { number: '4000000000003220', brand: 'visa', behaviour: { kind: 'challenge' }, description: '3-D Secure challenge (pass or fail it)' },
  { number: '5200000000001096', brand: 'mastercard', behaviour: { kind: 'challenge' }, description: '3-D Secure challenge (pass or fail it)' },
  { number: '4000000000009235', brand: 'visa', behaviour: { kind: 'fraud' }, description: 'Blocked by the fraud check' },
];

export function digitsOf(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'unknown';
}

export function behaviourOf(number: string, lane: LaneName): CardBehaviour {
  const testCard = TEST_CARDS.find((card) => card.number === number);
  if (testCard && lane === 'production') return { kind: 'decline', declineCode: 'live_mode_test_card' };
  return testCard?.behaviour ?? { kind: 'approve' };
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = 'number' | 'expiry' | 'cvc';

export interface CardProblem {
  field: CardField;
  code: 'incomplete_number' | 'invalid_number' | 'invalid_expiry' | 'expired' | 'invalid_cvc';
  message: string;
}

export interface CheckedCard {
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** "MM/YY" or "MM / YYYY" into a month and a four-digit year. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The checks the fields make before a token is asked for; the server repeats them. */
export function checkCard(input: CardInput, now = new Date()): { ok: true; card: CheckedCard } | { ok: false; problems: CardProblem[] } {
  const problems: CardProblem[] = [];
  const number = digitsOf(input.number);
  const brand = brandOf(number);
  if (number.length < 12) problems.push({ field: 'number', code: 'incomplete_number', message: 'Your card number is incomplete.' });
  else if (!luhnValid(number)) problems.push({ field: 'number', code: 'invalid_number', message: 'Your card number is not valid.' });
  const expiry = parseExpiry(input.expiry);
  if (!expiry) problems.push({ field: 'expiry', code: 'invalid_expiry', message: "Your card's expiry date is not valid (MM/YY)." });
  else if (expiry.year < now.getUTCFullYear() || (expiry.year === now.getUTCFullYear() && expiry.month < now.getUTCMonth() + 1)) {
    problems.push({ field: 'expiry', code: 'expired', message: "Your card's expiry date is in the past." });
  }
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) {
    problems.push({ field: 'cvc', code: 'invalid_cvc', message: `Your card's security code has ${cvcLength} digits.` });
  }
  if (problems.length > 0 || !expiry) return { ok: false, problems };
  return { ok: true, card: { number, brand, expMonth: expiry.month, expYear: expiry.year, cvc: input.cvc.trim() } };
}
