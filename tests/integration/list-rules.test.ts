// Favorites and saved-for-later as the list service keeps them (account-content §6), without HTTP against
// the real D1: a list holds one item per product and at most LIST_MAX_ITEMS, even when adds arrive at the
// same moment; a list is only its own session's; a store device with an associate connected keeps none; and
// a guest's list joins the account's own at sign-in. What the calls and pages answer is lists.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SessionClaims } from '../../src/shared/api/session.ts';
import { LIST_MAX_ITEMS } from '../../src/shared/commerce/commerce-config.ts';
import type { CurrentSession } from '../../src/worker/commerce/identity/session-state.ts';
import { mergeGuestLists } from '../../src/worker/commerce/lists/merge.ts';
import { addToList, ensureListFor, ownListOf, sessionListOf } from '../../src/worker/commerce/lists/service.ts';
import { consumerNoOf } from './helpers.ts';

/** A guest's new favorites list, made as a first add makes it: the list and the session that holds it. */
async function guestFavorites(): Promise<{ listId: string; session: CurrentSession }> {
  const made = await ensureListFor(env, null, 'favorites');
  return { listId: made.result, session: made.session?.session as CurrentSession };
}

/** `n` variants the catalogue has, from `offset` in id order. */
async function variants(n: number, offset = 0): Promise<string[]> {
  const rows = await env.DB.prepare('SELECT id FROM variants ORDER BY id LIMIT ?1 OFFSET ?2').bind(n, offset).all<{ id: string }>();
  return rows.results.map((row) => row.id);
}

const itemsOf = async (listId: string) =>
  (await env.DB.prepare('SELECT item_id, qty FROM product_list_items WHERE list_id = ?1 ORDER BY item_id').bind(listId).all<{ item_id: string; qty: number }>())
    .results;

const refusal = (error: unknown) => (error as { code?: string }).code ?? String(error);

describe('a list', () => {
  it(`never holds more than ${LIST_MAX_ITEMS} items when 12 different products are added at once to a list one short`, async () => {
    const { listId } = await guestFavorites();
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO product_list_items (list_id, item_id, item_type, qty, added_at) SELECT ?1, id, 'variant', 1, ?2 FROM variants ORDER BY id LIMIT ?3",
    )
      .bind(listId, now, LIST_MAX_ITEMS - 1)
      .run();
    const more = await variants(12, LIST_MAX_ITEMS);

    const outcomes = await Promise.all(more.map((id) => addToList(env.DB, listId, { id, qty: 1, itemType: 'variant' }).then(() => 'added', refusal)));

    expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'API409')).toHaveLength(11);
    expect(await itemsOf(listId)).toHaveLength(LIST_MAX_ITEMS);
    // A full list still takes a new quantity for an item it holds.
    const [held] = await variants(1);
    await addToList(env.DB, listId, { id: held as string, qty: 3, itemType: 'variant' });
    expect((await itemsOf(listId)).find((item) => item.item_id === held)?.qty).toBe(3);
  });

  it('keeps one item per product when the same one is added 12 times at once', async () => {
    const { listId } = await guestFavorites();
    const [id] = await variants(1, 7);
    await Promise.all(Array.from({ length: 12 }, (_, i) => addToList(env.DB, listId, { id: id as string, qty: (i % 3) + 1, itemType: 'variant' })));
    const items = await itemsOf(listId);
    expect(items).toHaveLength(1);
    expect([1, 2, 3]).toContain(items[0]?.qty);
  });

  it('is found only by its own session', async () => {
    const mine = await guestFavorites();
    const theirs = await guestFavorites();
    expect(await ownListOf(env.DB, mine.session.claims, 'favorites', mine.listId)).toBe(mine.listId);
    await expect(ownListOf(env.DB, theirs.session.claims, 'favorites', mine.listId)).rejects.toMatchObject({ code: 'AUT440' });
    // Naming the other list in one's own session claims changes nothing: the list must be the session's.
    const forged: SessionClaims = { ...theirs.session.claims, favoriteId: mine.listId };
    expect(await sessionListOf(env.DB, forged, 'favorites')).toBeNull();
  });

  it('is not kept on a store device while an associate is connected', async () => {
    const { session } = await guestFavorites();
    const connected: CurrentSession = {
      ...session,
      claims: { ...session.claims, buyInStore: { storeId: 'US-0005', storeName: 'Store', storeEmployeeId: 'E1', storeEmployeeName: 'Associate' } },
    };
    await expect(ensureListFor(env, connected, 'favorites')).rejects.toMatchObject({ code: 'API403' });
    expect(await sessionListOf(env.DB, connected.claims, 'favorites')).toBeNull();
  });

  it('joins the account’s own at sign-in, the account’s quantity kept for a product both hold', async () => {
    const consumerNo = await consumerNoOf('ana@cairn.test');
    const [shared, guestOnly] = (await variants(2, 20)) as [string, string];
    const own = await ensureListFor(env, { claims: { usid: crypto.randomUUID(), type: 'registered', consumerNo }, familyId: crypto.randomUUID() }, 'favorites');
    await addToList(env.DB, own.result, { id: shared, qty: 2, itemType: 'variant' });
    const guest = await guestFavorites();
    await addToList(env.DB, guest.listId, { id: shared, qty: 5, itemType: 'variant' });
    await addToList(env.DB, guest.listId, { id: guestOnly, qty: 1, itemType: 'variant' });

    const merged = await mergeGuestLists(env.DB, consumerNo, { usid: guest.session.claims.usid, favoriteId: guest.listId });

    expect(merged.favoriteId).toBe(own.result);
    const items = await itemsOf(own.result);
    expect(Object.fromEntries(items.map((item) => [item.item_id, item.qty]))).toEqual({ [shared]: 2, [guestOnly]: 1 });
    expect(await itemsOf(guest.listId)).toEqual([]);
  });
});
