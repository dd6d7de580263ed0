// A flash sale as a test declares it (PUT /admin/flash-sales/{variantId}) and reads it back, and the shard
// objects as a test reaches into them: the hold a basket has there, made to lapse, and the alarm that frees it.

import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { shardName } from '../../src/worker/commerce/flash/holds.ts';
import { stockedVariant } from './checkout-helpers.ts';
import { ADMIN_HEADERS, request } from './helpers.ts';

type Json = Record<string, any>;

export async function declareSale(variantId: string, sale: Record<string, unknown>): Promise<{ status: number; body: Json }> {
  const response = await request(`/admin/flash-sales/${variantId}`, { method: 'PUT', headers: ADMIN_HEADERS, body: JSON.stringify(sale) });
  return { status: response.status, body: (await response.json()) as Json };
}

export async function saleStatus(variantId: string): Promise<Json> {
  const response = await request(`/admin/flash-sales/${variantId}`, { headers: ADMIN_HEADERS });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

/** A variant in stock with a sale of `units` declared on it. */
export async function variantOnSale(offset: number, sale: { units: number; shards?: number; holdMinutes?: number }) {
  // One minimum for every test, so each offset names a variant of its own.
  const variant = await stockedVariant(8, offset);
  expect(variant.quantity).toBeGreaterThan(sale.units);
  const declared = await declareSale(variant.id, sale);
  expect(declared.status, JSON.stringify(declared.body)).toBe(200);
  return variant;
}

const shardOf = (variantId: string, index: number) => env.FLASH_STOCK.get(env.FLASH_STOCK.idFromName(shardName(variantId, index)));

/** Every hold on the sale's shards is made to have lapsed a moment ago (the clock cannot be moved in workerd). */
export async function lapseHolds(variantId: string, shards: number): Promise<void> {
  for (let index = 0; index < shards; index++) {
    await runInDurableObject(shardOf(variantId, index), (_instance, state) => {
      state.storage.sql.exec(
        'CREATE TABLE IF NOT EXISTS holds (basket_id TEXT PRIMARY KEY, qty INTEGER NOT NULL, expires_at INTEGER NOT NULL, order_number TEXT)',
      );
      state.storage.sql.exec('UPDATE holds SET expires_at = ?', Date.now() - 1000);
    });
  }
}

/** Runs each shard's alarm where one is set; answers how many ran. */
export async function runShardAlarms(variantId: string, shards: number): Promise<number> {
  let ran = 0;
  for (let index = 0; index < shards; index++) if (await runDurableObjectAlarm(shardOf(variantId, index))) ran++;
  return ran;
}

/** The rows each shard's holds table has, read straight from its storage (not through a call that frees lapsed ones). */
export async function storedHolds(variantId: string, shards: number): Promise<number> {
  let rows = 0;
  for (let index = 0; index < shards; index++) {
    rows += await runInDurableObject(shardOf(variantId, index), (_instance, state) => {
      state.storage.sql.exec(
        'CREATE TABLE IF NOT EXISTS holds (basket_id TEXT PRIMARY KEY, qty INTEGER NOT NULL, expires_at INTEGER NOT NULL, order_number TEXT)',
      );
      return state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM holds').one().n;
    });
  }
  return rows;
}

/** D1's orders from a basket: none for a buyer refused before the order was written. */
export async function ordersOfBasket(basketId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE basket_id = ?1').bind(basketId).first<{ n: number }>();
  return row?.n ?? 0;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
