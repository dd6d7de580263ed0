// The rules for the Cart Durable Object's lines (cart-object.ts): adding within a variant's maximum and the
// stock over all its lines, a new quantity, size or gift recipient, and a guest basket's lines merged in.
// Each checks the basket as read, then writes its rows; the object moves the expiry when something was written.

import type { AddLine, CartRefusal, CartState, GiftOption, MergeLine, MergeOutcome } from './cart-state.ts';
import { deleteLine, giftKey, putLine, sameLine, unitsOf } from './cart-tables.ts';

/** What a change made of the basket: refused (nothing written), nothing to do, or rows written. */
export type LineChange = { refused: CartRefusal } | 'unchanged' | 'written';

/**
 * Adds to the variant's line (one line per variant, or per variant and recipient for a gift card), within
 * its maximum and the stock over all the variant's lines.
 */
export function addLine(sql: SqlStorage, state: CartState, add: AddLine): LineChange {
  const line = state.lines.find(sameLine(add));
  const held = unitsOf(state, add.variantId);
  if (add.stock <= 0 || held >= add.stock) return { refused: 'out-of-stock' };
  if (held + add.qty > add.maxQty || held + add.qty > add.stock) return { refused: 'max-quantity' };
  putLine(sql, line, add, (line?.qty ?? 0) + add.qty);
  return 'written';
}

/** Sets a line's quantity, within its maximum and the stock. */
export function setLineQuantity(sql: SqlStorage, state: CartState, lineId: string, qty: number, limits: { maxQty: number; stock: number }): LineChange {
  const line = state.lines.find((l) => l.id === lineId);
  if (!line) return { refused: 'no-line' };
  if (limits.stock <= 0) return { refused: 'out-of-stock' };
  const others = unitsOf(state, line.variantId, lineId);
  if (others + qty > limits.maxQty || others + qty > limits.stock) return { refused: 'max-quantity' };
  sql.exec('UPDATE lines SET qty = ? WHERE id = ?', qty, lineId);
  return 'written';
}

/**
 * Another size (or amount) of a line's product, chosen from the cart (the quick-shop dialog's update):
 * the line keeps its place, quantity, gift and delivery; where the basket already holds the new variant
 * for the same recipient, the two lines become one. A price adjustment made for the old variant goes.
 */
export function changeLineVariant(sql: SqlStorage, state: CartState, lineId: string, next: AddLine): LineChange {
  const line = state.lines.find((l) => l.id === lineId);
  if (!line) return { refused: 'no-line' };
  if (line.variantId === next.variantId) return 'unchanged';
  const into = state.lines.find(sameLine({ variantId: next.variantId, gift: line.gift, recipeId: line.recipeId }));
  const held = unitsOf(state, next.variantId);
  if (next.stock <= 0 || held >= next.stock) return { refused: 'out-of-stock' };
  if (held + line.qty > next.maxQty || held + line.qty > next.stock) return { refused: 'max-quantity' };
  sql.exec('DELETE FROM adjustments WHERE line_id = ?', lineId);
  if (into) {
    sql.exec('UPDATE lines SET qty = ? WHERE id = ?', into.qty + line.qty, into.id);
    sql.exec('DELETE FROM lines WHERE id = ?', lineId);
    sql.exec('DELETE FROM deliveries WHERE line_id = ?', lineId);
  } else {
    sql.exec('UPDATE lines SET variant_id = ?, product_id = ? WHERE id = ?', next.variantId, next.productId, lineId);
  }
  return 'written';
}

/**
 * A gift card line's recipient and message (the add gift option dialog), or none: the line keeps its place
 * and quantity; where the basket already holds the same card for that recipient, the two become one.
 */
export function setGiftOfLine(sql: SqlStorage, state: CartState, lineId: string, gift: GiftOption | null): LineChange {
  const line = state.lines.find((l) => l.id === lineId);
  if (!line) return { refused: 'no-line' };
  if (giftKey(line.gift) === giftKey(gift)) return 'unchanged';
  const into = state.lines.find((l) => l.id !== lineId && sameLine({ variantId: line.variantId, gift })(l));
  if (into) {
    sql.exec('UPDATE lines SET qty = ? WHERE id = ?', into.qty + line.qty, into.id);
    deleteLine(sql, lineId);
  } else {
    sql.exec('UPDATE lines SET gift = ? WHERE id = ?', giftKey(gift), lineId);
  }
  return 'written';
}

/**
 * Lines from a guest basket: the same variant (and gift) adds up within its maximum and stock, and a new
 * line keeps the store it was to be picked up at; a line the shopper had already keeps its own store.
 * Answers what the owner is told (commerce-core §8: items merged, ITEMS_OOS, ChangedStoreId).
 */
export function mergeLines(sql: SqlStorage, current: () => CartState, lines: readonly MergeLine[]): MergeOutcome {
  const outcome: MergeOutcome = { merged: false, outOfStock: false, storeChanged: [] };
  for (const add of lines) {
    // Read again each time: an earlier line of this merge may hold the same variant for another recipient.
    const state = current();
    const line = state.lines.find(sameLine(add));
    const others = unitsOf(state, add.variantId, line?.id);
    const wanted = (line?.qty ?? 0) + add.qty;
    const qty = Math.min(wanted, add.maxQty - others, add.stock - others);
    // Units the stock could not take, where the item's own maximum would have.
    if (add.stock - others < Math.min(wanted, add.maxQty - others)) outcome.outOfStock = true;
    if (qty <= (line?.qty ?? 0)) continue;
    outcome.merged = true;
    const lineId = putLine(sql, line, add, qty);
    const ownStore = line ? (state.deliveries[line.id]?.storeId ?? null) : null;
    if (!line && add.storeId) {
      sql.exec(
        'INSERT INTO deliveries (line_id, store_id, last_code) VALUES (?, ?, NULL) ON CONFLICT (line_id) DO UPDATE SET store_id = excluded.store_id',
        lineId,
        add.storeId,
      );
    } else if (line && add.storeId !== ownStore) outcome.storeChanged.push(lineId);
  }
  return outcome;
}

/** What a merge tells the owner on the next answer (cart-entity.ts reads them as flash). */
export function mergeNotices(outcome: MergeOutcome): string[] {
  return [
    ...(outcome.merged ? ['items-merged'] : []),
    ...(outcome.outOfStock ? ['items-oos'] : []),
    ...outcome.storeChanged.map((lineId) => `changed-store:${lineId}`),
  ];
}

/** The delivery each line was answered with (cart-object.ts recordDeliveries). */
export function putDeliveryCodes(sql: SqlStorage, codes: Record<string, string>): void {
  for (const [lineId, code] of Object.entries(codes)) {
    sql.exec(
      'INSERT INTO deliveries (line_id, store_id, last_code) VALUES (?, NULL, ?) ON CONFLICT (line_id) DO UPDATE SET last_code = excluded.last_code',
      lineId,
      code,
    );
  }
}
