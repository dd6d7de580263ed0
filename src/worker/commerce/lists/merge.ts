// Signing in merges the guest's favorites and saved-for-later into the consumer's own lists (commerce-core
// §4): the consumer's items take over where both hold the same one, the guest's are added, and the guest
// list is gone. Only lists the signing-in session owns are merged: an id sent by the browser is a claim
// to check, not a key.

export type ListKind = 'favorites' | 'save_for_later';

export interface MergedLists {
  favoriteId?: string;
  saveForLaterId?: string;
}

const CLAIM: Record<ListKind, keyof MergedLists> = { favorites: 'favoriteId', save_for_later: 'saveForLaterId' };

async function mergeOne(
  db: D1Database,
  kind: ListKind,
  consumerNo: string,
  guestListId: string | undefined,
  usid: string | undefined,
): Promise<string | undefined> {
  const [own, guest] = await db.batch<{ id: string }>([
    db.prepare('SELECT id FROM product_lists WHERE consumer_no = ?1 AND kind = ?2').bind(consumerNo, kind),
    db.prepare('SELECT id FROM product_lists WHERE id = ?1 AND kind = ?2 AND consumer_no IS NULL AND usid = ?3').bind(guestListId ?? '', kind, usid ?? ''),
  ]);
  const ownId = own?.results[0]?.id;
  const guestId = guest?.results[0]?.id;
  if (!guestId) return ownId;
  const now = new Date().toISOString();
  if (!ownId) {
    // The guest list becomes the consumer's.
    await db.prepare('UPDATE product_lists SET consumer_no = ?2, usid = NULL, updated_at = ?3 WHERE id = ?1').bind(guestId, consumerNo, now).run();
    return guestId;
  }
  await db.batch([
    db
      .prepare(
        `INSERT INTO product_list_items (list_id, item_id, item_type, qty, page_url, added_at)
         SELECT ?1, item_id, item_type, qty, page_url, added_at FROM product_list_items WHERE list_id = ?2
         ON CONFLICT (list_id, item_id) DO NOTHING`,
      )
      .bind(ownId, guestId),
    db.prepare('DELETE FROM product_list_items WHERE list_id = ?1').bind(guestId),
    db.prepare('DELETE FROM product_lists WHERE id = ?1').bind(guestId),
    db.prepare('UPDATE product_lists SET updated_at = ?2 WHERE id = ?1').bind(ownId, now),
  ]);
  return ownId;
}

/** Merges the guest's lists named in `guest` (if the session `usid` owns them) and answers the consumer's list ids. */
export async function mergeGuestLists(
  db: D1Database,
  consumerNo: string,
  guest: { usid?: string | undefined; favoriteId?: string | undefined; saveForLaterId?: string | undefined },
): Promise<MergedLists> {
  const merged: MergedLists = {};
  for (const kind of ['favorites', 'save_for_later'] as const) {
    const id = await mergeOne(db, kind, consumerNo, guest[CLAIM[kind]], guest.usid);
    if (id) merged[CLAIM[kind]] = id;
  }
  return merged;
}
