// A basket's holds on a flash sale's units (issue 27), over the sale's FlashStock shards. A basket asks its
// home shard first (a hash of its id: buyers spread evenly over the shards, and the shard that holds a
// basket's unit is the first one asked again), then the others in turn. A sold-out answer is remembered in
// the isolate for a moment, so a crowd that comes too late is answered without asking the shards at all.

import { HttpError } from '../../lib/http-error.ts';
import { isolateMap } from '../../lib/isolate-memory.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CartAnswer } from '../cart/cart-state.ts';
import type { FlashSale } from './flash-sales.ts';
import { hasStarted } from './flash-sales.ts';
import type { FlashStock, ShardSale } from './flash-stock-object.ts';

export interface FlashEnv {
  FLASH_STOCK: DurableObjectNamespace<FlashStock>;
}

/** A sold-out answer stands this long in an isolate (less when a hold lapses sooner): a second or two of a crowd. */
const SOLD_OUT_MEMO_MS = 1_500;
/** While an order is being placed (a bank's 3-D Secure page included) its units stay held this long. */
export const PLACING_HOLD_MS = 30 * 60_000;

const soldOutUntil = isolateMap<string, number>();
const shardIds = isolateMap<string, DurableObjectId>();

export const shardName = (variantId: string, index: number) => `${variantId}:${index}`;

/** Shard `index`'s share of the units: an even split, the first shards taking one more of what is left over. */
export function allotmentOf(sale: Pick<FlashSale, 'units' | 'shards'>, index: number): number {
  return Math.floor(sale.units / sale.shards) + (index < sale.units % sale.shards ? 1 : 0);
}

const termsOf = (sale: FlashSale, index: number): ShardSale => ({
  saleId: sale.saleId,
  declaredAt: sale.declaredAt,
  allotment: allotmentOf(sale, index),
  holdMs: sale.holdMinutes * 60_000,
});

export function shardStub(env: FlashEnv, variantId: string, index: number): DurableObjectStub<FlashStock> {
  const name = shardName(variantId, index);
  let id = shardIds.get(name);
  if (!id) {
    id = env.FLASH_STOCK.idFromName(name);
    if (shardIds.size >= 1000) shardIds.clear();
    shardIds.set(name, id);
  }
  return env.FLASH_STOCK.get(id);
}

/** The shards in the order this basket asks them: its home shard, then the next ones round. */
export function shardOrder(sale: FlashSale, basketId: string): number[] {
  let hash = 2166136261;
  for (let i = 0; i < basketId.length; i++) hash = Math.imul(hash ^ basketId.charCodeAt(i), 16777619);
  const home = (hash >>> 0) % sale.shards;
  return Array.from({ length: sale.shards }, (_, step) => (home + step) % sale.shards);
}

/** The coded refusal of a sold-out sale (commerce-core §8 INV700), the same wherever it is said. */
export function soldOut(left = 0): HttpError {
  return new HttpError('INV700', left > 0 ? `Only ${left} of this item ${left === 1 ? 'is' : 'are'} left in the sale.` : 'This item is sold out.', [
    { field: 'productId', message: 'SOLD_OUT' },
  ]);
}

/** Refuses at once, asking no shard, while this isolate saw the sale sold out a moment ago; INV406 before it starts. */
export function refuseKnownSoldOut(sale: FlashSale, now = Date.now()): void {
  if (!hasStarted(sale, now)) throw new HttpError('INV406', 'This item goes on sale at the time announced.');
  if ((soldOutUntil.get(sale.saleId) ?? 0) > now) throw soldOut();
}

export interface Grant {
  shard: number;
  qty: number;
}

/** `qty` more units for the basket, or INV700 with nothing held. */
export async function takeHold(env: FlashEnv, sale: FlashSale, basketId: string, qty: number): Promise<Grant[]> {
  refuseKnownSoldOut(sale);
  const grants: Grant[] = [];
  let wanted = qty;
  let nextFreeAt = Number.POSITIVE_INFINITY;
  for (const shard of shardOrder(sale, basketId)) {
    const answer = await shardStub(env, sale.variantId, shard).take(termsOf(sale, shard), basketId, wanted);
    if (answer.granted > 0) grants.push({ shard, qty: answer.granted });
    wanted -= answer.granted;
    if (wanted === 0) return grants;
    nextFreeAt = Math.min(nextFreeAt, answer.nextFreeAt ?? Number.POSITIVE_INFINITY);
  }
  const got = qty - wanted;
  await giveGrants(env, sale, basketId, grants);
  if (got === 0) soldOutUntil.set(sale.saleId, Math.min(Date.now() + SOLD_OUT_MEMO_MS, nextFreeAt));
  throw soldOut(got);
}

/** Gives back exactly what a take granted (the basket's line was refused after all). */
export async function giveGrants(env: FlashEnv, sale: FlashSale, basketId: string, grants: readonly Grant[], orderNumber: string | null = null): Promise<void> {
  if (grants.length === 0) return;
  await Promise.all(grants.map((grant) => shardStub(env, sale.variantId, grant.shard).give(termsOf(sale, grant.shard), basketId, grant.qty, orderNumber)));
  soldOutUntil.delete(sale.saleId);
}

/** Gives back `qty` of the basket's units (a lower quantity), home shard first; every unit it holds when null. */
export async function giveBack(env: FlashEnv, sale: FlashSale, basketId: string, qty: number | null, orderNumber: string | null = null): Promise<void> {
  const order = shardOrder(sale, basketId);
  if (qty === null) {
    await Promise.all(order.map((shard) => shardStub(env, sale.variantId, shard).give(termsOf(sale, shard), basketId, null, orderNumber)));
  } else {
    let left = qty;
    for (const shard of order) {
      if (left <= 0) break;
      left -= await shardStub(env, sale.variantId, shard).give(termsOf(sale, shard), basketId, left, orderNumber);
    }
  }
  soldOutUntil.delete(sale.saleId);
}

/** The guest basket's units go to the member's basket it merged into (asked of every shard at once). */
export async function moveHolds(env: FlashEnv, sale: FlashSale, fromBasketId: string, toBasketId: string): Promise<void> {
  await Promise.all(
    Array.from({ length: sale.shards }, (_, shard) => shardStub(env, sale.variantId, shard).transfer(termsOf(sale, shard), fromBasketId, toBasketId)),
  );
}

/**
 * An order is being placed: the basket must hold `want` units (its hold from the add, or units taken again
 * if it lapsed and some are free), kept through the payment. Short of them, what it got goes back and the
 * order is refused INV700 before D1 sees anything.
 */
export async function pinForOrder(env: FlashEnv, sale: FlashSale, basketId: string, orderNumber: string, want: number): Promise<void> {
  // Not the sold-out memory: this basket may be the one holding the last unit.
  if (!hasStarted(sale)) throw new HttpError('INV406', 'This item goes on sale at the time announced.');
  const pinned: Grant[] = [];
  let left = want;
  const until = Date.now() + PLACING_HOLD_MS;
  const shards = shardOrder(sale, basketId);
  for (const [index, shard] of shards.entries()) {
    const held = await shardStub(env, sale.variantId, shard).pin(termsOf(sale, shard), basketId, orderNumber, left, until);
    if (held > 0) pinned.push({ shard, qty: held });
    left -= held;
    if (left === 0) {
      // Covered: what the basket still holds on the shards after this one is more than the order buys (a hold
      // granted elsewhere while its home shard was empty, two tabs adding at once). It goes back now, so the
      // commit cannot sell it too and nobody waits for it to lapse.
      const rest = shards.slice(index + 1);
      await Promise.all(rest.map((other) => shardStub(env, sale.variantId, other).give(termsOf(sale, other), basketId, null, orderNumber)));
      return;
    }
  }
  await giveGrants(env, sale, basketId, pinned, orderNumber);
  throw soldOut(want - left);
}

/**
 * The order is paid: the basket's units are sold to it, shard by shard until the order has its units.
 * Units that lapsed during the payment are taken again where any are left; a shortfall is logged, since the
 * money is taken and the D1 stock was reserved by the order itself.
 */
export async function commitForOrder(
  env: FlashEnv,
  sale: FlashSale,
  basket: { basketId: string; orderNumber: string; want: number },
  logger?: Logger,
): Promise<number> {
  const shards = shardOrder(sale, basket.basketId);
  const commit = (shard: number, want: number, takeIfShort: boolean) =>
    shardStub(env, sale.variantId, shard).commit(termsOf(sale, shard), basket.basketId, basket.orderNumber, want, takeIfShort);
  // One shard after another, each for what is still wanted: asked all at once for the whole order, every shard
  // holding some of the basket's units sold them, and an order of one took a unit on two shards.
  const committed = new Map<number, number>();
  let sold = 0;
  for (const shard of shards) {
    if (sold >= basket.want) break;
    const qty = await commit(shard, basket.want - sold, false);
    committed.set(shard, qty);
    sold += qty;
  }
  for (const shard of shards) {
    if (sold >= basket.want) break;
    // A shard that sold this order something answers the same units again: only the others are asked for more.
    if ((committed.get(shard) ?? 0) === 0) sold += await commit(shard, basket.want - sold, true);
  }
  if (sold < basket.want) logger?.warn('flash_sale_commit_short', { variantId: sale.variantId, orderNumber: basket.orderNumber, want: basket.want, sold });
  return sold;
}

/**
 * A basket change that needs `qty` more of a sale's units: taken first (INV700 when there are none, before the
 * basket or D1 is touched), then the change; a change refused, or failing, gives them back.
 */
export async function withUnitsHeld(
  env: FlashEnv,
  sale: FlashSale | null,
  basketId: string,
  qty: number,
  change: () => Promise<CartAnswer>,
): Promise<CartAnswer> {
  if (!sale || qty <= 0) return change();
  const grants = await takeHold(env, sale, basketId, qty);
  let answer: CartAnswer | undefined;
  try {
    answer = await change();
    return answer;
  } finally {
    if (!answer?.ok) await giveGrants(env, sale, basketId, grants);
  }
}
