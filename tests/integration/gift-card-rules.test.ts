// The gift card's rules as the domain service keeps them (commerce-core §3, §7 giftcard/balance), called
// without HTTP against the real D1 and Counters objects: guesses limited per session and per address, wrong
// PINs counted per card number whoever guesses, a burst held to the limit, the owner's typos forgiven, an
// unknown number locked like a real one, and only a keyed hash stored. What the API answers for each
// (statuses, fields, Retry-After, the envelope) is gift-cards.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_GIFT_CARDS } from '../../scripts/seed/gift-cards.ts';
import { GIFT_CARD_GUESSES, GIFT_CARD_PIN_LOCK } from '../../src/shared/commerce/commerce-config.ts';
import { applyGiftCard } from '../../src/worker/commerce/cart/instruments.ts';
import { type GiftCardDeps, openGiftCard } from '../../src/worker/commerce/gift-cards/cards.ts';
import { giftCardDigest } from '../../src/worker/commerce/gift-cards/digest.ts';
import { spendStatement } from '../../src/worker/commerce/gift-cards/spending.ts';
import { createLogger } from '../../src/worker/lib/logger.ts';
import { stockedVariant } from './checkout-helpers.ts';
import { deps as orderDeps, orderOutcome, readyBasket, review, shopper } from './checkout-services.ts';
import { demoCard, ownGiftCard } from './gift-card-helpers.ts';
import { one } from './helpers.ts';

const USE = { currency: 'USD', today: '2026-11-27', forPayment: false };

let guesser = 0;
/** A session at an address of its own, unless one is given. */
function asker(address = `198.18.7.${++guesser}`): GiftCardDeps {
  return {
    db: env.DB,
    counters: env.COUNTERS,
    key: env.GIFT_CARD_KEY,
    logger: createLogger({ test: 'gift-card-rules' }),
    usid: `usid-${++guesser}`,
    address,
  };
}

/** The error code a call is refused with, or 'opened'. */
async function outcome(deps: GiftCardDeps, input: { cardNumber: string; pin: string }, use = USE): Promise<string> {
  try {
    await openGiftCard(deps, input, use);
    return 'opened';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('a gift card opened by its number and PIN', () => {
  it('opens with spaces and dashes in the number, and refuses each wrong input with its code', async () => {
    const card = await openGiftCard(asker(), { ...demoCard('0001'), cardNumber: demoCard('0001').cardNumber.replace(/(\d{4})(?=\d)/g, '$1-') }, USE);
    expect(card).toMatchObject({ last4: '0001', balance: 10_000, currency: 'USD', expiresOn: null });
    const deps = asker();
    expect(await outcome(deps, { cardNumber: '', pin: '1234' })).toBe('GFC400');
    expect(await outcome(deps, { cardNumber: demoCard('0001').cardNumber, pin: '' })).toBe('GFC400');
    expect(await outcome(deps, { cardNumber: '1234-abcd', pin: '1234' })).toBe('GFC700');
    expect(await outcome(deps, { ...demoCard('0001'), pin: '0000' })).toBe('GFC800');
    expect(await outcome(deps, demoCard('0005'))).toBe('GFC725');
    expect(await outcome(deps, demoCard('0001'), { ...USE, currency: 'EUR' })).toBe('GFC725');
    expect(await outcome(deps, demoCard('0004'))).toBe('GFC812');
    // Empty is a balance to show, but nothing to pay with.
    expect(await outcome(deps, demoCard('0003'))).toBe('opened');
    expect(await outcome(deps, demoCard('0003'), { ...USE, forPayment: true })).toBe('GFC740');
  });

  it('stops a session after its guesses, and every session at the same address', async () => {
    const deps = asker();
    for (let i = 0; i < GIFT_CARD_GUESSES.refuseAfter; i += 1) {
      expect(await outcome(deps, { cardNumber: `60064912999${String(i).padStart(5, '0')}`, pin: '1111' })).toBe('GFC800');
    }
    expect(await outcome(deps, demoCard('0001'))).toBe('API429');
    expect(await outcome(asker(deps.address), demoCard('0001'))).toBe('API429');
    // Another address and session are not held back.
    expect(await outcome(asker(), demoCard('0001'))).toBe('opened');
  });

  it('does not count a good card against the session that opens it', async () => {
    const deps = asker();
    for (let i = 0; i < GIFT_CARD_GUESSES.refuseAfter + 2; i += 1) expect(await outcome(deps, demoCard('0002'))).toBe('opened');
  });

  it('counts wrong PINs per card across sessions and addresses, then refuses even its right PIN', async () => {
    const card = await ownGiftCard();
    for (let i = 0; i < GIFT_CARD_PIN_LOCK.wrongPins; i += 1) expect(await outcome(asker(), { ...card, pin: String(1000 + i) })).toBe('GFC800');
    expect(await outcome(asker(), card)).toBe('GFC429');
    // Another card is not held back by this one's guesses.
    expect(await outcome(asker(), demoCard('0002'))).toBe('opened');
  });

  it('lets no more than the limit of wrong PINs through when 12 arrive at once', async () => {
    const card = await ownGiftCard();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => outcome(asker(), { ...card, pin: String(2000 + i) })));
    expect(outcomes.filter((code) => code === 'GFC800')).toHaveLength(GIFT_CARD_PIN_LOCK.wrongPins);
    expect(outcomes.filter((code) => code === 'GFC429')).toHaveLength(12 - GIFT_CARD_PIN_LOCK.wrongPins);
    expect(await outcome(asker(), card)).toBe('GFC429');
  });

  it('forgives a card its wrong PINs once the right one is given, and locks an unknown number alike', async () => {
    const card = await ownGiftCard();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < GIFT_CARD_PIN_LOCK.wrongPins - 1; i += 1) expect(await outcome(asker(), { ...card, pin: '0000' })).toBe('GFC800');
      expect(await outcome(asker(), card)).toBe('opened');
    }
    const unknown = { cardNumber: '6006491288888887', pin: '0000' };
    for (let i = 0; i < GIFT_CARD_PIN_LOCK.wrongPins; i += 1) expect(await outcome(asker(), unknown)).toBe('GFC800');
    expect(await outcome(asker(), unknown)).toBe('GFC429');
  });

  it('is stored as a keyed hash and the last four digits only', async () => {
    const stored = JSON.stringify((await env.DB.prepare('SELECT * FROM gift_cards').all()).results);
    for (const card of DEMO_GIFT_CARDS) expect(stored).not.toContain(card.number.slice(0, 12));
    expect(stored).toContain(await giftCardDigest(env.GIFT_CARD_KEY as string, demoCard('0001').cardNumber));
  });
});

describe('a gift card on an order', () => {
  it('pays nothing once it is blocked after it was applied (its own order cancelled), and keeps its balance', async () => {
    const buyer = shopper('198.18.9.1');
    const card = await ownGiftCard();
    const variant = await stockedVariant(5, 76);
    const basketId = await readyBasket(buyer, variant.id, 'blocked-card@example.com');
    await applyGiftCard(orderDeps, buyer, basketId, card);
    expect((await review(buyer, basketId)).cart.totals.remainingToPay).toBeLessThan(variant.price);
    // As cancelling the order that bought the card does.
    await env.DB.prepare("UPDATE gift_cards SET status = 'blocked' WHERE last4 = ?1 AND id LIKE 'gc-own-%'").bind(card.cardNumber.slice(-4)).run();

    const shown = (await review(buyer, basketId)).cart;
    const placed = await orderOutcome(buyer, basketId);

    expect(shown.totals.remainingToPay).toBe(shown.totals.total);
    expect(placed.orderNumber).toBeDefined();
    expect(await one("SELECT COUNT(*) AS n FROM order_payments WHERE order_number = ?1 AND method = 'GIFT_CARD'", placed.orderNumber)).toEqual({ n: 0 });
    expect(await one('SELECT balance FROM gift_cards WHERE id = ?1', `gc-own-${card.cardNumber}`)).toEqual({ balance: 1000 });
    // Blocked between an order's pricing and its batch: the batch itself refuses to spend from it.
    await expect(env.DB.batch([spendStatement(env.DB, `gc-own-${card.cardNumber}`, 100)])).rejects.toThrow(/not active/);
    // Blocked between an order's pricing and its batch: the batch itself refuses to spend from it.
    await expect(env.DB.batch([spendStatement(env.DB, `gc-own-${card.cardNumber}`, 100)])).rejects.toThrow(/not active/);
  });
});
