// An order's part in a flash sale (issue 27): its flash lines' units are pinned to it before D1 is written,
// sold to it when it is paid, and given back when its placement fails. Lines of variants on no sale are
// left to the inventory table, and a store with no sale running pays nothing here but the isolate's memo.

import type { Logger } from '../../lib/logger.ts';
import { type FlashSale, flashSaleOf, flashSales } from './flash-sales.ts';
import { commitForOrder, type FlashEnv, giveBack, moveHolds, pinForOrder } from './holds.ts';

export interface UnitLine {
  variantId: string;
  qty: number;
}

type OrderEnv = FlashEnv & { DB: D1Database };

/** The lines' units per variant on a sale now, with its sale. */
async function onSale(db: D1Database, lines: readonly UnitLine[]): Promise<{ sale: FlashSale; qty: number }[]> {
  if ((await flashSales(db)).size === 0) return [];
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.qty);
  const found: { sale: FlashSale; qty: number }[] = [];
  for (const [variantId, qty] of units) {
    const sale = await flashSaleOf(db, variantId);
    if (sale) found.push({ sale, qty });
  }
  return found;
}

/** The order's lines as D1 has them: what its flash units are committed or given back by, once it is written. */
async function linesOfOrder(db: D1Database, orderNumber: string): Promise<UnitLine[]> {
  if ((await flashSales(db)).size === 0) return [];
  const rows = await db
    .prepare('SELECT variant_id, SUM(qty) AS qty FROM order_lines WHERE order_number = ?1 GROUP BY variant_id')
    .bind(orderNumber)
    .all<{ variant_id: string; qty: number }>();
  return rows.results.map((row) => ({ variantId: row.variant_id, qty: row.qty }));
}

/** Pins every flash line's units to the order, or gives back what it pinned and refuses INV700. */
export async function pinOrderUnits(env: OrderEnv, basketId: string, orderNumber: string, lines: readonly UnitLine[]): Promise<void> {
  const flash = await onSale(env.DB, lines);
  for (const [index, { sale, qty }] of flash.entries()) {
    try {
      await pinForOrder(env, sale, basketId, orderNumber, qty);
    } catch (refusal) {
      await Promise.all(flash.slice(0, index).map((earlier) => giveBack(env, earlier.sale, basketId, null, orderNumber)));
      throw refusal;
    }
  }
}

/** The placement of `orderNumber` failed before its order was written: every flash unit the basket holds goes back. */
export async function releaseBasketUnits(env: OrderEnv, basketId: string, lines: readonly UnitLine[], orderNumber: string): Promise<void> {
  const flash = await onSale(env.DB, lines);
  await Promise.all(flash.map(({ sale }) => giveBack(env, sale, basketId, null, orderNumber)));
}

/** The written order failed (its payment declined): its flash units go back to the sale. */
export async function releaseOrderUnits(env: OrderEnv, orderNumber: string, basketId: string): Promise<void> {
  await releaseBasketUnits(env, basketId, await linesOfOrder(env.DB, orderNumber), orderNumber);
}

/** The order is paid: its flash units are sold to it for good. */
export async function commitOrderUnits(env: OrderEnv, orderNumber: string, basketId: string, logger?: Logger): Promise<void> {
  const flash = await onSale(env.DB, await linesOfOrder(env.DB, orderNumber));
  await Promise.all(flash.map(({ sale, qty }) => commitForOrder(env, sale, { basketId, orderNumber, want: qty }, logger)));
}

/** Sign-in merged a guest basket into the member's: the guest's flash units are the member basket's now. */
export async function moveBasketUnits(env: OrderEnv, fromBasketId: string, toBasketId: string, lines: readonly UnitLine[]): Promise<void> {
  const flash = await onSale(env.DB, lines);
  await Promise.all(flash.map(({ sale }) => moveHolds(env, sale, fromBasketId, toBasketId)));
}
