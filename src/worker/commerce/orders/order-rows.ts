// Orders in D1 (the checkout issue, §3): written in one batch with the stock they reserve and the gift
// cards and points they spend, so an order either holds everything it needs or was never written. The
// inventory tables refuse a negative quantity (CHECK), so two shoppers racing for the last pair cannot
// both reserve it: the second batch aborts whole. A failed payment gives everything back, in one batch.
// Coupon limits and payment sessions are held the same way, by triggers and keys the batch runs into.

import { spendStatement } from '../gift-cards/spending.ts';
import { bindSessionStatement, SESSION_ALREADY_PAID } from '../payments/payment-sessions.ts';
import { releaseOrder } from './release.ts';

export interface OrderLineInput {
  itemId: string;
  variantId: string;
  productId: string;
  name: string;
  colour: string;
  size: string;
  qty: number;
  unitPrice: number;
  rowTotal: number;
  price: unknown;
  gift: unknown;
  /** The design a made-to-order pair is made to. */
  recipeId: string | null;
  shipmentId: string;
  storeId: string | null;
  stockSource: 'warehouse' | 'store' | 'digital';
}

export interface TenderInput {
  method: 'GIFT_CARD' | 'REWARD_CODE' | 'REWARD_CARD' | 'LOYALTY_POINTS' | 'ATHLETES_PAYMENT';
  amount: number;
  giftCardId?: string;
  points?: number;
}

export interface NewOrder {
  orderNumber: string;
  siteId: string;
  locale: string;
  currency: string;
  basketId: string;
  usid: string;
  consumerNo: string | null;
  email: string;
  stHash: string;
  checkoutStatus: string | null;
  storeContext: string | null;
  totals: unknown;
  promoSummary: unknown;
  shippingAddress: unknown;
  billingAddress: unknown;
  shipments: unknown;
  inStoreSalesInfo: unknown;
  /** Priced with the employee discount: refused once the year's allowance is used up (migration 0041). */
  employeeDiscount: boolean;
  lines: OrderLineInput[];
  /** Paid before the card or wallet: debited in the same batch. */
  tenders: TenderInput[];
  /** The coupons it uses: each counts one redemption, and a once-per-customer one is this customer's. */
  couponCodes: string[];
  /** Every key naming the customer (consumer number, email digest): a once-per-customer code is claimed under each. */
  customerKeys: string[];
  /** The wallet or Apple Pay session paying the rest, bound to this order in its batch. */
  paymentSessionId: string | null;
  idempotencyKey: string | null;
}

/** Why a reservation batch was refused. */
export type ReservationRefusal =
  | 'stock'
  | 'gift-card'
  | 'points'
  | 'athlete'
  | 'employee'
  | 'duplicate'
  | 'coupon-limit'
  | 'coupon-redeemed'
  | 'payment-session';

/** A new order number: CR and nine digits, drawn at random (a collision is retried by the caller). */
export function newOrderNumber(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `CR${String(((digits[0] ?? 0) % 900_000_000) + 100_000_000)}`;
}

const stockUpdate = (db: D1Database, line: OrderLineInput, direction: -1 | 1): D1PreparedStatement | null => {
  if (line.stockSource === 'digital') return null;
  if (line.stockSource === 'store') {
    return db
      .prepare('UPDATE store_inventory SET quantity = quantity + ?1 WHERE store_id = ?2 AND variant_id = ?3')
      .bind(direction * line.qty, line.storeId, line.variantId);
  }
  return db.prepare('UPDATE inventory SET quantity = quantity + ?1 WHERE variant_id = ?2').bind(direction * line.qty, line.variantId);
};

/** The order's own row, with status "placing". */
function orderRow(db: D1Database, order: NewOrder, now: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO orders (order_number, site_id, locale, currency, basket_id, usid, consumer_no, email, st_hash, status, checkout_status,
           store_context, totals, promo_summary, shipping_address, billing_address, shipments, in_store_sales_info, coupons, created_at, updated_at,
           employee_discount, employee_spend)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'placing', ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?19, ?18, ?18,
           ?20, (SELECT CASE WHEN employee_current_spend IS NULL THEN NULL ELSE ?21 END FROM consumers WHERE consumer_no = ?7))`,
    )
    .bind(
      order.orderNumber,
      order.siteId,
      order.locale,
      order.currency,
      order.basketId,
      order.usid,
      order.consumerNo,
      order.email,
      order.stHash,
      order.checkoutStatus,
      order.storeContext,
      JSON.stringify(order.totals),
      JSON.stringify(order.promoSummary),
      order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
      order.billingAddress ? JSON.stringify(order.billingAddress) : null,
      JSON.stringify(order.shipments),
      order.inStoreSalesInfo ? JSON.stringify(order.inStoreSalesInfo) : null,
      now,
      JSON.stringify(order.couponCodes),
      order.employeeDiscount ? 1 : 0,
      Number((order.totals as { total?: number }).total ?? 0),
    );
}

/**
 * An employee's order counts toward their discount's yearly allowance as it is written, whether or not it
 * took the discount, so the next order's batch sees it; releaseOrder gives the count back.
 */
function employeeSpendRow(db: D1Database, order: NewOrder): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE consumers SET employee_current_spend = employee_current_spend + (SELECT employee_spend FROM orders WHERE order_number = ?1)
       WHERE consumer_no = ?2 AND employee_current_spend IS NOT NULL`,
    )
    .bind(order.orderNumber, order.consumerNo);
}

/** Each line's row, and the stock it takes. */
function lineRows(db: D1Database, order: NewOrder): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  order.lines.forEach((line, index) => {
    statements.push(
      db
        .prepare(
          `INSERT INTO order_lines (order_number, line_no, item_id, variant_id, product_id, name, colour, size, qty, unit_price, row_total, price,
             gift, shipment_id, store_id, stock_source, recipe_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)`,
        )
        .bind(
          order.orderNumber,
          index + 1,
          line.itemId,
          line.variantId,
          line.productId,
          line.name,
          line.colour,
          line.size,
          line.qty,
          line.unitPrice,
          line.rowTotal,
          JSON.stringify(line.price),
          line.gift ? JSON.stringify(line.gift) : null,
          line.shipmentId,
          line.storeId,
          line.stockSource,
          line.recipeId,
        ),
    );
    const update = stockUpdate(db, line, -1);
    if (update) statements.push(update);
  });
  return statements;
}

/**
 * Recorded only when every stocked line has a stock row: a missing row would make its UPDATE a silent
 * no-op, and reserveOrder refuses an order this did not record.
 */
function stockRowsCheck(db: D1Database, order: NewOrder, stocked: readonly OrderLineInput[], now: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO order_status_history (order_number, status, at, note)
         SELECT ?1, 'placing', ?2, 'stock reserved' WHERE ?3 = (
           SELECT COUNT(*) FROM json_each(?4) AS want
           WHERE EXISTS (SELECT 1 FROM inventory WHERE variant_id = json_extract(want.value, '$.v') AND json_extract(want.value, '$.s') = 'warehouse')
              OR EXISTS (SELECT 1 FROM store_inventory WHERE variant_id = json_extract(want.value, '$.v') AND store_id = json_extract(want.value, '$.store')))`,
    )
    .bind(order.orderNumber, now, stocked.length, JSON.stringify(stocked.map((l) => ({ v: l.variantId, s: l.stockSource, store: l.storeId }))));
}

/** Each tender's payment row, and the balance, points or allowance it spends. */
function tenderRows(db: D1Database, order: NewOrder): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  order.tenders.forEach((tender, index) => {
    statements.push(
      db
        .prepare(
          "INSERT INTO order_payments (order_number, payment_no, method, amount, status, gift_card_id, points) VALUES (?1, ?2, ?3, ?4, 'debited', ?5, ?6)",
        )
        .bind(order.orderNumber, index + 1, tender.method, tender.amount, tender.giftCardId ?? null, tender.points ?? null),
    );
    // Reward codes and cards are stored value in the same table as gift cards: spent the same way.
    if ((tender.method === 'GIFT_CARD' || tender.method === 'REWARD_CODE' || tender.method === 'REWARD_CARD') && tender.giftCardId) {
      statements.push(spendStatement(db, tender.giftCardId, tender.amount));
    }
    if (tender.method === 'LOYALTY_POINTS' && order.consumerNo && tender.points) {
      statements.push(db.prepare('UPDATE consumers SET loyalty_points = loyalty_points - ?1 WHERE consumer_no = ?2').bind(tender.points, order.consumerNo));
    }
    if (tender.method === 'ATHLETES_PAYMENT' && order.consumerNo) {
      statements.push(
        db
          .prepare('UPDATE consumers SET athlete_current_spend = COALESCE(athlete_current_spend, 0) + ?1 WHERE consumer_no = ?2')
          .bind(tender.amount, order.consumerNo),
      );
    }
  });
  return statements;
}

/** Each coupon's redemption, counted against its limit and claimed for the customer when once per customer. */
function couponRows(db: D1Database, order: NewOrder, now: string): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const code of order.couponCodes) {
    // The promotions_redemption_limit trigger aborts the batch when this would pass the limit.
    statements.push(db.prepare('UPDATE promotions SET redemptions = redemptions + 1 WHERE site_id = ?1 AND coupon_code = ?2').bind(order.siteId, code));
    // A once-per-customer code is claimed under every key of the customer; the primary key refuses a second claim.
    for (const key of order.customerKeys) {
      statements.push(
        db
          .prepare(
            `INSERT INTO coupon_redemptions (promotion_id, customer_key, consumer_no, order_no, redeemed_at)
             SELECT id, ?3, ?4, ?5, ?6 FROM promotions WHERE site_id = ?1 AND coupon_code = ?2 AND once_per_customer = 1`,
          )
          .bind(order.siteId, code, key, order.consumerNo, order.orderNumber, now),
      );
    }
  }
  return statements;
}

/** The refusal a failed batch means, by the constraint or trigger that stopped it; null for anything else. */
function refusalOf(error: unknown): ReservationRefusal | null {
  const message = String((error as Error).message ?? error);
  if (/coupon redemption limit reached/.test(message)) return 'coupon-limit';
  if (/UNIQUE constraint failed: coupon_redemptions/.test(message)) return 'coupon-redeemed';
  if (SESSION_ALREADY_PAID.test(message)) return 'payment-session';
  if (/loyalty points/.test(message)) return 'points';
  if (/athlete allowance/.test(message)) return 'athlete';
  if (/employee allowance/.test(message)) return 'employee';
  if (/gift_cards|balance/.test(message)) return 'gift-card';
  if (/quantity/.test(message)) return 'stock';
  if (/UNIQUE constraint failed: (orders|order_requests)/.test(message)) return 'duplicate';
  return null;
}

/**
 * Writes the order with status "placing" and reserves what it needs, all or nothing. A line whose stock
 * row is missing would update nothing, so each line first asserts that its row exists and holds enough.
 */
export async function reserveOrder(
  db: D1Database,
  order: NewOrder,
  now = new Date().toISOString(),
): Promise<{ ok: true } | { ok: false; refusal: ReservationRefusal }> {
  const statements: D1PreparedStatement[] = [orderRow(db, order, now), ...lineRows(db, order)];
  if (order.consumerNo) statements.push(employeeSpendRow(db, order));
  const stocked = order.lines.filter((line) => line.stockSource !== 'digital');
  if (stocked.length > 0) statements.push(stockRowsCheck(db, order, stocked, now));
  statements.push(...tenderRows(db, order), ...couponRows(db, order, now));
  if (order.paymentSessionId) statements.push(bindSessionStatement(db, order.paymentSessionId, order.orderNumber, now));
  if (order.idempotencyKey) {
    statements.push(
      db
        .prepare('INSERT INTO order_requests (idempotency_key, usid, order_number, created_at) VALUES (?1, ?2, ?3, ?4)')
        .bind(order.idempotencyKey, order.usid, order.orderNumber, now),
    );
  }
  try {
    await db.batch(statements);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { ok: false, refusal };
    throw error;
  }
  if (stocked.length > 0) {
    const reserved = await db.prepare("SELECT 1 FROM order_status_history WHERE order_number = ?1 AND status = 'placing'").bind(order.orderNumber).first();
    if (!reserved) {
      // A line had no stock row at all: give back what the batch took and refuse, as for no stock.
      await releaseOrder(db, order.orderNumber, 'no stock record for a line');
      return { ok: false, refusal: 'stock' };
    }
  }
  return { ok: true };
}
