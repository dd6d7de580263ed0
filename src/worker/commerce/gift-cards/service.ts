// The gift card calls a shopper makes (commerce-core §7 giftcard/balance; account-content §7
// resendGiftCardEmail): a card's balance by its number and PIN, with the guesses counted against the session
// and the address; and the emails of the cards an order bought, sent again.

import type { Context } from 'hono';
import type { Locale } from '../../../shared/sites.ts';
import { attemptCounter } from '../../counters/attempts.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { ensureSession } from '../../middleware/session.ts';
import { today } from '../catalog/service.ts';
import type { OrderEntity } from '../orders/order-entity.ts';
import { issueGiftCards, resendGiftCards } from './bought.ts';
import { type GiftCard, type GiftCardDeps, openGiftCard } from './cards.ts';

/** Resends one order's gift card emails may have in an hour. */
export const RESENDS_PER_HOUR = 5;

/** Who is asking, for counting gift card guesses: the session and the address. */
export function giftCardDeps(c: Context<AppEnv>, usid: string): GiftCardDeps {
  return {
    db: c.env.DB,
    counters: c.env.COUNTERS,
    key: c.env.GIFT_CARD_KEY,
    logger: c.get('logger'),
    usid,
    address: c.req.header('cf-connecting-ip') ?? 'unknown',
  };
}

/** A gift card's balance, in the site's currency (GFC codes at their fields). */
export async function giftCardBalance(c: Context<AppEnv>, locale: Locale, input: { cardNumber: string; pin: string }): Promise<GiftCard> {
  const { claims } = await ensureSession(c);
  return openGiftCard(giftCardDeps(c, claims.usid), input, { currency: locale.site.currency, today: today(), forPayment: false });
}

/**
 * Resends a gift card email a shopper asks for: `order` is their own (the caller found it as theirs, so
 * this domain needs no order lookup), a few times an hour at most, audited.
 */
export async function resendBoughtGiftCards(c: Context<AppEnv>, consumerNo: string, order: OrderEntity, itemId: string): Promise<number> {
  const orderNumber = order.orderNumber;
  const tries = await attemptCounter(c.env.COUNTERS, `gift-card-resend:${orderNumber}`).count(60 * 60);
  if (tries.count > RESENDS_PER_HOUR) throw new HttpError('API429', 'The gift card email was sent several times in the last hour. Please try again later.');
  const issued = await c.env.DB.prepare('SELECT COUNT(*) AS n FROM gift_cards WHERE order_number = ?1').bind(orderNumber).first<{ n: number }>();
  // Never issued (the email service was down when the order was paid): issuing now sends them.
  if (!issued?.n && !['created', 'cancelled'].includes(order.status)) {
    const sent = await issueGiftCards(c.env, mailerFor(c.env), c.get('logger'), order);
    if (sent > 0) return sent;
  }
  const sent = await resendGiftCards(c.env, mailerFor(c.env), order, itemId);
  await accountAudit(c, consumerNo, 'gift-card.resend', { itemId, cards: sent }, `order:${orderNumber}`).run();
  return sent;
}
