// The payment sessions the store opens (a PayPal or Klarna session, an Apple Pay sheet), kept on the store's
// side with the basket, amount and currency they were opened for (the money-and-trust issue, §1). A session
// pays only its own basket, only the amount the shopper approved, and only one order: the order's batch
// binds it (a trigger refuses a second order), and a failed order gives it back.

import { HttpError } from '../../lib/http-error.ts';

export interface OpenedSession {
  sessionId: string;
  method: 'PAYPAL' | 'KLARNA' | 'DW_APPLE_PAY';
  basketId: string;
  usid: string;
  amount: number;
  currency: string;
}

export async function recordPaymentSession(db: D1Database, session: OpenedSession, now = new Date().toISOString()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO payment_sessions (session_id, method, basket_id, usid, amount, currency, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)`,
    )
    .bind(session.sessionId, session.method, session.basketId, session.usid, session.amount, session.currency, now)
    .run();
}

/** The sheet was told a new total (Apple Pay's shipping contact or method changed): that is what it now approves. */
export async function requoteSession(db: D1Database, sessionId: string, basketId: string, amount: number, currency: string): Promise<void> {
  await db
    .prepare('UPDATE payment_sessions SET amount = ?3, currency = ?4, updated_at = ?5 WHERE session_id = ?1 AND basket_id = ?2 AND order_number IS NULL')
    .bind(sessionId, basketId, amount, currency, new Date().toISOString())
    .run();
}

/**
 * Refuses a session that is not this basket's (PAY403), has paid an order already (PAY403), or was approved
 * for another amount or currency than the order now asks (PAY409: the shopper approves the new amount).
 */
export async function assertSessionPays(
  db: D1Database,
  sessionId: string,
  order: { basketId: string; amount: number; currency: string; resuming?: string | undefined },
): Promise<void> {
  const row = await db
    .prepare(
      `SELECT s.basket_id, s.amount, s.currency, s.order_number, o.status AS order_status
       FROM payment_sessions s LEFT JOIN orders o ON o.order_number = s.order_number WHERE s.session_id = ?1`,
    )
    .bind(sessionId)
    .first<{ basket_id: string; amount: number; currency: string; order_number: string | null; order_status: string | null }>();
  if (!row || row.basket_id !== order.basketId) throw new HttpError('PAY403');
  if (row.order_number && row.order_number !== order.resuming && row.order_status !== 'failed') throw new HttpError('PAY403');
  if (row.amount !== order.amount || row.currency !== order.currency) throw new HttpError('PAY409');
}

/** In the order's batch: the session now pays this order (the trigger aborts the batch if it paid another). */
export function bindSessionStatement(db: D1Database, sessionId: string, orderNumber: string, now: string): D1PreparedStatement {
  return db.prepare('UPDATE payment_sessions SET order_number = ?2, updated_at = ?3 WHERE session_id = ?1').bind(sessionId, orderNumber, now);
}

/** The message of the batch a bound session aborted (the migration's trigger). */
export const SESSION_ALREADY_PAID = /payment session already paid an order/;
