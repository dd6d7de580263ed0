// The account's saved payment instruments (account-content §7 payment_instruments, read by method
// CREDIT_CARD, REWARD_CODE, REWARD_CARD): cards the processor tokenized (never a number, only the token and
// what the shopper recognises the card by), one of them main; and the member's rewards. Another shopper's
// card is unknown (PYT404); the same card twice is PYT300. Every change is audited.

import type { ActingShopper } from '../../lib/acting-shopper.ts';
import { shopperAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { memberRewards } from '../cart/reward-instruments.ts';
import { today } from '../catalog/service.ts';
import { type SavedCard, savedCards } from '../checkout/payment.ts';
import { type GiftCardDeps, maskedNumber, openGiftCard } from '../gift-cards/cards.ts';
import { paymentProviderFor } from '../payments/choose.ts';

export type InstrumentMethod = 'CREDIT_CARD' | 'GIFT_CARD' | 'REWARD_CODE' | 'REWARD_CARD';

/** A gift card kept on the account: what is left on it, never its number or PIN. */
export interface SavedGiftCard {
  paymentInstrumentId: string;
  paymentMethodId: 'GIFT_CARD';
  maskedNumber: string;
  last4: string;
  currency: string;
  balance: number;
  expiresOn: string | null;
  status: string;
}

export const SAVED_GIFT_CARDS_MAX = 10;

export async function savedGiftCards(db: D1Database, consumerNo: string): Promise<SavedGiftCard[]> {
  const rows = await db
    .prepare(
      `SELECT g.id, g.last4, g.currency, g.balance, g.expires_on, g.status FROM consumer_gift_cards s JOIN gift_cards g ON g.id = s.gift_card_id
       WHERE s.consumer_no = ?1 ORDER BY s.saved_at DESC`,
    )
    .bind(consumerNo)
    .all<{ id: string; last4: string; currency: string; balance: number; expires_on: string | null; status: string }>();
  return rows.results.map((row) => ({
    paymentInstrumentId: row.id,
    paymentMethodId: 'GIFT_CARD',
    maskedNumber: maskedNumber(row.last4),
    last4: row.last4,
    currency: row.currency,
    balance: row.balance,
    expiresOn: row.expires_on,
    status: row.status,
  }));
}

/** A gift card onto the account, opened with its number and PIN like at checkout; the same card twice is GFC300. */
export async function saveGiftCard(
  deps: ServiceDeps & { giftCards: GiftCardDeps; currency: string },
  shopper: ActingShopper,
  input: { cardNumber: string; pin: string },
): Promise<SavedGiftCard> {
  const { consumerNo } = shopper;
  const card = await openGiftCard(deps.giftCards, input, { currency: deps.currency, today: today(), forPayment: false });
  const db = deps.env.DB;
  const existing = await savedGiftCards(db, consumerNo);
  if (existing.some((saved) => saved.paymentInstrumentId === card.id)) throw new HttpError('GFC300');
  if (existing.length >= SAVED_GIFT_CARDS_MAX)
    throw new HttpError('API409', `Your account keeps ${SAVED_GIFT_CARDS_MAX} gift cards: remove one to add another.`);
  try {
    await db.batch([
      db
        .prepare('INSERT INTO consumer_gift_cards (consumer_no, gift_card_id, saved_at) VALUES (?1, ?2, ?3)')
        .bind(consumerNo, card.id, new Date().toISOString()),
      shopperAudit(deps.env.DB, deps.correlationId, shopper, 'gift-card.add', { paymentInstrumentId: card.id, last4: card.last4 }),
    ]);
  } catch (error) {
    if (error instanceof Error && /UNIQUE|PRIMARY/i.test(error.message)) throw new HttpError('GFC300');
    throw error;
  }
  return (await savedGiftCards(db, consumerNo)).find((saved) => saved.paymentInstrumentId === card.id) as SavedGiftCard;
}

/** A saved gift card off the account (the card itself, and its balance, stay as they are). */
export async function deleteGiftCard(deps: ServiceDeps, shopper: ActingShopper, id: string): Promise<boolean> {
  const { consumerNo } = shopper;
  const db = deps.env.DB;
  const removed = await db.prepare('DELETE FROM consumer_gift_cards WHERE consumer_no = ?1 AND gift_card_id = ?2').bind(consumerNo, id).run();
  if ((removed.meta.changes ?? 0) === 0) return false;
  await shopperAudit(deps.env.DB, deps.correlationId, shopper, 'gift-card.delete', { paymentInstrumentId: id }).run();
  return true;
}

/** More cards than a shopper keeps; past it, an old one goes first (the limit is ours: the spec leaves it open). */
export const SAVED_CARDS_MAX = 10;

export async function instrumentsOf(deps: ServiceDeps, shopper: ActingShopper, method: InstrumentMethod | undefined, currency: string) {
  const { consumerNo } = shopper;
  const wanted = (m: InstrumentMethod) => method === undefined || method === m;
  const provider = paymentProviderFor(deps.env, deps);
  const [cards, giftCards, rewards] = await Promise.all([
    wanted('CREDIT_CARD') ? savedCards(deps.env.DB, consumerNo, provider.name) : Promise.resolve([] as SavedCard[]),
    wanted('GIFT_CARD') ? savedGiftCards(deps.env.DB, consumerNo) : Promise.resolve([] as SavedGiftCard[]),
    wanted('REWARD_CODE') || wanted('REWARD_CARD') ? memberRewards(deps.env.DB, consumerNo, currency, today()) : Promise.resolve([]),
  ]);
  return {
    cards: cards.map((card) => ({ ...card, paymentMethodId: 'CREDIT_CARD' as const })),
    giftCards,
    rewards: rewards.filter((reward) => wanted(reward.kind)),
  };
}

/** A card the processor's fields tokenized, onto the account: the first is main, as is one asked to be. */
export async function saveCard(deps: ServiceDeps, shopper: ActingShopper, input: { token: string; main?: boolean | undefined }): Promise<SavedCard> {
  const { consumerNo } = shopper;
  const provider = paymentProviderFor(deps.env, deps);
  const card = await provider.cardOf(input.token);
  if (!card) throw new HttpError('PAY400', 'The card could not be read: enter it again.', [{ field: 'token', message: 'Enter the card again.' }]);
  const existing = await savedCards(deps.env.DB, consumerNo, provider.name);
  if (
    existing.some((saved) => saved.last4 === card.last4 && saved.binValue === card.bin && saved.expMonth === card.expMonth && saved.expYear === card.expYear)
  ) {
    throw new HttpError('PYT300');
  }
  if (existing.length >= SAVED_CARDS_MAX) throw new HttpError('API409', `Your account keeps ${SAVED_CARDS_MAX} cards: remove one to add another.`);
  const id = crypto.randomUUID();
  const db = deps.env.DB;
  try {
    // The first card is main, decided inside the batch so two saves at once make one main; the table's
    // unique key refuses the same card saved twice at once.
    await db.batch([
      ...(input.main ? [db.prepare('UPDATE payment_cards SET is_main = 0 WHERE consumer_no = ?1 AND provider = ?2').bind(consumerNo, provider.name)] : []),
      db
        .prepare(
          `INSERT INTO payment_cards (payment_instrument_id, consumer_no, provider, token, brand, last4, bin, exp_month, exp_year, is_main, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, CASE WHEN ?10 = 1 OR NOT EXISTS (SELECT 1 FROM payment_cards WHERE consumer_no = ?2 AND provider = ?3) THEN 1 ELSE 0 END, ?11)`,
        )
        .bind(
          id,
          consumerNo,
          provider.name,
          input.token,
          card.brand,
          card.last4,
          card.bin,
          card.expMonth,
          card.expYear,
          input.main ? 1 : 0,
          new Date().toISOString(),
        ),
      shopperAudit(deps.env.DB, deps.correlationId, shopper, 'card.add', { paymentInstrumentId: id, brand: card.brand, last4: card.last4 }),
    ]);
  } catch (error) {
    if (error instanceof Error && /UNIQUE/i.test(error.message)) throw new HttpError('PYT300');
    throw error;
  }
  const saved = await db.prepare('SELECT is_main FROM payment_cards WHERE payment_instrument_id = ?1').bind(id).first<{ is_main: number }>();
  const main = saved?.is_main === 1;
  return { paymentInstrumentId: id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, main, binValue: card.bin };
}

async function ownCard(deps: ServiceDeps, shopper: ActingShopper, id: string): Promise<SavedCard> {
  const { consumerNo } = shopper;
  const card = (await savedCards(deps.env.DB, consumerNo, paymentProviderFor(deps.env, deps).name)).find((saved) => saved.paymentInstrumentId === id);
  if (!card) throw new HttpError('PYT404', 'This card is not on your account.');
  return card;
}

/** One card main; the others of the account not. */
export async function makeCardMain(deps: ServiceDeps, shopper: ActingShopper, id: string): Promise<void> {
  const { consumerNo } = shopper;
  await ownCard(deps, shopper, id);
  const db = deps.env.DB;
  await db.batch([
    db.prepare('UPDATE payment_cards SET is_main = (payment_instrument_id = ?2) WHERE consumer_no = ?1').bind(consumerNo, id),
    shopperAudit(deps.env.DB, deps.correlationId, shopper, 'card.main', { paymentInstrumentId: id }),
  ]);
}

/** A card off the account; when it was main, the newest other card becomes main. */
export async function deleteCard(deps: ServiceDeps, shopper: ActingShopper, id: string): Promise<void> {
  const { consumerNo } = shopper;
  const card = await ownCard(deps, shopper, id);
  const db = deps.env.DB;
  await db.batch([
    db.prepare('DELETE FROM payment_cards WHERE payment_instrument_id = ?1 AND consumer_no = ?2').bind(id, consumerNo),
    ...(card.main
      ? [
          db
            .prepare(
              'UPDATE payment_cards SET is_main = 1 WHERE payment_instrument_id = (SELECT payment_instrument_id FROM payment_cards WHERE consumer_no = ?1 ORDER BY created_at DESC LIMIT 1)',
            )
            .bind(consumerNo),
        ]
      : []),
    shopperAudit(deps.env.DB, deps.correlationId, shopper, 'card.delete', { paymentInstrumentId: id }),
  ]);
}
