// What a change to a cart line may say about it beside its id (commerce-core §7): PUT …/item's upc, maxQty and
// recipeId, and DELETE /cart/v1/item's upc. The attacks: a client's maxQty above the store's limit, a design
// that is not the line's own (another shopper's, another boot's), a UPC that is not the line's variant. Each is
// refused at its field with nothing written, or (maxQty) cannot lift the store's limit.

import { beforeAll, describe, expect, it } from 'vitest';
import { one } from './helpers.ts';
import { guestsAt, type Jar } from './jar.ts';

type Json = Record<string, any>;
const guest = guestsAt('198.51.101.');

interface Variant {
  id: string;
  upc: string;
  product_id: string;
}

/** Two sizes of one colour in stock, with their UPCs. */
let sizes: { first: Variant; second: Variant };
/** A size of a limited release (two per basket) with more than that in stock. */
let limited: Variant;
/** Two colours of boots made to order, a size of each. */
let boots: { mine: Variant; other: Variant };

const variantSql = (where: string, offset = 0) =>
  `SELECT v.id, v.upc, v.product_id FROM variants v JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id
   JOIN inventory i ON i.variant_id = v.id JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'US'
   WHERE s.is_digital = 0 AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.target_publish_date IS NULL AND i.quantity >= 6 AND ${where}
   ORDER BY v.id LIMIT 1 OFFSET ${offset}`;

beforeAll(async () => {
  const first = await one<Variant>(variantSql("s.max_qty IS NULL AND s.id NOT IN (SELECT style_id FROM custom_styles) AND s.product_type = 'boot'"));
  const second = await one<Variant>(variantSql(`v.product_id = '${first.product_id}' AND v.id <> '${first.id}'`));
  sizes = { first, second };
  limited = await one<Variant>(variantSql('s.max_qty = 2'));
  const mine = await one<Variant>(variantSql('s.id IN (SELECT style_id FROM custom_styles)'));
  const other = await one<Variant>(variantSql(`s.id IN (SELECT style_id FROM custom_styles) AND p.id <> '${mine.product_id}'`));
  boots = { mine, other };
});

async function basketWith(jar: Jar, add: Json): Promise<{ basketId: string; line: Json }> {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  const added = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, qty: 1, ...add });
  expect(added.status).toBe(200);
  return { basketId, line: added.body.items.find((item: Json) => !item.bonus) };
}

const design = async (jar: Jar, variant: Variant) =>
  (await jar.api('POST', '/api/customs/v1/recipes', { productId: variant.product_id, laces: 'red', monogram: 'ana' })).body.recipe.recipeId as string;

const linesOf = async (jar: Jar, basketId: string) =>
  ((await jar.api('GET', `/api/cart/v1/cart/${basketId}`)).body.items as Json[])
    .filter((item) => !item.bonus)
    .map((item) => ({ id: item.id, productId: item.productId, qty: item.qty, recipeId: item.recipeId }));

describe('PUT …/item maxQty', () => {
  it('cannot lift the store’s limit: a client saying 99 still gets at most two of a limited release', async () => {
    const jar = guest();
    const { basketId, line } = await basketWith(jar, { productId: limited.id });
    const put = (body: Json) => jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { cartId: basketId, itemId: line.id, ...body });
    const over = await put({ qty: 3, maxQty: 99 });
    expect([over.status, over.body.errorId]).toEqual([409, 'INV408']);
    expect((await linesOf(jar, basketId)).map((l) => l.qty)).toEqual([1]);
    const most = await put({ qty: 2, maxQty: 99 });
    expect(most.status).toBe(200);
    expect(most.body.items[0]).toMatchObject({ qty: 2, maxQty: 2 });
  });

  it('is the client’s own lower limit when it asks for one, as on an add', async () => {
    const jar = guest();
    const { basketId, line } = await basketWith(jar, { productId: sizes.first.id });
    const lower = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: line.id, qty: 3, maxQty: 2 });
    expect([lower.status, lower.body.errorId]).toEqual([409, 'INV408']);
    expect((await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: line.id, qty: 2, maxQty: 2 })).body.items[0].qty).toBe(2);
  });
});

describe('PUT …/item upc', () => {
  it('is taken when it is the line’s variant, or the size the call changes it to', async () => {
    const jar = guest();
    const { basketId, line } = await basketWith(jar, { productId: sizes.first.id });
    const same = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: line.id, qty: 2, upc: sizes.first.upc });
    expect([same.status, same.body.items[0].qty]).toEqual([200, 2]);
    const resized = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: line.id, qty: 2, productId: sizes.second.id, upc: sizes.second.upc });
    expect([resized.status, resized.body.items[0].productId, resized.body.items[0].upc]).toEqual([200, sizes.second.id, sizes.second.upc]);
  });

  it('refuses another variant’s UPC at the upc field, changing nothing', async () => {
    const jar = guest();
    const { basketId, line } = await basketWith(jar, { productId: sizes.first.id });
    const before = await linesOf(jar, basketId);
    const cases: Json[] = [
      { qty: 3, upc: sizes.second.upc },
      { qty: 1, productId: sizes.second.id, upc: sizes.first.upc },
      { qty: 1, upc: '000000000000' },
    ];
    for (const body of cases) {
      const refused = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: line.id, ...body });
      expect([refused.status, refused.body.errorId, refused.body.details?.map((d: Json) => d.field)], JSON.stringify(body)).toEqual([400, 'API400', ['upc']]);
    }
    expect((await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { itemId: line.id, qty: 1, upc: 'abc' })).body.details?.[0]?.field).toBe('upc');
    expect(await linesOf(jar, basketId)).toEqual(before);
  });
});

describe('POST /cart/v1/item upc', () => {
  it('names the variant alone, or must be the same one productId names', async () => {
    const jar = guest();
    const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
    const mixed = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: sizes.first.id, upc: sizes.second.upc });
    expect([mixed.status, mixed.body.details?.[0]?.field]).toEqual([400, 'upc']);
    expect(await linesOf(jar, basketId)).toEqual([]);
    const byUpc = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, upc: sizes.second.upc });
    const both = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: sizes.second.id, upc: sizes.second.upc });
    expect([byUpc.status, both.status]).toEqual([200, 200]);
    expect((await linesOf(jar, basketId)).map((l) => [l.productId, l.qty])).toEqual([[sizes.second.id, 2]]);
  });
});

describe('DELETE /cart/v1/item upc', () => {
  it('removes the line its UPC names, and refuses, keeping the line, a UPC that is not its own', async () => {
    const jar = guest();
    const { basketId, line } = await basketWith(jar, { productId: sizes.first.id });
    const refused = await jar.api('DELETE', '/api/cart/v1/item', { cartId: basketId, itemId: line.id, upc: sizes.second.upc });
    expect([refused.status, refused.body.errorId, refused.body.details?.[0]?.field]).toEqual([400, 'API400', 'upc']);
    expect((await linesOf(jar, basketId)).map((l) => l.id)).toEqual([line.id]);
    const removed = await jar.api('DELETE', '/api/cart/v1/item', { cartId: basketId, itemId: line.id, upc: sizes.first.upc });
    expect(removed.status).toBe(200);
    expect(await linesOf(jar, basketId)).toEqual([]);
  });
});

describe('PUT …/item recipeId', () => {
  it('is taken when it is the line’s own design', async () => {
    const jar = guest();
    const recipeId = await design(jar, boots.mine);
    const { basketId, line } = await basketWith(jar, { productId: boots.mine.id, recipeId });
    const more = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { cartId: basketId, itemId: line.id, qty: 2, recipeId, maxQty: 5 });
    expect(more.status).toBe(200);
    expect(more.body.items[0]).toMatchObject({ qty: 2, recipeId, isCustoms: true });
  });

  it('refuses another shopper’s design, another boot’s, and a design on a line not made to order, changing nothing', async () => {
    const jar = guest();
    const recipeId = await design(jar, boots.mine);
    const { basketId, line } = await basketWith(jar, { productId: boots.mine.id, recipeId });
    const plain = await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: sizes.first.id, qty: 1 });
    const plainLine = (plain.body.items as Json[]).find((item) => item.productId === sizes.first.id) as Json;
    const before = await linesOf(jar, basketId);
    const someoneElses = await design(guest(), boots.mine);
    const anotherBoots = await design(jar, boots.other);
    const cases: [string, string][] = [
      [line.id, someoneElses],
      [line.id, anotherBoots],
      [plainLine.id, recipeId],
    ];
    for (const [itemId, claimed] of cases) {
      const refused = await jar.api('PUT', `/api/cart/v1/cart/${basketId}/item`, { cartId: basketId, itemId, qty: 2, recipeId: claimed });
      expect([refused.status, refused.body.errorId, refused.body.details?.map((d: Json) => d.field)], claimed).toEqual([400, 'API400', ['recipeId']]);
    }
    expect(await linesOf(jar, basketId)).toEqual(before);
  });
});
