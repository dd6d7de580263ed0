// Flash sales for marketers (issue 27): PUT /admin/flash-sales/{variantId} declares or changes a variant's sale,
// GET answers it with what each shard holds, has sold and has left. Declaring is audited; the sale's units
// must be in stock in D1, which stays the floor under every order the sale lets through.

import { Hono } from 'hono';
import { FlashSaleBody, type FlashSaleDeclaration, FlashSaleParams } from '../../shared/schema/flash-sale.ts';
import { type FlashSale, forgetFlashSales, saleOfRow } from '../commerce/flash/flash-sales.ts';
import { allotmentOf, shardName, shardStub } from '../commerce/flash/holds.ts';
import type { AppEnv, Bindings } from '../env.ts';
import { auditStatement } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import { envelope } from '../lib/respond.ts';
import { valid } from '../lib/validate.ts';

type SaleEnv = Pick<Bindings, 'DB' | 'FLASH_STOCK'>;

async function saleRow(db: D1Database, variantId: string) {
  return db
    .prepare('SELECT variant_id, sale_id, units, shards, hold_minutes, starts_at, ends_at, created_at FROM flash_sales WHERE variant_id = ?1')
    .bind(variantId)
    .first<Parameters<typeof saleOfRow>[0]>();
}

/**
 * Declares the variant's sale, or changes the one running (its units, hold time, start and end; not its shards,
 * whose objects hold its units). A sale that has ended is declared anew: the shards start again from nothing.
 */
export async function declareFlashSale(env: SaleEnv, variantId: string, body: FlashSaleDeclaration, actor: { name: string; correlationId: string }) {
  const db = env.DB;
  const stock = await db
    .prepare('SELECT v.id, i.quantity FROM variants v LEFT JOIN inventory i ON i.variant_id = v.id WHERE v.id = ?1')
    .bind(variantId)
    .first<{ id: string; quantity: number | null }>();
  if (!stock) throw new HttpError('API404', `No variant ${variantId}.`);
  if ((stock.quantity ?? 0) < body.units) {
    const message = `Only ${stock.quantity ?? 0} of this size are in stock: a sale cannot offer more.`;
    throw new HttpError('API400', message, [{ field: 'units', message }]);
  }
  const now = new Date();
  const existing = await saleRow(db, variantId);
  const running = existing && (existing.ends_at === null || Date.parse(existing.ends_at) > now.getTime());
  if (running && existing.shards !== body.shards) {
    const message = `This sale runs on ${existing.shards} shards until it ends; declare it again with the same number.`;
    throw new HttpError('API409', message, [{ field: 'shards', message }]);
  }
  const saleId = running ? existing.sale_id : crypto.randomUUID();
  const iso = (time: string | undefined) => (time ? new Date(time).toISOString() : null);
  await db.batch([
    db
      .prepare(
        `INSERT INTO flash_sales (variant_id, sale_id, units, shards, hold_minutes, starts_at, ends_at, declared_by, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)
         ON CONFLICT (variant_id) DO UPDATE SET sale_id = excluded.sale_id, units = excluded.units, shards = excluded.shards,
           hold_minutes = excluded.hold_minutes, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
           declared_by = excluded.declared_by, updated_at = excluded.updated_at,
           -- A new sale (a new sale id) is declared now; a running one keeps when it was declared.
           created_at = CASE WHEN flash_sales.sale_id = excluded.sale_id THEN flash_sales.created_at ELSE excluded.created_at END`,
      )
      .bind(variantId, saleId, body.units, body.shards, body.holdMinutes, iso(body.startsAt), iso(body.endsAt), actor.name, now.toISOString()),
    auditStatement(db, {
      actor: actor.name,
      action: running ? 'flash-sale.change' : 'flash-sale.declare',
      subject: `flash-sale:${variantId}`,
      details: { saleId, ...body },
      correlationId: actor.correlationId,
    }),
  ]);
  forgetFlashSales();
  return flashSaleStatus(env, variantId);
}

/** The sale as declared, and each shard's count: held for baskets, sold to paid orders, left. */
export async function flashSaleStatus(env: SaleEnv, variantId: string) {
  const row = await saleRow(env.DB, variantId);
  if (!row) throw new HttpError('API404', `No flash sale for ${variantId}.`);
  const sale: FlashSale = saleOfRow(row);
  const shards = await Promise.all(
    Array.from({ length: sale.shards }, async (_, index) => {
      const status = await shardStub(env, variantId, index).status();
      // A shard not asked since the sale was declared still counts for the sale before: it starts at its share.
      const fresh = status.saleId !== sale.saleId;
      const allotment = allotmentOf(sale, index);
      const counts = fresh ? { held: 0, sold: 0 } : { held: status.held, sold: status.sold };
      return { name: shardName(variantId, index), allotment, ...counts, available: Math.max(0, allotment - counts.held - counts.sold) };
    }),
  );
  const total = (key: 'held' | 'sold' | 'available') => shards.reduce((sum, shard) => sum + shard[key], 0);
  return { sale, shards, held: total('held'), sold: total('sold'), available: total('available') };
}

export const flashSaleRoutes = new Hono<AppEnv>()
  .put('/:variantId', valid('param', FlashSaleParams), valid('json', FlashSaleBody), async (c) => {
    const actor = { name: c.get('admin').name, correlationId: c.get('correlationId') };
    return c.json(envelope(c, await declareFlashSale(c.env, c.req.valid('param').variantId, c.req.valid('json'), actor)));
  })
  .get('/:variantId', valid('param', FlashSaleParams), async (c) => c.json(envelope(c, await flashSaleStatus(c.env, c.req.valid('param').variantId))));
