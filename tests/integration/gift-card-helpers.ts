// Gift cards for tests: the seeded demo cards by their last digits, and cards of a test's own.

import { env } from 'cloudflare:workers';
import { DEMO_GIFT_CARDS } from '../../scripts/seed/gift-cards.ts';
import { giftCardDigest } from '../../src/worker/commerce/gift-cards/digest.ts';

/** A seeded demo card's number and PIN, by its last digits. */
export function demoCard(last: string): { cardNumber: string; pin: string } {
  const found = DEMO_GIFT_CARDS.find((c) => c.number.endsWith(last));
  if (!found) throw new Error(`no demo card ${last}`);
  return { cardNumber: found.number, pin: found.pin };
}

let cardSeq = 0;
/** A new card (USD 10.00, PIN 4321) of the calling test's own, so locking it touches no other test. */
export async function ownGiftCard(): Promise<{ cardNumber: string; pin: string }> {
  const number = `6006491400${String(++cardSeq).padStart(6, '0')}`;
  const key = env.GIFT_CARD_KEY as string;
  await env.DB.prepare(
    "INSERT INTO gift_cards (id, number_hash, last4, pin_hash, currency, balance, status, created_at) VALUES (?1, ?2, ?3, ?4, 'USD', 1000, 'active', '2026-11-01')",
  )
    .bind(`gc-own-${number}`, await giftCardDigest(key, number), number.slice(-4), await giftCardDigest(key, `pin:${number}:4321`))
    .run();
  return { cardNumber: number, pin: '4321' };
}
