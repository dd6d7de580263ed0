// Serving an order's documents: the invoice from what the order billed and refunded, and any PDF as a
// private download.

import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { invoicePdf } from './documents.ts';
import type { OrderEntity } from './order-entity.ts';

/** Statuses with nothing to invoice: never paid, or cancelled whole before anything was taken. */
const NOT_INVOICED = new Set(['cancelled', 'failed', 'placing', 'awaiting_authentication', 'created']);

/** Whether an order has an invoice to download. */
export const invoiceable = (order: OrderEntity): boolean => !NOT_INVOICED.has(order.status);

export async function invoiceOf(db: D1Database, order: OrderEntity): Promise<Uint8Array> {
  if (!invoiceable(order)) {
    throw new HttpError('API400', 'This order has no invoice: nothing was charged for it.', [{ field: 'orderNumber', message: 'This order has no invoice.' }]);
  }
  const refunds = await db
    .prepare("SELECT COALESCE(SUM(amount), 0) AS total FROM order_refunds WHERE order_number = ?1 AND kind = 'return' AND status = 'settled'")
    .bind(order.orderNumber)
    .first<{ total: number }>();
  const billed = order.items
    .filter((item) => item.qty > item.cancelledQty)
    .map((item) => ({
      name: item.name,
      variant: [item.variants.color, item.variants.size].filter(Boolean).join(' · '),
      qty: item.qty - item.cancelledQty,
      rowTotal: item.rowTotal - Math.floor((item.rowTotal * item.cancelledQty) / item.qty),
    }));
  return invoicePdf(order, billed, refunds?.total ?? 0);
}

export function pdf(c: Context<AppEnv>, bytes: Uint8Array, filename: string): Response {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}
