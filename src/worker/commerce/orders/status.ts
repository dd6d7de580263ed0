// An order's status and its history (commerce-core §3, Order): every move is conditional on where
// the order must be, and writes its history row in the same batch only when it moved, so racing movers
// (a payment completing, a release, the fulfilment run) leave one consistent trail.

export type OrderStatus =
  | 'placing'
  | 'awaiting_authentication'
  | 'created'
  | 'paid'
  | 'processing'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'partly_returned'
  | 'returned'
  | 'refunded'
  | 'failed';

/** Moves an order on from where it must be; false when it was elsewhere (released meanwhile, say). */
export async function moveOrder(
  db: D1Database,
  orderNumber: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  history: { note?: string; carrier?: string; trackingNumber?: string } = {},
  now = new Date().toISOString(),
): Promise<boolean> {
  const placeholders = from.map((_, i) => `?${i + 4}`).join(', ');
  const [update] = await db.batch([
    db.prepare(`UPDATE orders SET status = ?2, updated_at = ?3 WHERE order_number = ?1 AND status IN (${placeholders})`).bind(orderNumber, to, now, ...from),
    db
      .prepare('INSERT INTO order_status_history (order_number, status, at, carrier, tracking_number, note) SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE changes() = 1')
      .bind(orderNumber, to, now, history.carrier ?? null, history.trackingNumber ?? null, history.note ?? null),
  ]);
  return (update?.meta.changes ?? 0) === 1;
}
