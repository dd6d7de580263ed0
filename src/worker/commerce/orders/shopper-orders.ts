// A shopper's orders in the account area (account-content §7: purchasehistory, purchase/{orderId},
// TrackOrder): the history a page at a time, one order whole, and its tracking. Another shopper's order, or
// one never placed, is OHS4004 and nothing more. Tracking also answers a guest who gives the order's email,
// counted per address so order numbers cannot be tried in bulk.

import { coarseLimit } from '../../lib/coarse-limit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { equalBytes } from '../../lib/secret-tokens.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { orderAccessAllowed } from './access.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';

/** Orders a page shows at once, and the most a caller may ask for. */
export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_PAGE_MAX = 50;

/** What the history lists of an order: enough to recognise it and open it. */
export interface OrderSummaryRow {
  orderNumber: string;
  createdAt: string;
  status: string;
  currency: string;
  total: number;
  itemCount: number;
  /** The first few item names, as the history shows them. */
  names: string[];
}

export interface OrderHistory {
  orders: OrderSummaryRow[];
  page: number;
  pageSize: number;
  total: number;
}

/** Statuses an order is never listed in: still being placed, or never placed at all. */
const UNLISTED_STATUSES = ['placing', 'failed', 'awaiting_authentication'] as const;
const UNLISTED = `(${UNLISTED_STATUSES.map((status) => `'${status}'`).join(', ')})`;

export async function orderHistory(db: D1Database, consumerNo: string, page = 1, pageSize = HISTORY_PAGE_SIZE): Promise<OrderHistory> {
  const size = Math.min(Math.max(1, Math.trunc(pageSize)), HISTORY_PAGE_MAX);
  const current = Math.max(1, Math.trunc(page));
  const [rows, count] = await db.batch<unknown>([
    db
      .prepare(
        `SELECT o.order_number, o.created_at, o.status, o.currency, json_extract(o.totals, '$.total') AS total,
                (SELECT COALESCE(SUM(qty), 0) FROM order_lines l WHERE l.order_number = o.order_number) AS item_count,
                (SELECT json_group_array(name) FROM (SELECT name FROM order_lines l WHERE l.order_number = o.order_number ORDER BY line_no LIMIT 3)) AS names
         FROM orders o WHERE o.consumer_no = ?1 AND o.status NOT IN ${UNLISTED}
         ORDER BY o.created_at DESC, o.order_number DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(consumerNo, size, (current - 1) * size),
    db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE consumer_no = ?1 AND status NOT IN ${UNLISTED}`).bind(consumerNo),
  ]);
  const results = (rows?.results ?? []) as {
    order_number: string;
    created_at: string;
    status: string;
    currency: string;
    total: number;
    item_count: number;
    names: string;
  }[];
  return {
    orders: results.map((row) => ({
      orderNumber: row.order_number,
      createdAt: row.created_at,
      status: row.status,
      currency: row.currency,
      total: row.total,
      itemCount: row.item_count,
      names: JSON.parse(row.names) as string[],
    })),
    page: current,
    pageSize: size,
    total: ((count?.results ?? [])[0] as { n: number } | undefined)?.n ?? 0,
  };
}

const LISTED = (order: OrderEntity) => !(UNLISTED_STATUSES as readonly string[]).includes(order.status);

/** One of the shopper's own orders, whole; anything else is OHS4004. */
export async function ownOrder(db: D1Database, consumerNo: string, orderNumber: string): Promise<OrderEntity> {
  const order = /^CR\d{9}$/.test(orderNumber) ? await readOrder(db, orderNumber) : null;
  if (!order || order.consumerNo !== consumerNo || !LISTED(order)) throw new HttpError('OHS4004');
  return order;
}

export interface Tracking {
  orderNumber: string;
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  events: OrderEntity['statusHistory'];
}

const sameEmail = (a: string, b: string) => {
  const encoder = new TextEncoder();
  return equalBytes(encoder.encode(a.trim().toLowerCase()), encoder.encode(b.trim().toLowerCase()));
};

/**
 * An order its owner may open, or a guest who proves it is theirs: the access token from the confirmation
 * email, or the order's email (counted per address, so order numbers cannot be tried in bulk).
 */
export async function callerOrder(
  deps: ServiceDeps,
  shopper: Shopper,
  orderNumber: string,
  proof: { email?: string | undefined; st?: string | undefined },
): Promise<OrderEntity> {
  const { env } = deps;
  const claims = shopper.claims;
  const consumerNo = claims?.type === 'registered' ? claims.consumerNo : undefined;
  const known = /^CR\d{9}$/.test(orderNumber);
  let order = known ? await readOrder(env.DB, orderNumber) : null;
  const owner = Boolean(order && consumerNo && order.consumerNo === consumerNo);
  if (!owner) {
    if (proof.st) {
      if (!known || !(await orderAccessAllowed(env.DB, orderNumber, proof.st))) order = null;
    } else {
      if (!proof.email) throw new HttpError('OHS4004');
      // LOOKUP_LIMIT (wrangler.toml): ten a minute from one address, enough for a shopper's typos, not for trying numbers.
      await coarseLimit(env.LOOKUP_LIMIT, 'track-order', shopper.address, 'Too many order lookups. Please wait a moment and try again.');
      // Compared whether or not the order exists, so the time taken says nothing of which part was wrong.
      const matches = sameEmail(order?.email ?? '', proof.email);
      if (!order || !matches) order = null;
    }
  }
  if (!order || !LISTED(order)) throw new HttpError('OHS4004');
  return order;
}

/**
 * An order for its invoice, return labels and returns: its owner signed in, or for a guest's order whoever
 * proves it as `callerOrder` takes. An account's order answers OHS4030 to a guest's proof, only once that
 * proof held, so the refusal tells nothing a stranger did not know.
 */
export async function afterSalesOrder(
  deps: ServiceDeps,
  shopper: Shopper,
  orderNumber: string,
  proof: { email?: string | undefined; st?: string | undefined },
): Promise<OrderEntity> {
  const order = await callerOrder(deps, shopper, orderNumber, proof);
  if (order.consumerNo && !isOwner(shopper, order)) throw new HttpError('OHS4030');
  return order;
}

/** Whether the signed-in shopper placed the order. */
export function isOwner(shopper: Pick<Shopper, 'claims'>, order: OrderEntity): boolean {
  const claims = shopper.claims;
  return claims?.type === 'registered' && Boolean(order.consumerNo) && claims.consumerNo === order.consumerNo;
}

/** Whether an order was placed by a signed-in shopper (its after-sales are in their account). */
export async function placedByAccount(db: D1Database, orderNumber: string): Promise<boolean> {
  const row = await db.prepare('SELECT consumer_no FROM orders WHERE order_number = ?1').bind(orderNumber).first<{ consumer_no: string | null }>();
  return Boolean(row?.consumer_no);
}

/** An order's tracking for its owner, or for whoever gives its number and email (a guest's lookup). */
export async function trackOrder(deps: ServiceDeps, shopper: Shopper, input: { orderNumber: string; email?: string | undefined }): Promise<Tracking> {
  return trackingOf(await callerOrder(deps, shopper, input.orderNumber, { email: input.email }));
}

/** The tracking the link in the confirmation email opens: the order number and its access token. */
export async function trackByToken(db: D1Database, orderNumber: string, st: string): Promise<Tracking> {
  const order = /^CR\d{9}$/.test(orderNumber) && (await orderAccessAllowed(db, orderNumber, st)) ? await readOrder(db, orderNumber) : null;
  if (!order || !LISTED(order)) throw new HttpError('OHS4004');
  return trackingOf(order);
}

function trackingOf(order: OrderEntity): Tracking {
  const shipment = order.shipments.find((s) => s.tracking);
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    carrier: shipment?.tracking?.carrier ?? null,
    trackingNumber: shipment?.tracking?.trackingNumber ?? null,
    events: order.statusHistory,
  };
}
