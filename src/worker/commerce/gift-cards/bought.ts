// Digital gift cards bought (the account issue: gift cards; account-content §7 resendGiftCardEmail): when an
// order is paid, each unit of a digital gift card line becomes a card worth its price, emailed to the
// recipient the gift option names (or the buyer). The number and PIN are found by their keyed hash like
// every card's, and kept sealed besides (seal.ts), so the buyer can have the email sent again; they are
// never shown on a page or in an API answer. A cancelled order's cards are blocked; once one of them has
// been spent from, the order can no longer be cancelled.

import { formatMoney } from '../../../shared/commerce/money.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OrderEntity } from '../orders/order-entity.ts';
import { giftCardDigest } from './digest.ts';
import { seal, unseal } from './seal.ts';

/** The bought cards' issuer prefix, as the demo cards'. */
const PREFIX = '6006491';

const digits = (count: number) => [...crypto.getRandomValues(new Uint8Array(count))].map((b) => String(b % 10)).join('');

interface BoughtCard {
  id: string;
  number: string;
  pin: string;
  amount: number;
  to: string;
  /** The gift option of its line (commerce-core §3): the recipient's name and email, and a message. */
  gift: { to?: string; email?: string; message?: string } | null;
}

function giftEmail(order: OrderEntity, card: BoughtCard, again: boolean) {
  const value = formatMoney(card.amount, order.currency, order.locale);
  const forSomeone = Boolean(card.gift?.email);
  return {
    kind: 'gift-card' as const,
    to: card.to,
    subject: `${again ? 'Again: ' : ''}Your Cairn gift card of ${value}`,
    text: [
      forSomeone ? `Hello${card.gift?.to ? ` ${card.gift.to}` : ''}, someone has sent you a Cairn gift card.` : 'Here is the Cairn gift card you bought.',
      card.gift?.message ? `\n"${card.gift.message}"\n` : '',
      `Value: ${value}`,
      `Card number: ${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}`,
      `PIN: ${card.pin}`,
      '',
      'Use it at checkout on the Cairn store, in one go or over several orders. Keep this email safe: the number and PIN are all anyone needs to spend it.',
    ].join('\n'),
  };
}

/**
 * Issues the cards a paid order bought and emails them, each email with its card's own id: the order-events
 * consumer may run this twice for one order (a redelivery, or a retry after it stopped between issuing and
 * emailing), and a card is issued once (its line and unit) and its email sent once (the mail queue's claim).
 */
export async function issueGiftCards(
  env: { DB: D1Database; GIFT_CARD_KEY?: string | undefined },
  mailer: Mailer,
  logger: Logger,
  order: OrderEntity,
): Promise<number> {
  const lines = order.items.map((item, index) => ({ item, lineNo: index + 1 })).filter(({ item }) => item.digital);
  if (lines.length === 0) return 0;
  if (!env.GIFT_CARD_KEY) {
    logger.error('giftcards.not_issued', { orderNumber: order.orderNumber, hint: 'set the GIFT_CARD_KEY secret' });
    return 0;
  }
  const key = env.GIFT_CARD_KEY;
  const lineNos = await env.DB.prepare('SELECT line_no, item_id FROM order_lines WHERE order_number = ?1')
    .bind(order.orderNumber)
    .all<{ line_no: number; item_id: string }>();
  const cards: (BoughtCard & { lineNo: number; seq: number })[] = [];
  const statements: D1PreparedStatement[] = [];
  const now = new Date().toISOString();
  for (const { item } of lines) {
    const lineNo = lineNos.results.find((row) => row.item_id === item.itemId)?.line_no ?? 0;
    const gift = (item.giftOption ?? null) as BoughtCard['gift'];
    const amount = Math.round(Number((item.price as { current?: number }).current ?? item.rowTotal / item.qty));
    for (let seq = 1; seq <= item.qty; seq++) {
      const card = { id: crypto.randomUUID(), number: `${PREFIX}${digits(9)}`, pin: digits(4), amount, to: gift?.email ?? order.email, gift, lineNo, seq };
      cards.push(card);
      statements.push(await issueStatement(env.DB, key, order, card, now));
    }
  }
  const results = await env.DB.batch(statements);
  let sent = 0;
  for (const [index, fresh] of cards.entries()) {
    // Issued before (an earlier run of this order's event): that card, whose email may not have gone yet.
    const card = (results[index]?.meta.changes ?? 0) > 0 ? fresh : await issuedBefore(env.DB, key, order.orderNumber, fresh);
    if (!card) continue;
    await mailer.send({ id: `gift-card:${card.id}`, ...giftEmail(order, card, false) });
    sent += 1;
  }
  return sent;
}

async function issueStatement(db: D1Database, key: string, order: OrderEntity, card: BoughtCard & { lineNo: number; seq: number }, now: string) {
  return db
    .prepare(
      // Not for an order cancelled since it was paid: its cancellation found no card to block.
      `INSERT INTO gift_cards (id, number_hash, last4, pin_hash, currency, balance, status, created_at, kind, order_number, line_no, seq, recipient_email, sealed)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'active', ?7, 'GIFT_CARD', ?8, ?9, ?10, ?11, ?12
       WHERE EXISTS (SELECT 1 FROM orders WHERE order_number = ?8 AND status NOT IN ('cancelled', 'failed'))
       ON CONFLICT DO NOTHING`,
    )
    .bind(
      card.id,
      await giftCardDigest(key, card.number),
      card.number.slice(-4),
      await giftCardDigest(key, `pin:${card.number}:${card.pin}`),
      order.currency,
      card.amount,
      now,
      order.orderNumber,
      card.lineNo,
      card.seq,
      card.to,
      await seal(key, { number: card.number, pin: card.pin }),
    );
}

/** The card a line's unit already is, opened; none when the order was cancelled before any was issued. */
async function issuedBefore(db: D1Database, key: string, orderNumber: string, unit: BoughtCard & { lineNo: number; seq: number }): Promise<BoughtCard | null> {
  const row = await db
    .prepare(
      "SELECT id, sealed, recipient_email FROM gift_cards WHERE order_number = ?1 AND line_no = ?2 AND seq = ?3 AND sealed IS NOT NULL AND status <> 'blocked'",
    )
    .bind(orderNumber, unit.lineNo, unit.seq)
    .first<{ id: string; sealed: string; recipient_email: string }>();
  if (!row) return null;
  return { ...unit, id: row.id, ...(await unseal(key, row.sealed)), to: row.recipient_email };
}

/** Resends the cards of one gift card line of the buyer's order (account-content §7 resendGiftCardEmail). */
export async function resendGiftCards(
  env: { DB: D1Database; GIFT_CARD_KEY?: string | undefined },
  mailer: Mailer,
  order: OrderEntity,
  itemId: string,
): Promise<number> {
  const item = order.items.find((candidate) => candidate.itemId === itemId);
  if (!item?.digital)
    throw new HttpError('API400', 'This item is not a gift card sent by email.', [{ field: 'itemId', message: 'This item is not a gift card sent by email.' }]);
  if (!env.GIFT_CARD_KEY) throw new HttpError('GFS800');
  const key = env.GIFT_CARD_KEY;
  const rows = await env.DB.prepare(
    `SELECT g.id, g.sealed, g.balance, g.recipient_email, l.gift FROM gift_cards g JOIN order_lines l ON l.order_number = g.order_number AND l.line_no = g.line_no
     WHERE g.order_number = ?1 AND l.item_id = ?2 AND g.sealed IS NOT NULL ORDER BY g.seq`,
  )
    .bind(order.orderNumber, itemId)
    .all<{ id: string; sealed: string; balance: number; recipient_email: string; gift: string | null }>();
  if (rows.results.length === 0) throw new HttpError('API409', 'This gift card has not been issued yet: it is sent once the order is paid.');
  // Every card is opened before any is sent: a card that will not open (the key is not the one it was sealed
  // with) is the gift card service's failure, GFS800, and the recipient gets no partial resend.
  const opened = await Promise.all(
    rows.results.map(async (row) => {
      try {
        return { row, ...(await unseal(key, row.sealed)) };
      } catch (error) {
        throw new HttpError('GFS800', undefined, undefined, { cause: error });
      }
    }),
  );
  for (const { row, number, pin } of opened) {
    const gift = row.gift ? (JSON.parse(row.gift) as BoughtCard['gift']) : null;
    await mailer.send(
      giftEmail(
        order,
        { id: row.id, number, pin, amount: Math.round(Number((item.price as { current?: number }).current ?? row.balance)), to: row.recipient_email, gift },
        true,
      ),
    );
  }
  return rows.results.length;
}

/** Whether a card the order bought has been spent from: then the order stands and cannot be cancelled. */
export async function boughtCardSpent(db: D1Database, orderNumber: string): Promise<boolean> {
  const spent = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM gift_cards g JOIN order_lines l ON l.order_number = g.order_number AND l.line_no = g.line_no
       WHERE g.order_number = ?1 AND g.balance < json_extract(l.price, '$.current')`,
    )
    .bind(orderNumber)
    .first<{ n: number }>();
  return (spent?.n ?? 0) > 0;
}

/** Blocks the cards a cancelled order bought, in the batch that cancels it. */
export function blockBoughtCards(db: D1Database, orderNumber: string): D1PreparedStatement {
  return db.prepare("UPDATE gift_cards SET status = 'blocked' WHERE order_number = ?1").bind(orderNumber);
}
