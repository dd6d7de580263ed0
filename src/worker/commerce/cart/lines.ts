// The shopper's changes to the lines already in their basket: quantity, size, gift recipient, where it is
// collected, removal, and the repair a checkout read asks for. A free gift's line is the promotion's (GWP403).

import type { Locale } from '../../../shared/locale/sites.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { flashSaleOf, flashSales } from '../flash/flash-sales.ts';
import { giveBack, withUnitsHeld } from '../flash/holds.ts';
import { type BasketChange, callerOf } from './caller.ts';
import type { GiftOption } from './cart-state.ts';
import { activePromotions } from './promotions.ts';
import { type CartEntity, cartStub, throwRefusal } from './service.ts';
import { DEFAULT_MAX_QTY, findVariant, giftVariantIds, variantFacts } from './variant-facts.ts';

/** A gift-with-purchase line (its id starts gwp-) is the promotion's: the shopper cannot change it (GWP403). */
export function refuseGiftLine(itemId: string): void {
  if (itemId.startsWith('gwp-')) throw new HttpError('GWP403');
}

/** One of the shopper's own lines, with its basket: a free gift's is GWP403, one not in the basket ORD404. */
export async function basketLine(deps: ServiceDeps, shopper: Shopper, basketId: string, itemId: string) {
  refuseGiftLine(itemId);
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const line = current.state.lines.find((l) => l.id === itemId);
  if (!line) throw new HttpError('ORD404', 'This item is not in the cart.');
  return { caller, stub, line };
}

/**
 * Sets a line's quantity within its maximum and the stock as D1 has it now. `askedMax` is the client's maxQty:
 * like an add's, it may lower the store's limit, never raise it.
 */
export async function setLineQuantity(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  itemId: string,
  qty: number,
  askedMax: number = DEFAULT_MAX_QTY,
): Promise<BasketChange> {
  const { caller, stub, line } = await basketLine(deps, shopper, basketId, itemId);
  const promotions = await activePromotions(deps.env.DB, locale.site.id);
  const read = await variantFacts(deps.env.DB, locale, [...new Set([line.variantId, ...giftVariantIds(promotions)])]);
  const variant = read.get(line.variantId);
  if (!variant) throw new HttpError('ORD404');
  // More of a flash sale's units are held first; fewer go back once the line says so.
  const sale = await flashSaleOf(deps.env.DB, line.variantId);
  const limits = { maxQty: Math.min(askedMax, variant.maxQty), stock: variant.stock };
  const result = await withUnitsHeld(deps.env, sale, basketId, qty - line.qty, () => stub.setQuantity(caller, itemId, qty, limits));
  if (sale && result.ok && qty < line.qty) await giveBack(deps.env, sale, basketId, line.qty - qty);
  return { result, known: read };
}

/**
 * A line changed to another size or amount of its product (the quick-shop dialog opened from the cart):
 * the new variant read from D1 now, of the same colour (ORD404 otherwise), within its stock.
 */
export async function changeLineVariant(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  itemId: string,
  variantId: string,
): Promise<BasketChange> {
  const { caller, stub, line } = await basketLine(deps, shopper, basketId, itemId);
  const promotions = await activePromotions(deps.env.DB, locale.site.id);
  const { variant, read } = await findVariant(deps.env.DB, locale, { variantId }, giftVariantIds(promotions));
  if (!variant || variant.productId !== line.productId) throw new HttpError('ORD404', 'Choose another size of the same item.');
  if (variant.listAmount === null) throw new HttpError('INV702');
  const next = { variantId: variant.variantId, productId: variant.productId, qty: line.qty, maxQty: variant.maxQty, stock: variant.stock };
  if (variant.variantId === line.variantId) return { result: await stub.changeVariant(caller, itemId, next), known: read };
  // The new size's flash sale units are held first; the old size's go back once the line has moved.
  const [from, to] = await Promise.all([flashSaleOf(deps.env.DB, line.variantId), flashSaleOf(deps.env.DB, variant.variantId)]);
  const result = await withUnitsHeld(deps.env, to, basketId, line.qty, () => stub.changeVariant(caller, itemId, next));
  if (from && result.ok) await giveBack(deps.env, from, basketId, line.qty);
  return { result, known: read };
}

/**
 * A read that asks for it (isPatchRequired) repairs the basket before answering, as checkout needs it:
 * lines that can no longer be bought (gone, unpriced, sold out) leave the cart, and a quantity above the
 * stock comes down to it. Each repair is said on the answer, at its item.
 */
export async function patchBasket(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
): Promise<{ change: BasketChange; notices: CartEntity['flash'] }> {
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  let result = await stub.read(caller);
  if (!result.ok) throwRefusal(result);
  const promotions = await activePromotions(deps.env.DB, result.state.owner.siteId);
  const read = await variantFacts(deps.env.DB, locale, [...new Set([...result.state.lines.map((line) => line.variantId), ...giftVariantIds(promotions)])]);
  const notices: CartEntity['flash'] = [];
  for (const line of result.state.lines) {
    const fact = read.get(line.variantId);
    if (!fact || fact.listAmount === null || fact.stock <= 0) {
      result = await stub.removeItem(caller, line.id);
      notices.push({ type: 'ITEM_NO_LONGER_AVAILABLE', message: 'This item is no longer available and was removed from your cart.', itemId: line.id });
    } else if (line.qty > Math.min(fact.stock, fact.maxQty)) {
      const most = Math.min(fact.stock, fact.maxQty);
      result = await stub.setQuantity(caller, line.id, most, { maxQty: fact.maxQty, stock: fact.stock });
      notices.push({ type: 'ProductItemMaxQuantity', message: `At most ${most} of this item: the quantity was reduced.`, itemId: line.id });
    }
    if (!result.ok) throwRefusal(result);
  }
  return { change: { result, known: read }, notices };
}

export async function removeLine(deps: ServiceDeps, shopper: Shopper, basketId: string, itemId: string): Promise<BasketChange> {
  refuseGiftLine(itemId);
  const stub = cartStub(deps.env, basketId);
  // While a flash sale runs, the line is read first: a flash line's units go back to the sale with it.
  const before = (await flashSales(deps.env.DB)).size > 0 ? await stub.read(callerOf(shopper)) : null;
  const result = await stub.removeItem(callerOf(shopper), itemId);
  const line = before?.ok ? before.state.lines.find((l) => l.id === itemId) : undefined;
  const sale = line && result.ok ? await flashSaleOf(deps.env.DB, line.variantId) : null;
  if (sale && line) await giveBack(deps.env, sale, basketId, line.qty);
  return { result };
}

/**
 * A gift card line sent to someone, or to the buyer again (null): all three of the recipient's name, email
 * and message, or none (commerce-core §5). Only a digital gift card goes to someone else (GFO405).
 */
export async function setLineGift(
  deps: ServiceDeps,
  shopper: Shopper,
  locale: Locale,
  basketId: string,
  itemId: string,
  gift: GiftOption | null,
): Promise<BasketChange> {
  const { caller, stub, line } = await basketLine(deps, shopper, basketId, itemId);
  const { variant, read } = await findVariant(deps.env.DB, locale, { variantId: line.variantId }, []);
  if (!variant?.isDigital) {
    throw new HttpError('GFO405', 'Only a digital gift card can be sent as a gift.', [
      { field: 'giftOption', message: 'Only a digital gift card can be sent as a gift.' },
    ]);
  }
  return { result: await stub.setLineGift(caller, itemId, gift), known: read };
}

/**
 * Where a line is collected: a store of the basket's site that picks up or ships to store (ORD516
 * otherwise), or null for home delivery again. Whether it is today or shipped there follows the store's
 * stock on every answer.
 */
export async function setLineStore(deps: ServiceDeps, shopper: Shopper, basketId: string, itemId: string, storeId: string | null): Promise<BasketChange> {
  refuseGiftLine(itemId);
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const line = current.state.lines.find((candidate) => candidate.id === itemId);
  const db = deps.env.DB;
  if (line && storeId === null && (await isReserveOnly(db, line.variantId))) {
    // Reserved online and bought in the store (commerce-core §8 ORD517): it has no home delivery to go back to.
    throw new HttpError('ORD517', undefined, [{ field: 'storeId', message: 'This item is reserved at a store and cannot be delivered.' }]);
  }
  if (line?.recipeId && storeId !== null) {
    throw new HttpError('API400', undefined, [{ field: 'storeId', message: 'A pair made to order is delivered from our workshop, not collected in a store.' }]);
  }
  if (storeId !== null) {
    const services = await checkPickupStore(db, current.state.owner.siteId, storeId);
    if (line && !services.includes('ship-to-store')) {
      const held = await db
        .prepare('SELECT quantity FROM store_inventory WHERE store_id = ?1 AND variant_id = ?2')
        .bind(storeId, line.variantId)
        .first<number>('quantity');
      // Chosen, it would fall back to home delivery at once: said now (ORD518), not as a surprise at checkout.
      if ((held ?? 0) < line.qty)
        throw new HttpError('ORD518', undefined, [{ field: 'storeId', message: 'This store has too few of this item and cannot have it sent there.' }]);
    }
  }
  return { result: await stub.setLineStore(caller, itemId, storeId) };
}

async function isReserveOnly(db: D1Database, variantId: string): Promise<boolean> {
  const row = await db
    .prepare('SELECT s.is_robis_only FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE v.id = ?1')
    .bind(variantId)
    .first<number>('is_robis_only');
  return row === 1;
}

/** A store of the basket's site that hands out orders (pickup, or ship to store), or ORD516 at storeId; answers its services. */
export async function checkPickupStore(db: D1Database, siteId: string, storeId: string): Promise<string[]> {
  const store = await db.prepare('SELECT services FROM stores WHERE id = ?1 AND site_id = ?2').bind(storeId, siteId).first<{ services: string }>();
  const services = store ? (JSON.parse(store.services) as string[]) : [];
  if (!services.includes('pickup') && !services.includes('ship-to-store')) {
    throw new HttpError('ORD516', undefined, [{ field: 'storeId', message: 'This item cannot be picked up at this store.' }]);
  }
  return services;
}
