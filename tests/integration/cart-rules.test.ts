// The cart's rules as its services keep them (the cart issue, §1), called without HTTP against the real D1
// and Cart objects: quantities within the stock and a limited release's most per order whatever is asked,
// an unknown item, one without a price and one sold out refused, a basket only its own session can use,
// and adds made at the same moment counted exactly, never past the stock. What the cart calls answer for
// each is cart.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { addToBasket, openBasket } from '../../src/worker/commerce/cart/basket.ts';
import type { BasketChange } from '../../src/worker/commerce/cart/caller.ts';
import { removeLine, setLineQuantity } from '../../src/worker/commerce/cart/lines.ts';
import { throwRefusal } from '../../src/worker/commerce/cart/service.ts';
import { deps, guestsAt, linesOf } from './checkout-services.ts';
import { one } from './helpers.ts';

const US = DEFAULT_LOCALE;
const guest = guestsAt('198.19.9.');
type Guest = ReturnType<typeof guest>;

async function newBasket(who: Guest): Promise<string> {
  const opened = await openBasket(deps, who, US);
  return (opened.result.ok ? opened.result.state.basketId : undefined) as string;
}

/** A new guest with a basket of their own, and a variant with at least `min` in stock. */
async function guestBasket(min: number) {
  const who = guest();
  const [basketId, variant] = await Promise.all([newBasket(who), variantWithStock(min)]);
  return { who, basketId, variant };
}

/** A variant with at least `min` in stock and no most per order. */
function variantWithStock(min: number): Promise<{ id: string; quantity: number }> {
  return one(
    `SELECT v.id, i.quantity FROM variants v JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US'
     JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
     WHERE i.quantity >= ?1 AND s.max_qty IS NULL ORDER BY i.quantity, v.id LIMIT 1`,
    min,
  );
}

/** The code a change is refused with, as a route would answer it (the Cart object's refusal mapped); 'ok' otherwise. */
const outcome = (call: Promise<BasketChange>) =>
  call.then((change) => (change.result.ok ? 'ok' : throwRefusal(change.result))).catch((error: { code?: string }) => error.code ?? String(error));
const add = (who: Guest, basketId: string, productId: string, qty = 1, maxQty?: number) =>
  outcome(addToBasket(deps, who, US, basketId, { productId, qty, ...(maxQty ? { maxQty } : {}) }));
const qtyOf = async (who: Guest, basketId: string) => (await linesOf(who, basketId)).map((line) => line.qty);

describe('the cart', () => {
  it('holds no more of a limited release than its style allows, whatever the caller asks', async () => {
    const who = guest();
    const basketId = await newBasket(who);
    const limited = await one<{ id: string }>(
      `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
       JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
       WHERE s.max_qty = 2 AND i.quantity >= 5 ORDER BY v.id LIMIT 1`,
    );
    expect(await add(who, basketId, limited.id, 2, 50)).toBe('ok');
    expect(await add(who, basketId, limited.id, 1)).toBe('INV408');
    const [line] = await linesOf(who, basketId);
    expect(await outcome(setLineQuantity(deps, who, US, basketId, line?.id as string, 3))).toBe('INV408');
    expect(await qtyOf(who, basketId)).toEqual([2]);
  });

  it('refuses more than the stock, an unknown item, one without a price and one sold out', async () => {
    const { who, basketId, variant } = await guestBasket(1);
    expect(await add(who, basketId, variant.id, variant.quantity + 1)).toBe('INV408');
    expect(await add(who, basketId, 'ZZZZZZZZZ9')).toBe('ORD404');
    const soldOut = await one<{ id: string }>(
      "SELECT i.variant_id AS id FROM inventory i JOIN variants v ON v.id = i.variant_id JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US' WHERE i.quantity = 0 LIMIT 1",
    );
    expect(await add(who, basketId, soldOut.id)).toBe('INV700');
    await env.DB.prepare("DELETE FROM prices WHERE site_id = 'US' AND item_id = (SELECT product_id FROM variants WHERE id = ?1)").bind(variant.id).run();
    expect(await add(who, basketId, variant.id)).toBe('INV702');
    expect(await qtyOf(who, basketId)).toEqual([]);
  });

  it('changes a line within the stock and removes it once', async () => {
    const { who, basketId, variant } = await guestBasket(4);
    await add(who, basketId, variant.id, 1);
    const [line] = await linesOf(who, basketId);
    const itemId = line?.id as string;
    expect(await outcome(setLineQuantity(deps, who, US, basketId, itemId, 4))).toBe('ok');
    expect(await outcome(setLineQuantity(deps, who, US, basketId, itemId, variant.quantity + 1))).toBe('INV408');
    expect(await qtyOf(who, basketId)).toEqual([4]);
    expect(await outcome(removeLine(deps, who, basketId, itemId))).toBe('ok');
    expect(await outcome(removeLine(deps, who, basketId, itemId))).toBe('ORD404');
  });

  it('belongs to its session: another session is refused and changes nothing', async () => {
    const [owner, stranger] = [guest(), guest()];
    const basketId = await newBasket(owner);
    const variant = await variantWithStock(2);
    expect(await add(stranger, basketId, variant.id)).toBe('AUT498');
    expect(await qtyOf(owner, basketId)).toEqual([]);
  });

  it('adds exactly under 100 concurrent calls, and never past the stock under 20', async () => {
    const who = guest();
    const basketId = await newBasket(who);
    const plenty = await variantWithStock(5);
    await env.DB.prepare('UPDATE inventory SET quantity = 150 WHERE variant_id = ?1').bind(plenty.id).run();
    expect(new Set(await Promise.all(Array.from({ length: 100 }, () => add(who, basketId, plenty.id))))).toEqual(new Set(['ok']));
    expect(await qtyOf(who, basketId)).toEqual([100]);

    const scarce = await variantWithStock(3);
    const other = guest();
    const otherBasket = await newBasket(other);
    const raced = await Promise.all(Array.from({ length: 20 }, () => add(other, otherBasket, scarce.id)));
    expect(raced.filter((code) => code === 'ok')).toHaveLength(scarce.quantity);
    expect(raced.filter((code) => code === 'INV408' || code === 'INV700')).toHaveLength(20 - scarce.quantity);
    expect(await qtyOf(other, otherBasket)).toEqual([scarce.quantity]);
  });
});
