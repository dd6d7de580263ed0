// The ways a cart may be paid on a site (commerce-core §3, Payment methods), for the shopper in session:
// cards and gift cards everywhere, PayPal, Klarna where it is offered, loyalty points for members and the
// athletes' allowance for athletes. Cards and wallets are taken at checkout; gift cards and rewards here.

import type { SessionClaims } from '../../../shared/api/session.ts';

export interface PaymentMethod {
  id: string;
  name: string;
}

/** Klarna's pay-later is offered in Europe and Great Britain. */
const KLARNA_SITES = new Set(['GB', 'FR', 'DE', 'IT']);

/**
 * `applePay` is whether the processor can take Apple Pay here; the browser shows it only on a device that
 * has it (ApplePaySession).
 */
export function paymentMethodsFor(siteId: string, claims: SessionClaims | undefined, applePay = false): PaymentMethod[] {
  const tags = new Set(claims?.type === 'registered' ? (claims.tags ?? []) : []);
  return [
    { id: 'CREDIT_CARD', name: 'Credit or debit card' },
    { id: 'GIFT_CARD', name: 'Gift card' },
    { id: 'PAYPAL', name: 'PayPal' },
    ...(applePay ? [{ id: 'DW_APPLE_PAY', name: 'Apple Pay' }] : []),
    ...(KLARNA_SITES.has(siteId) ? [{ id: 'KLARNA', name: 'Klarna' }] : []),
    ...(tags.has('LoyaltyMember')
      ? [
          { id: 'LOYALTY_POINTS', name: 'Loyalty points' },
          { id: 'REWARD_CODE', name: 'Reward code' },
          { id: 'REWARD_CARD', name: 'Reward card' },
        ]
      : []),
    ...(tags.has('Athlete') ? [{ id: 'ATHLETES_PAYMENT', name: 'Athlete allowance' }] : []),
  ];
}
