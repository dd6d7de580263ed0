// Fulfilment (ARCHITECTURE.md, Payments, mail, fulfilment): what moves a paid order through the warehouse
// and the carrier. Behind an interface, as a real warehouse system would be; locally and in tests a sandbox
// moves orders on a schedule, so an order placed on this machine really ships, captures its payment when
// it does, gets a tracking number and is delivered. A Cron Trigger runs it, and /admin can run it now.

import type { Mailer } from '../../mail/mailer.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { settlePendingRefunds, settleRefund } from './after-sales.ts';
import { receiveReturn } from './returns.ts';
import { moveOrder, type OrderStatus } from './status.ts';

export interface Fulfilment {
  /**
   * Moves every order whose next step is due at `now` (only `orderNumber`'s, with its returns and refunds, when
   * one is named); answers how many moved to each status.
   */
  advance(now: Date, orderNumber?: string): Promise<Record<string, number>>;
}

/** How long after entering a status the sandbox moves an order on (the next status, and the wait). */
export const SANDBOX_SCHEDULE: readonly { from: OrderStatus; to: OrderStatus; afterMs: number }[] = [
  { from: 'paid', to: 'processing', afterMs: 2 * 60_000 },
  { from: 'processing', to: 'shipped', afterMs: 10 * 60_000 },
  { from: 'shipped', to: 'delivered', afterMs: 60 * 60_000 },
];

/** How long a return label's parcel takes to reach the warehouse in the sandbox. */
export const RETURN_TRANSIT_MS = 2 * 24 * 60 * 60_000;

const CARRIERS: Record<string, string> = { US: 'UPS', CA: 'Canada Post', GB: 'Royal Mail', FR: 'Colissimo', DE: 'DHL', IT: 'Poste Italiane' };

/** A carrier's tracking number: the carrier's usual shape is not needed, only that it is unique and readable. */
function trackingNumber(carrier: string): string {
  const digits = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => String(b % 10)).join('');
  return `${carrier
    .replace(/[^A-Z]/gi, '')
    .slice(0, 3)
    .toUpperCase()}${digits}`;
}

/** Orders gone from the warehouse whose card or wallet is still only authorized. */
const UNCAPTURED = `SELECT DISTINCT p.order_number FROM order_payments p JOIN orders o ON o.order_number = p.order_number
  WHERE p.status = 'authorized' AND p.authorization_id IS NOT NULL AND o.status IN ('shipped', 'delivered', 'partly_returned', 'returned')
    AND (?1 IS NULL OR p.order_number = ?1) LIMIT 200`;

/**
 * Captures what is left to take of each shipped order's held payments. The order's refunds settle first (a
 * cancellation of some lines before shipping lowers what is taken); while one is still settling elsewhere,
 * the order waits for the next run. A capture the processor refuses leaves the payment held and the run
 * going: it is counted as failed in the run's answer and tried again by the next run.
 */
async function captureShipped(db: D1Database, provider: PaymentProvider, only: string | null): Promise<{ captured: number; failed: number }> {
  const done = { captured: 0, failed: 0 };
  const orders = await db.prepare(UNCAPTURED).bind(only).all<{ order_number: string }>();
  for (const { order_number: orderNumber } of orders.results) {
    const refunds = await db
      .prepare("SELECT refund_id FROM order_refunds WHERE order_number = ?1 AND status IN ('pending', 'settling') ORDER BY created_at")
      .bind(orderNumber)
      .all<{ refund_id: string }>();
    let settled = true;
    for (const refund of refunds.results) settled = (await settleRefund(db, provider, refund.refund_id)) && settled;
    if (!settled) continue;
    const held = await db
      .prepare(
        "SELECT payment_no, authorization_id, amount, released FROM order_payments WHERE order_number = ?1 AND status = 'authorized' AND authorization_id IS NOT NULL",
      )
      .bind(orderNumber)
      .all<{ payment_no: number; authorization_id: string; amount: number; released: number }>();
    for (const payment of held.results) {
      try {
        // Lines cancelled before shipping are not taken: the capture is for what is left.
        await provider.capture(payment.authorization_id, payment.amount - payment.released);
      } catch {
        done.failed += 1;
        continue;
      }
      await db
        .prepare("UPDATE order_payments SET status = 'captured' WHERE order_number = ?1 AND payment_no = ?2 AND status = 'authorized'")
        .bind(orderNumber, payment.payment_no)
        .run();
      done.captured += 1;
    }
  }
  return done;
}

export function sandboxFulfilment(
  db: D1Database,
  payments: () => PaymentProvider,
  mailer: Mailer | null,
  /** Units of this order came back to the warehouse: the pages showing them may change (stock-pages.ts). */
  restocked: (orderNumber: string) => Promise<void>,
  schedule = SANDBOX_SCHEDULE,
): Fulfilment {
  return {
    async advance(now, orderNumber) {
      const only = orderNumber ?? null;
      const moved: Record<string, number> = {};
      for (const step of schedule) {
        const due = await db
          .prepare(
            'SELECT order_number, site_id FROM orders WHERE status = ?1 AND updated_at <= ?2 AND (?3 IS NULL OR order_number = ?3) ORDER BY updated_at LIMIT 200',
          )
          .bind(step.from, new Date(now.getTime() - step.afterMs).toISOString(), only)
          .all<{ order_number: string; site_id: string }>();
        for (const order of due.results) {
          const carrier = CARRIERS[order.site_id] ?? 'UPS';
          const history = step.to === 'shipped' ? { carrier, trackingNumber: trackingNumber(carrier) } : {};
          // Shipped before its money is taken: from then on nothing of it can be cancelled, so the capture
          // reads what is left to take once, not before a cancellation that lands during the processor's call.
          if (await moveOrder(db, order.order_number, [step.from], step.to, history, now.toISOString())) moved[step.to] = (moved[step.to] ?? 0) + 1;
        }
      }
      // The money is taken when the goods have left, as card rules require; a capture that failed or waited
      // for a refund still settling is tried again by the next run.
      const { captured, failed } = await captureShipped(db, payments(), only);
      if (captured > 0) moved.captured = captured;
      if (failed > 0) moved.captureFailed = failed;
      const due = await db
        .prepare(
          "SELECT return_id, order_number FROM order_returns WHERE status = 'label_issued' AND created_at <= ?1 AND (?2 IS NULL OR order_number = ?2) ORDER BY created_at LIMIT 200",
        )
        .bind(new Date(now.getTime() - RETURN_TRANSIT_MS).toISOString(), only)
        .all<{ return_id: string; order_number: string }>();
      for (const row of due.results) {
        if (!(await receiveReturn(db, payments(), row.return_id, mailer, now.toISOString()))) continue;
        moved.returnReceived = (moved.returnReceived ?? 0) + 1;
        await restocked(row.order_number);
      }
      const refunds = await settlePendingRefunds(db, payments(), now, orderNumber);
      if (refunds > 0) moved.refundSettled = refunds;
      return moved;
    },
  };
}
