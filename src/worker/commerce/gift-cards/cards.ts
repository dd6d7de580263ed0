// Gift cards (the cart issue, §3; commerce-core §8, GFC): a card is found by the keyed hash of its number,
// its PIN compared in constant time, and every refusal has its code at its field. Wrong numbers and PINs
// are counted per session and per address (API429 past the limit) and per card number whoever asks: past
// GIFT_CARD_PIN_LOCK the number refuses every PIN check for a while (GFC429). An unknown number and a
// wrong PIN answer alike (GFC800), after the same hashing work, so no answer tells which numbers exist.

import { GIFT_CARD_GUESSES, GIFT_CARD_PIN_LOCK } from '../../../shared/commerce/commerce-config.ts';
import { ERROR_CATALOGUE } from '../../../shared/errors.ts';
import { attemptCounter } from '../../counters/attempts.ts';
import type { Counters } from '../../counters/counters-object.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { base64url, equalBytes } from '../../lib/secret-tokens.ts';
import { giftCardDigest } from './digest.ts';

export interface GiftCard {
  id: string;
  last4: string;
  currency: string;
  balance: number;
  expiresOn: string | null;
}

export interface GiftCardDeps {
  db: D1Database;
  counters: DurableObjectNamespace<Counters>;
  key: string | undefined;
  logger: Logger;
  /** Who is guessing: the session's anonymous id, and the address. */
  usid: string;
  address: string;
}

interface CardRow {
  id: string;
  last4: string;
  pin_hash: string;
  currency: string;
  balance: number;
  status: string;
  expires_on: string | null;
}

const field = (code: 'GFC400' | 'GFC700' | 'GFC800', name: 'cardNumber' | 'pin', message: string) => new HttpError(code, message, [{ field: name, message }]);

function locked(resetAt: number): HttpError {
  const error = new HttpError('GFC429', undefined, [{ field: 'pin', message: ERROR_CATALOGUE.GFC429.message }]);
  error.retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return error;
}

/** The digits of a card number as shoppers type it (spaces and dashes allowed). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** "•••• 0001": all a page or an answer ever shows of a number. */
export const maskedNumber = (last4: string) => `•••• ${last4}`;

/**
 * GFC799: the store could not check the card, which says nothing of the number or PIN typed. The tries this
 * check counted are given back, so an outage neither locks an owner's card nor brings a shopper nearer API429.
 */
async function storeFailed(deps: GiftCardDeps, event: string, error: unknown, counted: readonly ReturnType<typeof attemptCounter>[]): Promise<never> {
  deps.logger.error(event, { error: error instanceof Error ? error.message : String(error) });
  await Promise.all(counted.map((counter) => counter.forgive()));
  throw new HttpError('GFC799');
}

/**
 * The card a number and PIN open, checked for use in `currency` on `today`. Refusals: GFC400 (missing),
 * GFC700 (not a card number), GFC800 (no such card or a wrong PIN), GFC429 (too many wrong PINs for this
 * number), GFC725 (blocked or another currency), GFC812 (expired); GFC799 when the store cannot check a
 * balance at all.
 */
export async function openGiftCard(
  deps: GiftCardDeps,
  input: { cardNumber: string; pin: string },
  use: { currency: string; today: string; forPayment: boolean },
): Promise<GiftCard> {
  const number = cardDigits(input.cardNumber);
  if (!number) throw field('GFC400', 'cardNumber', 'Enter the gift card number.');
  if (!input.pin) throw field('GFC400', 'pin', 'Enter the gift card PIN.');
  if (!/^\d{16,19}$/.test(number)) throw field('GFC700', 'cardNumber', 'This is not a gift card number.');
  if (!deps.key) {
    deps.logger.error('giftcards.no_key', { hint: 'set the GIFT_CARD_KEY secret' });
    throw new HttpError('GFC799');
  }
  // Counted before the check, so a burst of guesses cannot all slip under the limit; a good card is forgiven.
  const counters = [attemptCounter(deps.counters, `giftcard-session:${deps.usid}`), attemptCounter(deps.counters, `giftcard-address:${deps.address}`)];
  const counts = await Promise.all(counters.map((counter) => counter.count(GIFT_CARD_GUESSES.windowSeconds)));
  const worst = counts.reduce((a, b) => (b.count > a.count ? b : a));
  if (worst.count > GIFT_CARD_GUESSES.refuseAfter) {
    const seconds = Math.max(1, Math.ceil((worst.resetAt - Date.now()) / 1000));
    throw new HttpError('API429', `Too many gift card attempts. Try again in ${seconds} seconds.`);
  }
  let numberDigest: string;
  let pinDigest: string;
  try {
    [numberDigest, pinDigest] = await Promise.all([giftCardDigest(deps.key, number), giftCardDigest(deps.key, `pin:${number}:${input.pin}`)]);
  } catch (error) {
    return storeFailed(deps, 'giftcards.digest_failed', error, counters);
  }
  // Keyed by the number's digest, not the card row: an unknown number locks like a real one, so the lock says
  // nothing of which numbers exist either.
  const perCard = attemptCounter(deps.counters, `giftcard-number:${numberDigest}`);
  const cardCount = await perCard.count(GIFT_CARD_PIN_LOCK.windowSeconds);
  if (cardCount.count > GIFT_CARD_PIN_LOCK.wrongPins) throw locked(cardCount.resetAt);
  let card: CardRow | null;
  try {
    card = await deps.db
      .prepare('SELECT id, last4, pin_hash, currency, balance, status, expires_on FROM gift_cards WHERE number_hash = ?1')
      .bind(numberDigest)
      .first<CardRow>();
  } catch (error) {
    return storeFailed(deps, 'giftcards.lookup_failed', error, [...counters, perCard]);
  }
  // Compared whether or not the card exists, so the time taken says nothing of which one failed.
  const pinOk = equalBytes(bytesOf(pinDigest), bytesOf(card?.pin_hash ?? base64url(new Uint8Array(32))));
  if (!card || !pinOk) {
    // The wrong PIN that reaches the limit starts the lock's full time, however much of the window was left.
    if (cardCount.count === GIFT_CARD_PIN_LOCK.wrongPins) await perCard.holdFor(GIFT_CARD_PIN_LOCK.lockSeconds);
    throw field('GFC800', 'cardNumber', ERROR_CATALOGUE.GFC800.message);
  }
  // The right PIN clears the card's wrong ones: its owner's typos do not add up towards a lock.
  await Promise.all([...counters.map((counter) => counter.forgive()), perCard.reset()]);
  if (card.status !== 'active')
    throw new HttpError('GFC725', 'This gift card cannot be used.', [{ field: 'cardNumber', message: 'This gift card cannot be used.' }]);
  if (card.currency !== use.currency) {
    throw new HttpError('GFC725', 'This gift card cannot be used on this site.', [
      { field: 'cardNumber', message: 'This gift card cannot be used on this site.' },
    ]);
  }
  if (card.expires_on && card.expires_on < use.today) {
    throw new HttpError('GFC812', 'This gift card has expired.', [{ field: 'cardNumber', message: 'This gift card has expired.' }]);
  }
  if (use.forPayment && card.balance === 0) {
    throw new HttpError('GFC740', 'This gift card has no balance left.', [{ field: 'cardNumber', message: 'This gift card has no balance left.' }]);
  }
  return { id: card.id, last4: card.last4, currency: card.currency, balance: card.balance, expiresOn: card.expires_on };
}

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text);

/** The balances of cards already applied to a cart, as D1 has them now: a card blocked since pays nothing. */
export async function giftCardBalances(db: D1Database, ids: readonly string[]): Promise<Map<string, GiftCard>> {
  if (ids.length === 0) return new Map();
  const marks = ids.map((_, i) => `?${i + 1}`).join(', ');
  const { results } = await db
    .prepare(`SELECT id, last4, currency, balance, expires_on FROM gift_cards WHERE id IN (${marks}) AND status = 'active'`)
    .bind(...ids)
    .all<{ id: string; last4: string; currency: string; balance: number; expires_on: string | null }>();
  return new Map(results.map((row) => [row.id, { id: row.id, last4: row.last4, currency: row.currency, balance: row.balance, expiresOn: row.expires_on }]));
}
