// After the sale (account-content §7 CancelOrder; the account issue, Orders): cancelling some lines of an
// order before it ships, and paying back what a cancellation or a return owes. A change and the refund it
// owes are written in one batch (the line counts, the stock, the refund row); the money then goes back
// through the tenders (refund-math.ts decides which), each share recorded as it is paid, so a processor
// failing half-way is finished by the next fulfilment run and never pays twice. Returns are in returns.ts.

import { shopperAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createLogger } from '../../lib/logger.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { creditStatement } from '../gift-cards/spending.ts';
import { reversalStatements } from '../loyalty/points.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { CANCELLABLE, cancelOrder } from './cancel.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';
import { allocateRefund, type RefundTotals, unitsRefund } from './refund-math.ts';
import { pointsFor } from './release.ts';
import { ownOrder } from './shopper-orders.ts';
import { purgeRestockedPages } from './stock-pages.ts';
import type { OrderLineRow, OrderPaymentRow } from './stored-order.ts';

export interface LineRequest {
  itemId: string;
  quantity: number;
}

export const remaining = (line: OrderLineRow) => line.qty - line.cancelled_qty - line.returned_qty - line.returning_qty;

export async function linesOf(db: D1Database, orderNumber: string): Promise<OrderLineRow[]> {
  return (await db.prepare('SELECT * FROM order_lines WHERE order_number = ?1 ORDER BY line_no').bind(orderNumber).all<OrderLineRow>()).results;
}

/** Each asked line, checked against the order: unknown lines and quantities beyond what is left are API400 at their field. */
export function pick<T extends LineRequest>(
  lines: OrderLineRow[],
  asked: T[],
  allowed: (line: OrderLineRow) => string | null,
): { line: OrderLineRow; ask: T }[] {
  const picked: { line: OrderLineRow; ask: T }[] = [];
  const problems: { field: string; message: string }[] = [];
  asked.forEach((ask, index) => {
    const line = lines.find((l) => l.item_id === ask.itemId);
    if (!line) {
      problems.push({ field: `items[${index}].itemId`, message: 'This item is not in the order.' });
      return;
    }
    const refusal = allowed(line);
    if (refusal) problems.push({ field: `items[${index}].itemId`, message: refusal });
    else if (ask.quantity > remaining(line)) {
      problems.push({ field: `items[${index}].quantity`, message: `At most ${remaining(line)} of this item can be chosen.` });
    } else if (picked.some((p) => p.line.line_no === line.line_no)) {
      problems.push({ field: `items[${index}].itemId`, message: 'Each item is chosen once.' });
    } else picked.push({ line, ask });
  });
  if (problems.length > 0) throw new HttpError('API400', problems[0]?.message, problems);
  return picked;
}

export function refundTotals(order: OrderEntity): RefundTotals {
  const totals = order.totals as Partial<RefundTotals>;
  return { tax: totals.tax ?? 0, taxIncluded: totals.taxIncluded ?? true, itemTotal: totals.itemTotal ?? 0, shipping: totals.shipping ?? 0 };
}

/** A database refusal of the line counts' trigger: another request took the same units first. */
export const overTaken = (error: unknown) => error instanceof Error && error.message.includes('order line quantities exceed');

/**
 * Cancels some units of an unshipped order; when nothing would be left, the whole order is cancelled (its
 * shipping too). The stock goes back at once; the money as the refund settles.
 */
export async function cancelLines(
  deps: ServiceDeps,
  shopper: Shopper,
  provider: PaymentProvider,
  consumerNo: string,
  orderNumber: string,
  asked: LineRequest[],
): Promise<OrderEntity> {
  const db = deps.env.DB;
  const order = await ownOrder(db, consumerNo, orderNumber);
  if (order.status === 'cancelled') return order;
  if (!CANCELLABLE.includes(order.status)) throw new HttpError('OHS4090');
  const lines = await linesOf(db, orderNumber);
  // A gift card sent by email has been delivered: it goes with the whole order only (which blocks it).
  const picked = pick(lines, asked, (line) => (line.stock_source === 'digital' ? 'A gift card sent by email cannot be cancelled on its own.' : null));
  const left = lines.reduce((sum, line) => sum + remaining(line), 0) - picked.reduce((sum, p) => sum + p.ask.quantity, 0);
  if (left === 0) return cancelOrder(deps, shopper, consumerNo, orderNumber);

  const totals = refundTotals(order);
  const refundLines = picked.map(({ line, ask }) => ({
    lineNo: line.line_no,
    qty: ask.quantity,
    amount: unitsRefund({ rowTotal: line.row_total, qty: line.qty }, line.cancelled_qty + line.returned_qty, ask.quantity, totals),
  }));
  const refundId = crypto.randomUUID();
  const now = new Date().toISOString();
  const open = `EXISTS (SELECT 1 FROM orders WHERE order_number = ?1 AND status IN (${CANCELLABLE.map((s) => `'${s}'`).join(', ')}))`;
  const statements: D1PreparedStatement[] = [];
  for (const { line, ask } of picked) {
    statements.push(
      db
        .prepare(`UPDATE order_lines SET cancelled_qty = cancelled_qty + ?3 WHERE order_number = ?1 AND line_no = ?2 AND ${open}`)
        .bind(orderNumber, line.line_no, ask.quantity),
    );
    if (line.stock_source === 'store') {
      statements.push(
        db
          .prepare(`UPDATE store_inventory SET quantity = quantity + ?2 WHERE store_id = ?3 AND variant_id = ?4 AND ${open}`)
          .bind(orderNumber, ask.quantity, line.store_id, line.variant_id),
      );
    } else if (line.stock_source === 'warehouse') {
      statements.push(
        db.prepare(`UPDATE inventory SET quantity = quantity + ?2 WHERE variant_id = ?3 AND ${open}`).bind(orderNumber, ask.quantity, line.variant_id),
      );
    }
  }
  const amount = refundLines.reduce((sum, line) => sum + line.amount, 0);
  statements.push(
    db
      .prepare(
        `INSERT INTO order_refunds (refund_id, order_number, kind, amount, lines, status, created_at) SELECT ?2, ?1, 'cancel', ?3, ?4, 'pending', ?5 WHERE ${open}`,
      )
      .bind(orderNumber, refundId, amount, JSON.stringify(refundLines), now),
    db
      // Its own entry in the history: the order's status, and when it was reached, stay as they were.
      .prepare(
        `INSERT INTO order_status_history (order_number, status, at, note) SELECT ?1, 'items_cancelled', ?2, ?3 FROM orders WHERE order_number = ?1 AND ${open}`,
      )
      .bind(orderNumber, now, `${picked.map((p) => `${p.ask.quantity} × ${p.line.name}`).join(', ')} cancelled by the shopper`),
    shopperAudit(
      deps.env.DB,
      deps.correlationId,
      { consumerNo: consumerNo, associate: shopper.claims?.buyInStore },
      'order.cancel-lines',
      { refundId, lines: refundLines },
      `order:${orderNumber}`,
    ),
  );
  try {
    await db.batch(statements);
  } catch (error) {
    if (overTaken(error)) throw new HttpError('API409', 'These items were cancelled or returned already.');
    throw error;
  }
  const written = await db.prepare('SELECT 1 FROM order_refunds WHERE refund_id = ?1').bind(refundId).first();
  if (!written) throw new HttpError('OHS4090');
  await purgeRestockedPages(deps.env, orderNumber, deps.logger);
  await settleRefund(db, provider, refundId);
  // Another request cancelled the other units meanwhile (each saw one left): nothing is left now, so the
  // order goes as a whole, its shipping and hold with it, as when one request cancels every unit.
  if ((await linesOf(db, orderNumber)).reduce((sum, line) => sum + remaining(line), 0) === 0) return cancelOrder(deps, shopper, consumerNo, orderNumber);
  return (await readOrder(db, orderNumber)) as OrderEntity;
}

interface RefundRow {
  refund_id: string;
  order_number: string;
  amount: number;
  status: string;
}

/**
 * Pays a refund back through the order's tenders. Each share is paid and then recorded (with the refund's
 * progress) in one batch; the processor's idempotency key makes a retried share pay once.
 */
export async function settleRefund(db: D1Database, provider: PaymentProvider, refundId: string, now = new Date().toISOString()): Promise<boolean> {
  // One refund of an order at a time: each shares itself out from what the tenders have given back so far,
  // so two at once would both count the same room on a tender. One left pending is settled by the next run.
  const claimed = await db
    .prepare(
      `UPDATE order_refunds SET status = 'settling' WHERE refund_id = ?1 AND status IN ('pending', 'settling')
         AND NOT EXISTS (SELECT 1 FROM order_refunds other WHERE other.order_number = order_refunds.order_number AND other.refund_id <> ?1 AND other.status = 'settling')
       RETURNING refund_id, order_number, amount, status`,
    )
    .bind(refundId)
    .first<RefundRow>();
  if (!claimed) return false;
  const orderNumber = claimed.order_number;
  const done = await db
    .prepare('SELECT COALESCE(SUM(amount), 0) AS paid FROM order_refund_shares WHERE refund_id = ?1')
    .bind(refundId)
    .first<{ paid: number }>();
  const tenders = (await db.prepare('SELECT * FROM order_payments WHERE order_number = ?1 ORDER BY payment_no').bind(orderNumber).all<OrderPaymentRow>())
    .results;
  const consumer = await db.prepare('SELECT consumer_no FROM orders WHERE order_number = ?1').bind(orderNumber).first<{ consumer_no: string | null }>();
  const shares = allocateRefund(
    claimed.amount - (done?.paid ?? 0),
    tenders.map((t) => ({ paymentNo: t.payment_no, method: t.method, amount: t.amount, released: t.released, status: t.status })),
  );
  for (const share of shares) {
    const tender = tenders.find((t) => t.payment_no === share.paymentNo) as OrderPaymentRow;
    const whole = tender.released + share.amount === tender.amount;
    const statements: D1PreparedStatement[] = [];
    if (tender.authorization_id && tender.status === 'authorized') {
      // Not captured yet: the shipment captures less. Nothing left to take releases the hold now.
      if (whole) await provider.void(tender.authorization_id);
    } else if (tender.authorization_id && tender.status === 'captured') {
      await provider.refund(tender.authorization_id, { amount: share.amount, idempotencyKey: `${refundId}-${tender.payment_no}` });
    } else if (tender.gift_card_id) {
      statements.push(creditStatement(db, tender.gift_card_id, share.amount));
    } else if (tender.method === 'LOYALTY_POINTS' && tender.points && consumer?.consumer_no) {
      const points = pointsFor(tender.points, tender.amount, tender.released + share.amount) - pointsFor(tender.points, tender.amount, tender.released);
      statements.push(
        db.prepare('UPDATE consumers SET loyalty_points = loyalty_points + ?1 WHERE consumer_no = ?2').bind(points, consumer.consumer_no),
        db
          .prepare("INSERT INTO loyalty_transactions (consumer_no, at, points, kind, order_number) VALUES (?1, ?2, ?3, 'restored', ?4)")
          .bind(consumer.consumer_no, now, points, orderNumber),
      );
    } else if (tender.method === 'ATHLETES_PAYMENT' && consumer?.consumer_no) {
      statements.push(
        db
          .prepare('UPDATE consumers SET athlete_current_spend = MAX(0, athlete_current_spend - ?1) WHERE consumer_no = ?2')
          .bind(share.amount, consumer.consumer_no),
      );
    }
    const finalStatus = tender.status === 'authorized' ? 'voided' : tender.status === 'captured' ? 'refunded' : 'restored';
    statements.push(
      db
        .prepare(
          'UPDATE order_payments SET released = released + ?3, status = CASE WHEN ?4 THEN ?5 ELSE status END WHERE order_number = ?1 AND payment_no = ?2',
        )
        .bind(orderNumber, tender.payment_no, share.amount, whole ? 1 : 0, finalStatus),
      db
        .prepare('INSERT INTO order_refund_shares (refund_id, payment_no, amount, at) VALUES (?1, ?2, ?3, ?4)')
        .bind(refundId, tender.payment_no, share.amount, now),
    );
    try {
      await db.batch(statements);
    } catch (error) {
      // The order was released meanwhile (a whole cancellation gave every tender back): nothing is owed
      // twice. The refund stays settling, and the next run shares out what is still owed from fresh reads.
      if (String(error).includes('refund share past what the tender paid')) return false;
      throw error;
    }
    tender.released += share.amount;
  }
  await db.batch([
    db.prepare("UPDATE order_refunds SET status = 'settled', settled_at = ?2 WHERE refund_id = ?1").bind(refundId, now),
    ...reversalStatements(db, orderNumber, now),
  ]);
  return true;
}

/** Refunds a processor failure left unpaid: the fulfilment run finishes them. */
export async function settlePendingRefunds(db: D1Database, provider: PaymentProvider, now: Date, orderNumber?: string): Promise<number> {
  const pending = await db
    .prepare(
      "SELECT refund_id FROM order_refunds WHERE status IN ('pending', 'settling') AND created_at <= ?1 AND (?2 IS NULL OR order_number = ?2) ORDER BY created_at LIMIT 100",
    )
    .bind(new Date(now.getTime() - 60_000).toISOString(), orderNumber ?? null)
    .all<{ refund_id: string }>();
  let settled = 0;
  for (const row of pending.results) {
    try {
      if (await settleRefund(db, provider, row.refund_id, now.toISOString())) settled += 1;
    } catch (error) {
      createLogger({ module: 'refunds' }).error('refund.retry-failed', { refundId: row.refund_id, error: String(error) });
    }
  }
  return settled;
}
