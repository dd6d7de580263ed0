// Returns (account-content §7 returnLabel; the account issue, Orders): delivered lines sent back within
// RETURN_WINDOW_DAYS, each with its reason, a return authorization and a prepaid label; received at the
// warehouse, their units go back into stock and the refund they are worth is paid (after-sales.ts).

import { shopperAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createLogger } from '../../lib/logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { type LineRequest, linesOf, overTaken, pick, refundTotals, settleRefund } from './after-sales.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';
import { unitsRefund } from './refund-math.ts';
import type { OrderLineRow } from './stored-order.ts';

/** Days after delivery a line may be sent back. */
export const RETURN_WINDOW_DAYS = 60;
export const RETURN_REASONS = ['too_small', 'too_big', 'not_as_pictured', 'damaged', 'wrong_item', 'changed_mind', 'arrived_late'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** Statuses from which delivered lines may be returned. */
const RETURNABLE = ['delivered', 'partly_returned'];

export interface ReturnLineRequest extends LineRequest {
  /** One of RETURN_REASONS; anything else is refused at its field. */
  reason: string;
}

export interface ReturnView {
  returnId: string;
  orderNumber: string;
  status: 'label_issued' | 'received' | 'refunded';
  carrier: string;
  trackingNumber: string;
  createdAt: string;
  receivedAt: string | null;
  refundAmount: number | null;
  items: { itemId: string; name: string; quantity: number; reason: string }[];
}

/** When the order was delivered (its latest delivery), or null. */
export function deliveredAt(order: OrderEntity): string | null {
  return order.statusHistory.filter((h) => h.status === 'delivered').at(-1)?.at ?? null;
}

/** Why a delivered order cannot be returned now, or null when it can. */
export function returnRefusal(order: OrderEntity, now = new Date()): string | null {
  if (!RETURNABLE.includes(order.status)) return 'Only a delivered order can be returned.';
  const delivered = deliveredAt(order);
  if (!delivered) return 'Only a delivered order can be returned.';
  if (now.getTime() - Date.parse(delivered) > RETURN_WINDOW_DAYS * 86_400_000) return `The ${RETURN_WINDOW_DAYS}-day return window for this order has closed.`;
  return null;
}

const RETURN_CARRIERS: Record<string, string> = { US: 'UPS', CA: 'Canada Post', GB: 'Royal Mail', FR: 'Colissimo', DE: 'DHL', IT: 'Poste Italiane' };

function digits(count: number): string {
  return [...crypto.getRandomValues(new Uint8Array(count))].map((b) => String(b % 10)).join('');
}

/**
 * A return of delivered lines, each with its reason: a return authorization and a prepaid label. The lines
 * count as on their way back until the warehouse receives them. RTN500 when it cannot be written.
 */
export async function createReturn(
  deps: ServiceDeps,
  shopper: Shopper,
  order: OrderEntity,
  asked: ReturnLineRequest[],
  by: 'owner' | 'guest',
): Promise<ReturnView> {
  const db = deps.env.DB;
  const refusal = returnRefusal(order);
  if (refusal) throw new HttpError('API400', refusal, [{ field: 'orderNumber', message: refusal }]);
  const unknownReason = asked.findIndex((ask) => !(RETURN_REASONS as readonly string[]).includes(ask.reason));
  if (unknownReason >= 0) {
    throw new HttpError('API400', 'Choose why you are returning each item.', [
      { field: `items[${unknownReason}].reason`, message: 'Choose why you are returning this item.' },
    ]);
  }
  if (asked.length === 0)
    throw new HttpError('API400', 'Choose at least one item to return.', [{ field: 'items', message: 'Choose at least one item to return.' }]);
  const lines = await linesOf(db, order.orderNumber);
  const picked = pick(lines, asked, (line) => (line.stock_source === 'digital' ? 'A digital gift card cannot be returned.' : null));
  const returnId = `RA${digits(8)}`;
  const carrier = RETURN_CARRIERS[order.siteId] ?? 'UPS';
  const trackingNumber = `${carrier
    .replace(/[^A-Z]/gi, '')
    .slice(0, 3)
    .toUpperCase()}R${digits(11)}`;
  const now = new Date().toISOString();
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        "INSERT INTO order_returns (return_id, order_number, status, carrier, tracking_number, from_address, created_at) VALUES (?1, ?2, 'label_issued', ?3, ?4, ?5, ?6)",
      )
      .bind(returnId, order.orderNumber, carrier, trackingNumber, JSON.stringify(order.shippingAddress ?? order.billingAddress ?? {}), now),
  ];
  for (const { line, ask } of picked) {
    statements.push(
      db
        .prepare('INSERT INTO order_return_lines (return_id, line_no, qty, reason) VALUES (?1, ?2, ?3, ?4)')
        .bind(returnId, line.line_no, ask.quantity, ask.reason),
      db
        .prepare('UPDATE order_lines SET returning_qty = returning_qty + ?3 WHERE order_number = ?1 AND line_no = ?2')
        .bind(order.orderNumber, line.line_no, ask.quantity),
    );
  }
  statements.push(
    db
      .prepare('INSERT INTO order_status_history (order_number, status, at, carrier, tracking_number, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
      // Not the order's status again: a second "delivered" would move the start of the return window.
      .bind(order.orderNumber, 'return_created', now, carrier, trackingNumber, `Return ${returnId} created`),
  );
  if (order.consumerNo && by === 'owner') {
    statements.push(
      shopperAudit(
        deps.env.DB,
        deps.correlationId,
        { consumerNo: order.consumerNo, associate: shopper.claims?.buyInStore },
        'order.return',
        { returnId, lines: picked.map((p) => ({ lineNo: p.line.line_no, qty: p.ask.quantity, reason: p.ask.reason })) },
        `order:${order.orderNumber}`,
      ),
    );
  }
  try {
    await db.batch(statements);
  } catch (error) {
    if (overTaken(error)) throw new HttpError('API409', 'These items are on a return already.');
    createLogger({ module: 'returns' }).error('return.create-failed', { orderNumber: order.orderNumber, error: String(error) });
    throw new HttpError('RTN500');
  }
  return (await returnsOf(db, order.orderNumber)).find((r) => r.returnId === returnId) as ReturnView;
}

/** An order's returns, newest first. */
export async function returnsOf(db: D1Database, orderNumber: string): Promise<ReturnView[]> {
  const [returns, lines] = await db.batch<unknown>([
    db.prepare('SELECT * FROM order_returns WHERE order_number = ?1 ORDER BY created_at DESC').bind(orderNumber),
    db
      .prepare(
        `SELECT r.return_id, l.item_id, l.name, r.qty, r.reason FROM order_return_lines r
         JOIN order_returns o ON o.return_id = r.return_id JOIN order_lines l ON l.order_number = o.order_number AND l.line_no = r.line_no
         WHERE o.order_number = ?1 ORDER BY r.line_no`,
      )
      .bind(orderNumber),
  ]);
  const lineRows = (lines?.results ?? []) as { return_id: string; item_id: string; name: string; qty: number; reason: string }[];
  return ((returns?.results ?? []) as Record<string, unknown>[]).map((row) => ({
    returnId: row.return_id as string,
    orderNumber,
    status: row.status as ReturnView['status'],
    carrier: row.carrier as string,
    trackingNumber: row.tracking_number as string,
    createdAt: row.created_at as string,
    receivedAt: (row.received_at as string | null) ?? null,
    refundAmount: (row.refund_amount as number | null) ?? null,
    items: lineRows.filter((l) => l.return_id === row.return_id).map((l) => ({ itemId: l.item_id, name: l.name, quantity: l.qty, reason: l.reason })),
  }));
}

/**
 * The warehouse receives a return: its units go back into stock, the refund they are worth is owed and paid,
 * and the order is returned (every unit back) or partly returned.
 */
export async function receiveReturn(
  db: D1Database,
  provider: PaymentProvider,
  returnId: string,
  mailer: Mailer | null,
  now = new Date().toISOString(),
): Promise<boolean> {
  const row = await db
    .prepare("SELECT order_number FROM order_returns WHERE return_id = ?1 AND status = 'label_issued'")
    .bind(returnId)
    .first<{ order_number: string }>();
  if (!row) return false;
  const order = (await readOrder(db, row.order_number)) as OrderEntity;
  const lines = await linesOf(db, row.order_number);
  const returning = (
    await db.prepare('SELECT line_no, qty FROM order_return_lines WHERE return_id = ?1').bind(returnId).all<{ line_no: number; qty: number }>()
  ).results;
  const totals = refundTotals(order);
  const refundLines = returning.map((r) => {
    const line = lines.find((l) => l.line_no === r.line_no) as OrderLineRow;
    return {
      lineNo: r.line_no,
      qty: r.qty,
      amount: unitsRefund({ rowTotal: line.row_total, qty: line.qty }, line.cancelled_qty + line.returned_qty, r.qty, totals),
    };
  });
  const amount = refundLines.reduce((sum, l) => sum + l.amount, 0);
  const refundId = crypto.randomUUID();
  // This batch's own refund row marks the receipt as this call's: two scans in the same millisecond share
  // `now`, so a receipt time would let the second put the stock back again. ?1 is the refund id below.
  const mine = 'EXISTS (SELECT 1 FROM order_refunds WHERE refund_id = ?1)';
  const statements: D1PreparedStatement[] = [
    db
      .prepare("UPDATE order_returns SET status = 'received', received_at = ?2, refund_amount = ?3 WHERE return_id = ?1 AND status = 'label_issued'")
      .bind(returnId, now, amount),
    db
      .prepare(
        "INSERT INTO order_refunds (refund_id, order_number, kind, return_id, amount, lines, status, created_at) SELECT ?3, ?4, 'return', ?1, ?5, ?6, 'pending', ?2 WHERE changes() = 1",
      )
      .bind(returnId, now, refundId, row.order_number, amount, JSON.stringify(refundLines)),
  ];
  for (const r of returning) {
    const line = lines.find((l) => l.line_no === r.line_no) as OrderLineRow;
    statements.push(
      db
        .prepare(
          `UPDATE order_lines SET returning_qty = returning_qty - ?5, returned_qty = returned_qty + ?5 WHERE order_number = ?3 AND line_no = ?4 AND ${mine}`,
        )
        .bind(refundId, now, row.order_number, r.line_no, r.qty),
      // Returns go back to the warehouse, whatever the line shipped from.
      db.prepare(`UPDATE inventory SET quantity = quantity + ?3 WHERE variant_id = ?4 AND ${mine}`).bind(refundId, now, r.qty, line.variant_id),
    );
  }
  statements.push(
    db
      .prepare(
        `UPDATE orders SET status = CASE WHEN (SELECT SUM(qty - cancelled_qty - returned_qty) FROM order_lines WHERE order_number = ?3 AND stock_source <> 'digital') = 0
           THEN 'returned' ELSE 'partly_returned' END, updated_at = ?2 WHERE order_number = ?3 AND ${mine}`,
      )
      .bind(refundId, now, row.order_number),
    db
      .prepare(`INSERT INTO order_status_history (order_number, status, at, note) SELECT ?3, status, ?2, ?4 FROM orders WHERE order_number = ?3 AND ${mine}`)
      .bind(refundId, now, row.order_number, `Return ${returnId} received`),
  );
  await db.batch(statements);
  const received = await db.prepare('SELECT 1 FROM order_refunds WHERE refund_id = ?1').bind(refundId).first();
  if (!received) return false;
  await settleRefund(db, provider, refundId, now);
  await db.prepare("UPDATE order_returns SET status = 'refunded' WHERE return_id = ?1").bind(returnId).run();
  if (mailer) {
    const money = new Intl.NumberFormat(order.locale.replace('_', '-'), { style: 'currency', currency: order.currency }).format(amount / 100);
    await mailer.send({
      kind: 'return-refunded',
      to: order.email,
      subject: `We received your return ${returnId}`,
      text: `Your return ${returnId} for order ${order.orderNumber} has arrived at our warehouse.\n\nWe have refunded ${money} to the way you paid. A card refund can take a few days to show on your statement.\n`,
    });
  }
  return true;
}
