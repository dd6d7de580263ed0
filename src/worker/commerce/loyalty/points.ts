// Loyalty points over an order's life (the account issue, Loyalty): a member earns points on what an order
// paid in money when it is paid, and each refund takes back its share of them; a cancelled order takes back
// all. Every movement is a row of the member's points history. The statements join the batch of the change
// that causes them, and compute what they move inside it, so two refunds at once cannot take back twice.

/** Points a member earns per whole unit of money paid (dollar, euro, pound). */
export const POINTS_PER_UNIT = 1;
/** Tenders that are not money the member paid: an order earns nothing on them. */
const NOT_EARNING = "('LOYALTY_POINTS', 'REWARD_CODE', 'REWARD_CARD', 'ATHLETES_PAYMENT')";

/** What a paid order earns its member (nothing for a shopper outside the programme). */
export function earnStatements(db: D1Database, orderNumber: string, consumerNo: string, now: string): D1PreparedStatement[] {
  const earned = `(SELECT MAX(0, CAST((json_extract(o.totals, '$.total') - COALESCE((SELECT SUM(p.amount) FROM order_payments p
      WHERE p.order_number = o.order_number AND p.method IN ${NOT_EARNING} AND p.status = 'debited'), 0)) / 100 AS INTEGER) * ${POINTS_PER_UNIT})
    FROM orders o WHERE o.order_number = ?1)`;
  const member = 'EXISTS (SELECT 1 FROM consumers WHERE consumer_no = ?2 AND member_id IS NOT NULL)';
  return [
    // Not for an order cancelled (or failed) since it was paid: its cancellation took back what it had earned then.
    db
      .prepare(
        `UPDATE orders SET points_earned = ${earned} WHERE order_number = ?1 AND points_earned = 0 AND status NOT IN ('cancelled', 'failed') AND ${member}`,
      )
      .bind(orderNumber, consumerNo),
    db
      .prepare(
        `INSERT INTO loyalty_transactions (consumer_no, at, points, kind, order_number)
         SELECT ?2, ?3, points_earned, 'earned', ?1 FROM orders WHERE order_number = ?1 AND points_earned > 0 AND changes() = 1`,
      )
      .bind(orderNumber, consumerNo, now),
    // Only after this batch's own ledger line: two confirmations in the same millisecond share `now`, so a
    // ledger line with this time proves nothing (both credited the points).
    db
      .prepare(
        `UPDATE consumers SET loyalty_points = loyalty_points + (SELECT points_earned FROM orders WHERE order_number = ?1)
         WHERE consumer_no = ?2 AND member_id IS NOT NULL AND changes() = 1`,
      )
      .bind(orderNumber, consumerNo),
  ];
}

/**
 * Takes back the points an order's refunds stand for: all of them once it is cancelled, else the share of
 * its total refunded so far. A member who spent the points meanwhile goes down to zero, never below.
 */
export function reversalStatements(db: D1Database, orderNumber: string, now: string): D1PreparedStatement[] {
  const refunded = "(SELECT COALESCE(SUM(r.amount), 0) FROM order_refunds r WHERE r.order_number = o.order_number AND r.status = 'settled')";
  const target = `CASE WHEN o.status = 'cancelled' THEN o.points_earned
    ELSE MIN(o.points_earned, CAST(ROUND(o.points_earned * ${refunded} * 1.0 / MAX(1, json_extract(o.totals, '$.total'))) AS INTEGER)) END`;
  const due = `(SELECT ${target} - o.points_reversed FROM orders o WHERE o.order_number = ?1)`;
  return [
    db
      .prepare(
        `INSERT INTO loyalty_transactions (consumer_no, at, points, kind, order_number)
         SELECT consumer_no, ?2, -${due}, 'reversed', ?1 FROM orders WHERE order_number = ?1 AND consumer_no IS NOT NULL AND ${due} > 0`,
      )
      .bind(orderNumber, now),
    db
      .prepare(
        `UPDATE consumers SET loyalty_points = MAX(0, loyalty_points - ${due})
         WHERE consumer_no = (SELECT consumer_no FROM orders WHERE order_number = ?1) AND ${due} > 0`,
      )
      .bind(orderNumber),
    db.prepare(`UPDATE orders AS o SET points_reversed = ${target} WHERE o.order_number = ?1`).bind(orderNumber),
  ];
}
