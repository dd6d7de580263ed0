// The flash sales declared in D1 (migration 0053), as every add to a basket and every order asks of them:
// read once per isolate every few seconds, so a store with no sale pays one small query per isolate per
// FRESH_MS and never one per request. A sale's start and end are judged at each use, not at the read; a
// declaration made elsewhere reaches this isolate within FRESH_MS (one made here, at once).

import { onForget } from '../../lib/isolate-memory.ts';

export interface FlashSale {
  variantId: string;
  saleId: string;
  units: number;
  shards: number;
  holdMinutes: number;
  startsAt: string | null;
  endsAt: string | null;
  /** When this sale (its sale id) was declared, in ms: orders a shard's sales, newest wins. */
  declaredAt: number;
}

interface SaleRow {
  variant_id: string;
  sale_id: string;
  units: number;
  shards: number;
  hold_minutes: number;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
}

const FRESH_MS = 5_000;
let known: { readAt: number; sales: Map<string, FlashSale> } | null = null;
onForget(forgetFlashSales);

/** The next use reads the sales again (a declaration made in this isolate, the tests' fresh start). */
export function forgetFlashSales(): void {
  known = null;
}

export const saleOfRow = (row: SaleRow): FlashSale => ({
  variantId: row.variant_id,
  saleId: row.sale_id,
  units: row.units,
  shards: row.shards,
  holdMinutes: row.hold_minutes,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  declaredAt: Date.parse(row.created_at),
});

async function readSales(db: D1Database): Promise<Map<string, FlashSale>> {
  const rows = await db
    .prepare('SELECT variant_id, sale_id, units, shards, hold_minutes, starts_at, ends_at, created_at FROM flash_sales WHERE ends_at IS NULL OR ends_at > ?1')
    .bind(new Date().toISOString())
    .all<SaleRow>();
  return new Map(rows.results.map((row) => [row.variant_id, saleOfRow(row)]));
}

/** Every sale not yet over when last read, by variant. */
export async function flashSales(db: D1Database): Promise<Map<string, FlashSale>> {
  if (known && Date.now() - known.readAt < FRESH_MS) return known.sales;
  // Each request reads for itself: a read shared between requests would finish its awaiting requests in the context of
  // the one that started it, and their own I/O (a basket's object) would then be refused (Workers' request isolation).
  const sales = await readSales(db);
  known = { readAt: Date.now(), sales };
  return sales;
}

export const hasEnded = (sale: FlashSale, now = Date.now()) => sale.endsAt !== null && Date.parse(sale.endsAt) <= now;
export const hasStarted = (sale: FlashSale, now = Date.now()) => sale.startsAt === null || Date.parse(sale.startsAt) <= now;

/** The variant's sale while it is not over (it may not have started yet), or null: the inventory table decides. */
export async function flashSaleOf(db: D1Database, variantId: string, now = Date.now()): Promise<FlashSale | null> {
  const sale = (await flashSales(db)).get(variantId);
  return sale && !hasEnded(sale, now) ? sale : null;
}
