// The Order entity (commerce-core §3, Order) as the API answers it and the confirmation page and account
// area show it: read back from D1, never from the basket, so it says what was actually bought.

import type { OrderStatus } from './status.ts';
import type { OrderLineRow, OrderPaymentRow, OrderRow } from './stored-order.ts';

export interface OrderEntity {
  orderNumber: string;
  status: OrderStatus;
  checkoutStatus: string | null;
  storeContext: string | null;
  createdAt: string;
  currency: string;
  email: string;
  locale: string;
  siteId: string;
  consumerNo: string | null;
  totals: Record<string, unknown>;
  promoSummary: unknown[];
  items: {
    itemId: string;
    productId: string;
    masterProductId: string;
    name: string;
    variants: { color: string; size: string };
    qty: number;
    /** Units cancelled before shipping, received back, and on a return label on their way back. */
    cancelledQty: number;
    returnedQty: number;
    returningQty: number;
    /** A gift card sent by email: nothing ships, nothing comes back. */
    digital: boolean;
    price: Record<string, unknown>;
    rowTotal: number;
    giftOption: unknown;
    /** The design a pair made to order is made to (customs); null for anything else. */
    recipeId: string | null;
    shipmentId: string;
    storeId: string | null;
  }[];
  shipments: {
    shipmentId: string;
    method: string;
    storeId?: string | null;
    pointId?: string | null;
    address?: unknown;
    /** Who collects it (a pickup point) or whom the store tells (a store pickup), where the locale asks. */
    contact?: { contactName?: string; mobilePhone?: string; email: string };
    tracking?: { carrier: string; trackingNumber: string };
  }[];
  shippingAddress: Record<string, unknown> | null;
  billingAddress: Record<string, unknown> | null;
  paymentMethod: { code: string; label: string; amount: number; status: string; additionalData: Record<string, unknown> }[];
  inStoreSalesInfo: { storeId: string; storeEmployeeId: string } | null;
  statusHistory: { status: string; at: string; carrier?: string; trackingNumber?: string; note?: string }[];
  flash: { type: string; message: string; action?: { type: string; url: string } }[];
}

const LABELS: Record<string, string> = {
  CREDIT_CARD: 'Card',
  GIFT_CARD: 'Gift card',
  REWARD_CODE: 'Reward code',
  REWARD_CARD: 'Reward card',
  LOYALTY_POINTS: 'Loyalty points',
  ATHLETES_PAYMENT: 'Athlete allowance',
  PAYPAL: 'PayPal',
  KLARNA: 'Klarna',
  DW_APPLE_PAY: 'Apple Pay',
};

const parse = <T>(text: string | null, fallback: T): T => (text ? (JSON.parse(text) as T) : fallback);

export async function readOrder(db: D1Database, orderNumber: string): Promise<OrderEntity | null> {
  const [order, lines, payments, history] = await db.batch<unknown>([
    db.prepare('SELECT * FROM orders WHERE order_number = ?1').bind(orderNumber),
    db.prepare('SELECT * FROM order_lines WHERE order_number = ?1 ORDER BY line_no').bind(orderNumber),
    db.prepare('SELECT * FROM order_payments WHERE order_number = ?1 ORDER BY payment_no').bind(orderNumber),
    db.prepare('SELECT status, at, carrier, tracking_number, note FROM order_status_history WHERE order_number = ?1 ORDER BY at, rowid').bind(orderNumber),
  ]);
  const row = order?.results[0] as OrderRow | undefined;
  if (!row) return null;
  const shipments = parse<OrderEntity['shipments']>(row.shipments, []);
  const historyRows = (history?.results ?? []) as { status: string; at: string; carrier: string | null; tracking_number: string | null; note: string | null }[];
  // The latest tracking a shipment got, from the status history the fulfilment writes.
  const shipped = historyRows.filter((h) => h.status === 'shipped' && h.tracking_number).at(-1);
  return {
    orderNumber: row.order_number,
    status: row.status,
    checkoutStatus: row.checkout_status,
    storeContext: row.store_context,
    createdAt: row.created_at,
    currency: row.currency,
    email: row.email,
    locale: row.locale,
    siteId: row.site_id,
    consumerNo: row.consumer_no,
    totals: parse(row.totals, {}),
    promoSummary: parse(row.promo_summary, []),
    items: ((lines?.results ?? []) as OrderLineRow[]).map((line) => ({
      itemId: line.item_id,
      productId: line.variant_id,
      masterProductId: line.product_id,
      name: line.name,
      variants: { color: line.colour, size: line.size },
      qty: line.qty,
      cancelledQty: line.cancelled_qty,
      returnedQty: line.returned_qty,
      returningQty: line.returning_qty,
      digital: line.stock_source === 'digital',
      price: parse(line.price, {}),
      rowTotal: line.row_total,
      giftOption: parse(line.gift, null),
      recipeId: line.recipe_id ?? null,
      shipmentId: line.shipment_id,
      storeId: line.store_id,
    })),
    shipments: shipments.map((shipment) =>
      shipment.method !== 'pickup' && shipped?.carrier && shipped.tracking_number
        ? { ...shipment, tracking: { carrier: shipped.carrier, trackingNumber: shipped.tracking_number } }
        : shipment,
    ),
    shippingAddress: parse(row.shipping_address, null),
    billingAddress: parse(row.billing_address, null),
    paymentMethod: ((payments?.results ?? []) as OrderPaymentRow[])
      .filter((p) => p.status !== 'declined' && p.status !== 'restored')
      .map((p) => ({
        code: p.method,
        label: LABELS[p.method] ?? p.method,
        amount: p.amount,
        status: p.status,
        additionalData: {
          ...(p.card ? parse<Record<string, unknown>>(p.card, {}) : {}),
          ...(p.points ? { points: p.points } : {}),
        },
      })),
    inStoreSalesInfo: parse(row.in_store_sales_info, null),
    statusHistory: historyRows
      .filter((h) => h.status !== 'placing')
      .map((h) => ({
        status: h.status,
        at: h.at,
        ...(h.carrier ? { carrier: h.carrier } : {}),
        ...(h.tracking_number ? { trackingNumber: h.tracking_number } : {}),
        ...(h.note ? { note: h.note } : {}),
      })),
    flash: [],
  };
}
