// The demo gift cards, one of each kind (listed in the README). Their numbers and PINs are hashed under the
// environment's GIFT_CARD_KEY when the database is seeded, so this runs with the key: in the set-up
// script, the test set-up and the end-to-end server alike. WebCrypto, so it runs in Node and in workerd.

import { rewardKey } from '../../src/worker/commerce/cart/reward-key.ts';
import { giftCardDigest } from '../../src/worker/commerce/gift-cards/digest.ts';
import { sqlLiteral } from './sql.ts';

export interface DemoGiftCard {
  number: string;
  pin: string;
  currency: string;
  balance: number;
  status: 'active' | 'blocked';
  expiresOn: string | null;
  note: string;
}

export const DEMO_GIFT_CARDS: readonly DemoGiftCard[] = [
  { number: '6006491200000001', pin: '1234', currency: 'USD', balance: 10_000, status: 'active', expiresOn: null, note: '$100, covers most of a cart' },
  { number: '6006491200000002', pin: '2345', currency: 'USD', balance: 2_500, status: 'active', expiresOn: null, note: '$25, pays part' },
  { number: '6006491200000003', pin: '3456', currency: 'USD', balance: 0, status: 'active', expiresOn: null, note: 'zero balance (GFC740)' },
  { number: '6006491200000004', pin: '4567', currency: 'USD', balance: 5_000, status: 'active', expiresOn: '2025-12-31', note: 'expired (GFC812)' },
  { number: '6006491200000005', pin: '5678', currency: 'USD', balance: 5_000, status: 'blocked', expiresOn: null, note: 'blocked (GFC725)' },
  {
    number: '6006491200000006',
    pin: '6789',
    currency: 'CAD',
    balance: 7_500,
    status: 'active',
    expiresOn: null,
    note: 'CA$75; not allowed on other sites (GFC725)',
  },
  { number: '6006491200000007', pin: '7890', currency: 'EUR', balance: 5_000, status: 'active', expiresOn: null, note: '€50 for FR, DE, IT' },
  { number: '6006491200000008', pin: '8901', currency: 'GBP', balance: 5_000, status: 'active', expiresOn: null, note: '£50 for GB' },
];

/**
 * Leo's loyalty rewards (README): reward codes and reward cards open with the code or number alone, only
 * for their owner. Ana's code is there to show that another member's reward is refused (REW404).
 */
export interface DemoReward {
  kind: 'REWARD_CODE' | 'REWARD_CARD';
  code: string;
  consumerNo: string;
  balance: number;
  expiresOn: string | null;
  reason: string;
  note: string;
}

export const DEMO_REWARDS: readonly DemoReward[] = [
  { kind: 'REWARD_CODE', code: 'RWD-LEO1-BDAY', consumerNo: 'C1000000002', balance: 1_000, expiresOn: '2027-03-31', reason: 'Birthday reward', note: '$10' },
  {
    kind: 'REWARD_CODE',
    code: 'RWD-LEO2-SPNG',
    consumerNo: 'C1000000002',
    balance: 500,
    expiresOn: '2026-06-30',
    reason: 'Spring reward',
    note: 'expired (REW410)',
  },
  { kind: 'REWARD_CODE', code: 'RWD-LEO3-USED', consumerNo: 'C1000000002', balance: 0, expiresOn: null, reason: 'Points reward', note: 'used up (REW140)' },
  { kind: 'REWARD_CARD', code: '6033000000000101', consumerNo: 'C1000000002', balance: 4_000, expiresOn: null, reason: 'Reward card', note: '$40' },
  {
    kind: 'REWARD_CODE',
    code: 'RWD-ANA1-GIFT',
    consumerNo: 'C1000000001',
    balance: 1_000,
    expiresOn: null,
    reason: 'Goodwill reward',
    note: "Ana's: not Leo's (REW404)",
  },
];

export const GIFT_CARD_TABLE = 'gift_cards';

/** INSERT statements for the demo cards, hashed under `key`. */
export async function giftCardStatements(key: string): Promise<string[]> {
  const now = '2026-11-01T00:00:00.000Z';
  return Promise.all(
    DEMO_GIFT_CARDS.map(async (card, index) => {
      const values = [
        `gc-demo-${index + 1}`,
        await giftCardDigest(key, card.number),
        card.number.slice(-4),
        await giftCardDigest(key, `pin:${card.number}:${card.pin}`),
        card.currency,
        card.balance,
        card.status,
        card.expiresOn,
        now,
      ];
      return `INSERT INTO gift_cards (id, number_hash, last4, pin_hash, currency, balance, status, expires_on, created_at) VALUES (${values.map(sqlLiteral).join(', ')})`;
    }),
  ).then(async (cards) => [...cards, ...(await rewardStatements(key, now))]);
}

async function rewardStatements(key: string, now: string): Promise<string[]> {
  return Promise.all(
    DEMO_REWARDS.map(async (reward, index) => {
      const normalized = rewardKey(reward.code);
      const values = [
        `rw-demo-${index + 1}`,
        await giftCardDigest(key, normalized),
        normalized.slice(-4),
        // No PIN opens a reward: an unguessable digest stands in the column.
        await giftCardDigest(key, `no-pin:${crypto.randomUUID()}`),
        'USD',
        reward.balance,
        'active',
        reward.expiresOn,
        now,
        reward.kind,
        reward.consumerNo,
        reward.reason,
      ];
      return `INSERT INTO gift_cards (id, number_hash, last4, pin_hash, currency, balance, status, expires_on, created_at, kind, consumer_no, reason) VALUES (${values.map(sqlLiteral).join(', ')})`;
    }),
  );
}
