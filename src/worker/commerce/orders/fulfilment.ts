// Fulfilment (ARCHITECTURE.md, Payments, mail, fulfilment): what moves a paid order through the warehouse
// and the carrier. Two parts: a status source moves orders from paid to processing, shipped and delivered
// (locally and in tests a sandbox on a schedule; with FULFILMENT_SERVICE a warehouse's API, warehouse-source.ts),
// and one shared part follows the goods with the money: the payment is captured once an order has shipped,
// returned parcels are received and refunds settle. A Cron Trigger runs it, and /admin can run it now.

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

/** What moves orders between paid, processing, shipped and delivered: the sandbox's schedule, or a warehouse. */
export interface StatusSource {
  /** Moves the orders due at `now` (only `only`, when named); answers how many moved, and what failed, by name. */
  move(now: Date, only: string | null): Promise<Record<string, number>>;
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

export interface ScheduleOptions {
  schedule?: typeof SANDBOX_SCHEDULE;
  /** A condition on the order (`o`) limiting which orders the schedule moves; every order when absent. */
  where?: string;
  /** A carrier and tracking number made up at shipping: the sandbox's parcels; false for goods no carrier takes. */
  tracking?: boolean;
}

/** The sandbox's source: each status moves on once its wait is over, shipping with a made-up carrier's tracking. */
export function scheduleSource(db: D1Database, options: ScheduleOptions = {}): StatusSource {
  const { schedule = SANDBOX_SCHEDULE, where = '1 = 1', tracking = true } = options;
  return {
    async move(now, only) {
      const moved: Record<string, number> = {};
      for (const step of schedule) {
        const due = await db
          .prepare(
            `SELECT o.order_number, o.site_id FROM orders o WHERE o.status = ?1 AND o.updated_at <= ?2 AND (?3 IS NULL OR o.order_number = ?3) AND ${where}
             ORDER BY o.updated_at LIMIT 200`,
          )
          .bind(step.from, new Date(now.getTime() - step.afterMs).toISOString(), only)
          .all<{ order_number: string; site_id: string }>();
        for (const order of due.results) {
          const carrier = CARRIERS[order.site_id] ?? 'UPS';
          const history = tracking && step.to === 'shipped' ? { carrier, trackingNumber: trackingNumber(carrier) } : {};
          if (await moveOrder(db, order.order_number, [step.from], step.to, history, now.toISOString())) moved[step.to] = (moved[step.to] ?? 0) + 1;
        }
      }
      return moved;
    },
  };
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

/** Return labels' parcels that have had time to reach the warehouse, received; the pages of their units told. */
async function receiveReturns(
  db: D1Database,
  payments: () => PaymentProvider,
  mailer: Mailer | null,
  restocked: (orderNumber: string) => Promise<void>,
  now: Date,
  only: string | null,
): Promise<number> {
  const due = await db
    .prepare(
      "SELECT return_id, order_number FROM order_returns WHERE status = 'label_issued' AND created_at <= ?1 AND (?2 IS NULL OR order_number = ?2) ORDER BY created_at LIMIT 200",
    )
    .bind(new Date(now.getTime() - RETURN_TRANSIT_MS).toISOString(), only)
    .all<{ return_id: string; order_number: string }>();
  let received = 0;
  for (const row of due.results) {
    if (!(await receiveReturn(db, payments(), row.return_id, mailer, now.toISOString()))) continue;
    received += 1;
    await restocked(row.order_number);
  }
  return received;
}

/** Adds a source's counts to the run's answer. */
function tally(moved: Record<string, number>, more: Record<string, number>): void {
  for (const [name, count] of Object.entries(more)) if (count > 0) moved[name] = (moved[name] ?? 0) + count;
}

/** The fulfilment with its status sources, run in turn, then the money and the returns, whichever moved the goods. */
export function fulfilmentWith(
  db: D1Database,
  payments: () => PaymentProvider,
  mailer: Mailer | null,
  /** Units of this order came back to the warehouse: the pages showing them may change (stock-pages.ts). */
  restocked: (orderNumber: string) => Promise<void>,
  sources: readonly StatusSource[],
): Fulfilment {
  return {
    async advance(now, orderNumber) {
      const only = orderNumber ?? null;
      const moved: Record<string, number> = {};
      // Shipped before its money is taken: from then on nothing of it can be cancelled, so the capture reads
      // what is left to take once, not before a cancellation that lands during the processor's call.
      for (const source of sources) tally(moved, await source.move(now, only));
      // The money is taken when the goods have left, as card rules require; a capture that failed or waited
      // for a refund still settling is tried again by the next run.
      const { captured, failed } = await captureShipped(db, payments(), only);
      tally(moved, { captured, captureFailed: failed });
      tally(moved, { returnReceived: await receiveReturns(db, payments, mailer, restocked, now, only) });
      tally(moved, { refundSettled: await settlePendingRefunds(db, payments(), now, orderNumber) });
      return moved;
    },
  };
}

/** The sandbox: every order moves on the schedule, shipping with a made-up carrier's tracking number. */
export function sandboxFulfilment(
  db: D1Database,
  payments: () => PaymentProvider,
  mailer: Mailer | null,
  restocked: (orderNumber: string) => Promise<void>,
  schedule = SANDBOX_SCHEDULE,
): Fulfilment {
  return fulfilmentWith(db, payments, mailer, restocked, [scheduleSource(db, { schedule })]);
}
