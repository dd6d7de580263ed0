// The gift card calls a shopper makes (commerce-core §7 giftcard/balance; account-content §7
// resendGiftCardEmail): a card's balance by its number and PIN, with the guesses counted against the session
// and the address; and the emails of the cards an order bought, sent again.

import type { Locale } from '../../../shared/locale/sites.ts';
import { attemptCounter } from '../../counters/attempts.ts';
import { shopperAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { mailerFor } from '../../mail/mailer.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { today } from '../catalog/service.ts';
import type { OrderEntity } from '../orders/order-entity.ts';
import { issueGiftCards, resendGiftCards } from './bought.ts';
import { type GiftCard, type GiftCardDeps, openGiftCard } from './cards.ts';

/** Resends one order's gift card emails may have in an hour. */
export const RESENDS_PER_HOUR = 5;

/** Who is asking, for counting gift card guesses: the session and the address. */
export function giftCardDeps(deps: ServiceDeps, shopper: Pick<Shopper, 'address'>, usid: string): GiftCardDeps {
  return { db: deps.env.DB, counters: deps.env.COUNTERS, key: deps.env.GIFT_CARD_KEY, logger: deps.logger, usid, address: shopper.address ?? 'unknown' };
}

/** A gift card's balance, in the site's currency (GFC codes at their fields); the shopper has a session (the route mints a guest's). */
export async function giftCardBalance(deps: ServiceDeps, shopper: Shopper, locale: Locale, input: { cardNumber: string; pin: string }): Promise<GiftCard> {
  if (!shopper.claims) throw new HttpError('AUT498', 'A gift card is checked within a session.');
  return openGiftCard(giftCardDeps(deps, shopper, shopper.claims.usid), input, { currency: locale.site.currency, today: today(), forPayment: false });
}

/**
 * Resends a gift card email a shopper asks for: `order` is their own (the caller found it as theirs, so
 * this domain needs no order lookup), a few times an hour at most, audited.
 */
export async function resendBoughtGiftCards(deps: ServiceDeps, shopper: Shopper, consumerNo: string, order: OrderEntity, itemId: string): Promise<number> {
  const { env, logger } = deps;
  const orderNumber = order.orderNumber;
  const tries = await attemptCounter(env.COUNTERS, `gift-card-resend:${orderNumber}`).count(60 * 60);
  if (tries.count > RESENDS_PER_HOUR) throw new HttpError('API429', 'The gift card email was sent several times in the last hour. Please try again later.');
  const issued = await env.DB.prepare('SELECT COUNT(*) AS n FROM gift_cards WHERE order_number = ?1').bind(orderNumber).first<{ n: number }>();
  // Never issued (the email service was down when the order was paid): issuing now sends them.
  if (!issued?.n && !['created', 'cancelled'].includes(order.status)) {
    const sent = await issueGiftCards(env, mailerFor(env), logger, order);
    if (sent > 0) return sent;
  }
  const sent = await resendGiftCards(env, mailerFor(env), order, itemId);
  await shopperAudit(
    deps.env.DB,
    deps.correlationId,
    { consumerNo: consumerNo, associate: shopper.claims?.buyInStore },
    'gift-card.resend',
    { itemId, cards: sent },
    `order:${orderNumber}`,
  ).run();
  return sent;
}
