// The stores an order's pickups are at, by name, for the pages that show the order back.

import type { OrderEntity } from './order-entity.ts';

/** The names of the stores an order's pickups are at, by id. */
export async function storeNamesOf(db: D1Database, order: OrderEntity): Promise<Record<string, string>> {
  const storeIds = [...new Set(order.shipments.map((s) => s.storeId).filter((id): id is string => Boolean(id)))];
  if (storeIds.length === 0) return {};
  const { results } = await db
    .prepare(`SELECT id, name FROM stores WHERE id IN (${storeIds.map((_, i) => `?${i + 1}`).join(', ')})`)
    .bind(...storeIds)
    .all<{ id: string; name: string }>();
  return Object.fromEntries(results.map((s) => [s.id, s.name]));
}
