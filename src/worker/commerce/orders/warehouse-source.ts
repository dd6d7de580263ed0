// Orders moved by a warehouse's answers (FULFILMENT_SERVICE; warehouse.ts): a paid order is sent to the
// warehouse and is processing once the warehouse has taken it; it ships when the warehouse has a tracked
// parcel for each place it goes to, and is delivered when the carrier says every parcel has arrived. A
// cancellation after the warehouse took the order is sent on to it, so cancelled goods stay on the shelf.
// Only orders with units from the warehouse come here; the rest move on the schedule (run-fulfilment.ts).
// A call the warehouse does not answer leaves its order where it was for the next run, and is counted
// (`warehouseFailed`) and logged; the run goes on with the next order.

import { auditStatement } from '../../lib/audit.ts';
import type { Logger } from '../../lib/logger.ts';
import type { StatusSource } from './fulfilment.ts';
import { moveOrder } from './status.ts';
import { type Warehouse, type WarehouseOrder, type WarehouseParcel, WarehouseUnavailable } from './warehouse.ts';
import { FROM_WAREHOUSE, warehouseOrdersOf } from './warehouse-orders.ts';

/** How many orders each step takes per run: a warehouse's API allows few calls a minute (ShipStation's, 40). */
const BATCH = 25;

/** How long after its cancellation the warehouse is still told of it, while runs cannot reach the warehouse. */
const TELL_CANCELLED_MS = 30 * 24 * 60 * 60_000;

type Attempt<T> = { ok: true; value: T } | { ok: false; refused: boolean };

/** One run's calls to the warehouse: what they moved, what failed, and whether the run may call again. */
class WarehouseRun {
  readonly counts: Record<string, number> = {};
  /** Shipped by this run: not asked about their delivery before the carrier has even had them. */
  readonly shipped = new Set<string>();
  private stopped = false;

  constructor(
    readonly db: D1Database,
    readonly warehouse: Warehouse,
    readonly logger: Logger,
    readonly runId: string,
  ) {}

  count(name: string): void {
    this.counts[name] = (this.counts[name] ?? 0) + 1;
  }

  /** The call's answer, or the failure it met, counted and logged; undefined once this run may call no more. */
  async attempt<T>(orderNumber: string, step: string, call: () => Promise<T>): Promise<Attempt<T> | undefined> {
    if (this.stopped) return undefined;
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      const kind = error instanceof WarehouseUnavailable ? error.kind : 'failed';
      if (error instanceof WarehouseUnavailable && error.stopsRun) this.stopped = true;
      if (kind === 'budget') return undefined;
      this.count('warehouseFailed');
      this.logger.warn('fulfilment.warehouse', { warehouse: this.warehouse.name, orderNumber, step, kind, error });
      return { ok: false, refused: kind === 'refused' };
    }
  }

  /**
   * Sends every parcel of the order as it is now (sending again updates the warehouse's orders by their keys),
   * and records in the audit trail how far into the order's history the warehouse has been told: a change
   * after that, even one made while this call was on its way, is sent by a later run (sendChanges).
   */
  async send(orderNumber: string, now: Date, refusalIsFinal: boolean): Promise<Attempt<WarehouseOrder[]> | undefined> {
    const read = await this.db
      .prepare('SELECT COALESCE(MAX(rowid), 0) AS through FROM order_status_history WHERE order_number = ?1')
      .bind(orderNumber)
      .first<{ through: number }>();
    const sent = await this.attempt(orderNumber, 'send', async () => {
      const parcels = await warehouseOrdersOf(this.db, orderNumber);
      for (const parcel of parcels) await this.warehouse.send(parcel);
      return parcels;
    });
    if (!sent || (!sent.ok && !(sent.refused && refusalIsFinal))) return sent;
    // A change refused as it is (its parcel already left, say): a retry would not change that, so it counts
    // as told, and someone sorts it out by hand.
    if (!sent.ok) this.logger.error('fulfilment.warehouse-refused', { warehouse: this.warehouse.name, orderNumber });
    const details = sent.ok
      ? { through: read?.through ?? 0, parcels: sent.value.map((p) => ({ orderKey: p.orderKey, status: p.status, lines: p.lines.length })) }
      : { through: read?.through ?? 0, refused: true };
    const entry = { actor: `fulfilment:${this.warehouse.name}`, action: 'warehouse.sent', subject: `order:${orderNumber}`, details, correlationId: this.runId };
    await auditStatement(this.db, entry, now).run();
    return sent;
  }

  /** The warehouse's parcels matched to the order's open parcels, in the order's order; null while one has none. */
  async tracked(orderNumber: string): Promise<WarehouseParcel[] | null> {
    const wanted = (await warehouseOrdersOf(this.db, orderNumber)).filter((parcel) => parcel.status === 'open');
    const parcels = await this.warehouse.parcels(orderNumber);
    const matched = wanted.map((want) => parcels.find((p) => p.orderKey === want.orderKey || (p.orderKey === null && wanted.length === 1)));
    return matched.length > 0 && matched.every((parcel) => parcel !== undefined) ? (matched as WarehouseParcel[]) : null;
  }
}

const due = (run: WarehouseRun, status: string, only: string | null, order: string) =>
  run.db
    .prepare(
      `SELECT o.order_number FROM orders o WHERE o.status = ?1 AND ${FROM_WAREHOUSE} AND (?2 IS NULL OR o.order_number = ?2) ORDER BY ${order} LIMIT ${BATCH}`,
    )
    .bind(status, only)
    .all<{ order_number: string }>()
    .then((rows) => rows.results.map((row) => row.order_number));

/**
 * Paid orders to the warehouse; each it takes is processing. One it cannot take stays paid for the next run.
 * One cancelled while the warehouse was taking it has a change in its history after what was sent: the
 * next run's sendChanges sends that on.
 */
async function sendPaid(run: WarehouseRun, now: Date, only: string | null): Promise<void> {
  for (const orderNumber of await due(run, 'paid', only, 'o.updated_at')) {
    const sent = await run.send(orderNumber, now, false);
    if (sent?.ok && (await moveOrder(run.db, orderNumber, ['paid'], 'processing', {}, now.toISOString()))) run.count('processing');
  }
}

/**
 * Orders the warehouse took that changed since (some lines cancelled, or the whole order): a change in their
 * history later than the last the warehouse was sent (warehouse.sent in the audit trail).
 */
const CHANGED = `SELECT order_number FROM (
  SELECT o.order_number,
    (SELECT MAX(h.rowid) FROM order_status_history h WHERE h.order_number = o.order_number AND h.status IN ('items_cancelled', 'cancelled')) AS changed,
    (SELECT MAX(CAST(json_extract(a.details, '$.through') AS INTEGER)) FROM audit_log a
      WHERE a.subject = 'order:' || o.order_number AND a.action = 'warehouse.sent') AS told
  FROM orders o
  WHERE (o.status = 'processing' OR (o.status = 'cancelled' AND o.updated_at >= ?1)) AND (?2 IS NULL OR o.order_number = ?2)
) WHERE told IS NOT NULL AND changed > told LIMIT ${BATCH}`;

/** Sends the warehouse what changed after it took an order, so cancelled units stay on its shelves. */
async function sendChanges(run: WarehouseRun, now: Date, only: string | null): Promise<void> {
  const changed = await run.db
    .prepare(CHANGED)
    .bind(new Date(now.getTime() - TELL_CANCELLED_MS).toISOString(), only)
    .all<{ order_number: string }>();
  for (const { order_number: orderNumber } of changed.results) if ((await run.send(orderNumber, now, true))?.ok) run.count('warehouseUpdated');
}

/** Processing orders whose every parcel the warehouse has sent: shipped, with the carrier and tracking of the home one. */
async function collectShipped(run: WarehouseRun, now: Date, only: string | null): Promise<void> {
  // In no particular order: an order the warehouse holds back must not keep the others from being looked at.
  for (const orderNumber of await due(run, 'processing', only, 'random()')) {
    const found = await run.attempt(orderNumber, 'parcels', () => run.tracked(orderNumber));
    if (!found?.ok || !found.value) continue;
    const parcel = found.value.find((p) => p.orderKey === orderNumber) ?? (found.value[0] as WarehouseParcel);
    const history = { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber };
    if (await moveOrder(run.db, orderNumber, ['processing'], 'shipped', history, now.toISOString())) {
      run.count('shipped');
      run.shipped.add(orderNumber);
    }
  }
}

/** Shipped orders whose every parcel the carrier has delivered. */
async function collectDelivered(run: WarehouseRun, now: Date, only: string | null): Promise<void> {
  if (!run.warehouse.tracksDelivery) return;
  for (const orderNumber of await due(run, 'shipped', only, 'random()')) {
    if (run.shipped.has(orderNumber)) continue;
    const arrived = await run.attempt(orderNumber, 'delivery', async () => {
      const parcels = await run.tracked(orderNumber);
      if (!parcels) return false;
      for (const parcel of parcels) if (!(await run.warehouse.delivered(parcel))) return false;
      return true;
    });
    if (arrived?.ok && arrived.value && (await moveOrder(run.db, orderNumber, ['shipped'], 'delivered', {}, now.toISOString()))) run.count('delivered');
  }
}

/** The status source of a warehouse reached through its API; `warehouse` makes this run's calls. */
export function warehouseSource(db: D1Database, warehouse: Warehouse, logger: Logger): StatusSource {
  return {
    async move(now, only) {
      const run = new WarehouseRun(db, warehouse, logger, `fulfilment-${crypto.randomUUID()}`);
      // Cancellations first: goods that must stay on the shelf matter more than new orders, if calls run short.
      await sendChanges(run, now, only);
      await sendPaid(run, now, only);
      await collectShipped(run, now, only);
      await collectDelivered(run, now, only);
      return run.counts;
    },
  };
}
