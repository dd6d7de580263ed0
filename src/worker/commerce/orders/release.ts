// Giving back what an order took, all at once and once: its stock, gift card balances, points and
// allowances, coupons and wallet session, when its payment fails or the shopper cancels it.

import type { OrderStatus } from './status.ts';
import type { OrderLineRow, OrderPaymentRow } from './stored-order.ts';

/**
 * Gives back the stock, gift card balance and points an order took; the order is failed. Only the release
 * that moves the order to failed gives anything back (its release id gates every statement of the batch),
 * so a release racing another, or a payment completing, cannot give the same stock back twice.
 */
export async function releaseOrder(
  db: D1Database,
  orderNumber: string,
  reason: string,
  now = new Date().toISOString(),
  /** A failed placement by default; a shopper's cancellation moves a placed order to cancelled instead. */
  move: { to: 'failed' | 'cancelled'; from: readonly OrderStatus[] } = { to: 'failed', from: ['placing', 'awaiting_authentication'] },
): Promise<boolean> {
  const [lines, tenders, order] = await Promise.all([
    db.prepare('SELECT * FROM order_lines WHERE order_number = ?1').bind(orderNumber).all<OrderLineRow>(),
    db.prepare("SELECT * FROM order_payments WHERE order_number = ?1 AND status = 'debited'").bind(orderNumber).all<OrderPaymentRow>(),
    db
      .prepare('SELECT consumer_no, site_id, coupons FROM orders WHERE order_number = ?1')
      .bind(orderNumber)
      .first<{ consumer_no: string | null; site_id: string; coupons: string }>(),
  ]);
  if (!order) return false;
  const releaseId = crypto.randomUUID();
  const mine = 'EXISTS (SELECT 1 FROM orders WHERE order_number = ?9 AND release_id = ?8)';
  const gated = (sql: string, ...values: unknown[]) => {
    const padded = [...values];
    while (padded.length < 7) padded.push(null);
    return db.prepare(`${sql} AND ${mine}`).bind(...padded, releaseId, orderNumber);
  };
  const from = move.from.map((status) => `'${status}'`).join(', ');
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `UPDATE orders SET status = ?5, payment_failure = CASE WHEN ?5 = 'failed' THEN ?2 ELSE payment_failure END, updated_at = ?3, release_id = ?4
         WHERE order_number = ?1 AND release_id IS NULL AND status IN (${from})`,
      )
      .bind(orderNumber, reason, now, releaseId, move.to),
  ];
  // What goes back is read inside the batch, not from the reads above: units or money given back by a
  // cancellation of some lines that landed in between would otherwise be given back twice.
  const unitsLeft = '(SELECT qty - COALESCE(cancelled_qty, 0) FROM order_lines WHERE order_number = ?9 AND line_no = ?1)';
  for (const line of lines.results) {
    // Lines cancelled before gave that stock back already (and a cancelled unit is never un-cancelled).
    if (line.qty - (line.cancelled_qty ?? 0) <= 0) continue;
    if (line.stock_source === 'store') {
      statements.push(
        gated(
          `UPDATE store_inventory SET quantity = quantity + ${unitsLeft} WHERE store_id = ?2 AND variant_id = ?3`,
          line.line_no,
          line.store_id,
          line.variant_id,
        ),
      );
    } else if (line.stock_source === 'warehouse') {
      statements.push(gated(`UPDATE inventory SET quantity = quantity + ${unitsLeft} WHERE variant_id = ?2`, line.line_no, line.variant_id));
    }
  }
  const tenderOf = "(SELECT p.%s FROM order_payments p WHERE p.order_number = ?9 AND p.payment_no = ?1 AND p.status = 'debited')";
  const moneyLeft = tenderOf.replace('%s', 'amount - COALESCE(p.released, 0)');
  // The points that paid what is left, rounded as pointsFor rounds the shares given back before.
  const pointsLeft = tenderOf.replace('%s', 'points - CAST(ROUND(p.points * MIN(COALESCE(p.released, 0), p.amount) * 1.0 / MAX(p.amount, 1)) AS INTEGER)');
  for (const tender of tenders.results) {
    if (tender.gift_card_id)
      statements.push(gated(`UPDATE gift_cards SET balance = balance + COALESCE(${moneyLeft}, 0) WHERE id = ?2`, tender.payment_no, tender.gift_card_id));
    if (tender.method === 'LOYALTY_POINTS' && tender.points && order.consumer_no) {
      statements.push(
        gated(`UPDATE consumers SET loyalty_points = loyalty_points + COALESCE(${pointsLeft}, 0) WHERE consumer_no = ?2`, tender.payment_no, order.consumer_no),
      );
    }
    if (tender.method === 'ATHLETES_PAYMENT' && order.consumer_no) {
      statements.push(
        gated(
          `UPDATE consumers SET athlete_current_spend = MAX(0, athlete_current_spend - COALESCE(${moneyLeft}, 0)) WHERE consumer_no = ?2`,
          tender.payment_no,
          order.consumer_no,
        ),
      );
    }
  }
  if (order.consumer_no) {
    // What it counted toward the employee allowance (0041): a failed or cancelled order no longer counts.
    statements.push(
      gated(
        `UPDATE consumers SET employee_current_spend = MAX(0, employee_current_spend - COALESCE((SELECT employee_spend FROM orders WHERE order_number = ?2), 0))
         WHERE consumer_no = ?1 AND employee_current_spend IS NOT NULL`,
        order.consumer_no,
        orderNumber,
      ),
    );
  }
  statements.push(
    gated("UPDATE order_payments SET status = 'restored', released = amount WHERE order_number = ?1 AND status = 'debited'", orderNumber),
    gated('DELETE FROM coupon_redemptions WHERE order_no = ?1', orderNumber),
    // An approved wallet session the failed order did not spend may pay the shopper's next attempt.
    gated('UPDATE payment_sessions SET order_number = NULL WHERE order_number = ?1', orderNumber),
    gated(
      'UPDATE promotions SET redemptions = redemptions - 1 WHERE site_id = ?1 AND coupon_code IN (SELECT value FROM json_each(?2)) AND redemptions > 0',
      order.site_id,
      order.coupons,
    ),
    db
      .prepare(
        'INSERT INTO order_status_history (order_number, status, at, note) SELECT ?1, ?5, ?2, ?3 WHERE EXISTS (SELECT 1 FROM orders WHERE order_number = ?1 AND release_id = ?4)',
      )
      .bind(orderNumber, now, reason, releaseId, move.to),
  );
  await db.batch(statements);
  const released = await db.prepare('SELECT 1 FROM orders WHERE order_number = ?1 AND release_id = ?2').bind(orderNumber, releaseId).first();
  return released !== null;
}

/** The points that paid `released` of a points tender of `amount`: rounded the same way every time, so shares add up. */
export function pointsFor(points: number, amount: number, released: number): number {
  return amount > 0 ? Math.round((points * Math.min(released, amount)) / amount) : 0;
}
