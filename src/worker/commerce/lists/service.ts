// Favorites and saved-for-later (account-content §3, §7; the cart issue, §6): one list of each kind per
// shopper in D1, a guest's owned by their session until sign-in merges it (merge.ts). A list id in a
// request is a claim to check against the session, never a key: another shopper's list is not found.

import type { SessionClaims } from '../../../shared/api/session.ts';
import { LIST_MAX_ITEMS } from '../../../shared/commerce/commerce-config.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { base64url } from '../../lib/secret-tokens.ts';
import { productImageUrl } from '../catalog/images.ts';
import { isConnected } from '../identity/associates.ts';
import { followedBy, mintGuestSession, reissueSession, type SessionChange, type SessionDeps } from '../identity/session-lifecycle.ts';
import type { CurrentSession } from '../identity/session-state.ts';
import type { ListKind } from './merge.ts';

const CLAIM = { favorites: 'favoriteId', save_for_later: 'saveForLaterId' } as const;

export interface ListItem {
  itemId: string;
  /** The colour (favorites) or the variant (saved from the cart) the item is. */
  productId: string;
  masterId: string;
  itemType: string;
  qty: number;
  name: string;
  colour: string;
  size: string | null;
  pdpUrl: string;
  productImageURL: string;
  price: { currency: string; current: number | null; original: number | null };
  available: boolean;
  pageUrl: string | null;
  addedAt: string;
}

export interface ListPage {
  listId: string | null;
  total: number;
  start: number;
  count: number;
  items: ListItem[];
}

/** An in-store associate's device keeps no shopper's lists (account-content §6). */
export function listsAllowedFor(claims: SessionClaims | undefined): boolean {
  return !isConnected(claims?.buyInStore);
}

/** The session's list of a kind, if it has one. */
export async function sessionListOf(db: D1Database, claims: SessionClaims | undefined, kind: ListKind): Promise<string | null> {
  if (!claims || !listsAllowedFor(claims)) return null;
  if (claims.type === 'registered' && claims.consumerNo) {
    const own = await db.prepare('SELECT id FROM product_lists WHERE consumer_no = ?1 AND kind = ?2').bind(claims.consumerNo, kind).first<{ id: string }>();
    return own?.id ?? null;
  }
  const claimed = claims[CLAIM[kind]];
  if (!claimed) return null;
  const guest = await db
    .prepare('SELECT id FROM product_lists WHERE id = ?1 AND kind = ?2 AND consumer_no IS NULL AND usid = ?3')
    .bind(claimed, kind, claims.usid)
    .first<{ id: string }>();
  return guest?.id ?? null;
}

/**
 * The session's list of a kind, made on first need (a guest session too, minted when there is none); its id
 * rides in the session: the session change is for the HTTP layer to apply.
 */
export async function ensureListFor(deps: SessionDeps, session: CurrentSession | null, kind: ListKind): Promise<{ result: string; session?: SessionChange }> {
  if (!listsAllowedFor(session?.claims)) throw new HttpError('API403', 'Lists are not kept on a store device while an associate is connected.');
  const existing = await sessionListOf(deps.DB, session?.claims, kind);
  if (existing) return { result: existing };
  const minted = session ? null : await mintGuestSession(deps);
  const current = (session ?? minted?.session) as CurrentSession;
  const { claims } = current;
  const id = crypto.randomUUID().replace(/-/g, '');
  const now = new Date().toISOString();
  const registered = claims.type === 'registered' && claims.consumerNo;
  await deps.DB.prepare(
    `INSERT INTO product_lists (id, kind, consumer_no, usid, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
     ON CONFLICT DO NOTHING`,
  )
    .bind(id, kind, registered ? claims.consumerNo : null, registered ? null : claims.usid, now)
    .run();
  // Two first adds at once for a consumer: the unique index kept one list, and that one is theirs.
  const listId = registered ? ((await sessionListOf(deps.DB, claims, kind)) ?? id) : id;
  const reissued = await reissueSession(deps, current, { ...claims, [CLAIM[kind]]: listId });
  return { result: listId, session: minted ? followedBy(minted, reissued) : reissued };
}

/**
 * A list id from the request must be the session's own list of that kind: another's (or none) is a list this
 * customer does not have (commerce-core §8 AUT440), where PLP400 is a product the list does not hold.
 */
export async function ownListOf(db: D1Database, claims: SessionClaims | undefined, kind: ListKind, listId: string): Promise<string> {
  const own = await sessionListOf(db, claims, kind);
  if (!own || own !== listId) throw new HttpError('AUT440');
  return own;
}

interface ItemRow {
  item_id: string;
  item_type: string;
  qty: number;
  page_url: string | null;
  added_at: string;
  product_id: string;
  variant_id: string | null;
  style_id: string;
  name: string | null;
  colour_name: string;
  slug: string;
  product_type: string;
  swatch_hex: string;
  size: string | null;
  list_amount: number | null;
  sale_amount: number | null;
  stock: number;
}

/**
 * A page of a list's items, newest first, with each product as the catalogue has it now: a colour's
 * stock is its sizes' together, a variant's its own; an item the catalogue no longer has is left out.
 */
export async function listPage(db: D1Database, locale: Locale, listId: string | null, start: number, count: number): Promise<ListPage> {
  if (!listId) return { listId: null, total: 0, start, count, items: [] };
  const [totalRow, rows] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT COUNT(*) AS total FROM product_list_items WHERE list_id = ?1').bind(listId),
    db
      .prepare(
        `SELECT li.item_id, li.item_type, li.qty, li.page_url, li.added_at, p.id AS product_id, v.id AS variant_id, s.id AS style_id,
                t.name, p.colour_name, p.slug, s.product_type, p.swatch_hex, v.size,
                COALESCE(vp.list_amount, pp.list_amount) AS list_amount,
                CASE WHEN vp.item_id IS NOT NULL THEN vp.sale_amount ELSE pp.sale_amount END AS sale_amount,
                CASE WHEN v.id IS NOT NULL THEN COALESCE((SELECT quantity FROM inventory WHERE variant_id = v.id), 0)
                     ELSE COALESCE((SELECT SUM(i.quantity) FROM variants v2 JOIN inventory i ON i.variant_id = v2.id WHERE v2.product_id = p.id), 0)
                END AS stock
         FROM product_list_items li
         LEFT JOIN variants v ON v.id = li.item_id
         JOIN products p ON p.id = COALESCE(v.product_id, li.item_id)
         JOIN styles s ON s.id = p.style_id
         LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2
         LEFT JOIN prices vp ON vp.item_id = v.id AND vp.site_id = ?3
         LEFT JOIN prices pp ON pp.item_id = p.id AND pp.site_id = ?3
         WHERE li.list_id = ?1
         ORDER BY li.added_at DESC, li.item_id
         LIMIT ?4 OFFSET ?5`,
      )
      .bind(listId, locale.lang, locale.site.id, count, start),
  ]);
  const total = Number((totalRow?.results[0] as { total: number } | undefined)?.total ?? 0);
  const items = ((rows?.results ?? []) as unknown as ItemRow[]).map((row) => ({
    itemId: row.item_id,
    productId: row.variant_id ?? row.product_id,
    masterId: row.style_id,
    itemType: row.item_type,
    qty: row.qty,
    name: row.name ?? '',
    colour: row.colour_name,
    size: row.size,
    pdpUrl: paths.product(locale.code, row.slug, row.product_id),
    productImageURL: productImageUrl(assets.imageBase, row.product_type, row.swatch_hex, 'side'),
    price: { currency: locale.site.currency, current: row.sale_amount ?? row.list_amount, original: row.list_amount },
    available: row.stock > 0 && row.list_amount !== null,
    pageUrl: row.page_url,
    addedAt: row.added_at,
  }));
  return { listId, total, start, count, items };
}

/** Adds a colour or a variant the catalogue has; adding it again keeps one item with the new quantity. */
export async function addToList(
  db: D1Database,
  listId: string,
  item: { id: string; qty: number; itemType: string; pageUrl?: string | undefined },
): Promise<void> {
  const known = await db
    .prepare('SELECT (SELECT COUNT(*) FROM variants WHERE id = ?1) + (SELECT COUNT(*) FROM products WHERE id = ?1) AS found')
    .bind(item.id)
    .first<{ found: number }>();
  if (!known?.found) throw new HttpError('PLP400', 'The product was not found.');
  const now = new Date().toISOString();
  // The limit is counted in the statement that adds: counted before it, 12 adds at once each saw room and
  // together passed it. An item the list holds already takes its new quantity however full the list is.
  const [added] = await db.batch([
    db
      .prepare(
        `INSERT INTO product_list_items (list_id, item_id, item_type, qty, page_url, added_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT COUNT(*) FROM product_list_items WHERE list_id = ?1 AND item_id != ?2) < ?7
         ON CONFLICT (list_id, item_id) DO UPDATE SET qty = excluded.qty, page_url = COALESCE(excluded.page_url, page_url)`,
      )
      .bind(listId, item.id, item.itemType, item.qty, item.pageUrl ?? null, now, LIST_MAX_ITEMS),
    db.prepare('UPDATE product_lists SET updated_at = ?2 WHERE id = ?1 AND changes() = 1').bind(listId, now),
  ]);
  if ((added?.meta.changes ?? 0) === 0) throw new HttpError('API409', `A list keeps at most ${LIST_MAX_ITEMS} items.`);
}

/** Removes an item; an item the list does not hold is PLP400 (list product not found). */
/**
 * A saved variant changed to another size of the same colour (PLP400 when it is not on the list, ORD404
 * when the new one is not of its product); where the list already holds that size, the two become one.
 */
export async function changeListVariant(db: D1Database, listId: string, itemId: string, variantId: string): Promise<void> {
  const [saved, next] = await db.batch<{ product_id: string; qty?: number }>([
    db
      .prepare('SELECT v.product_id, i.qty FROM product_list_items i JOIN variants v ON v.id = i.item_id WHERE i.list_id = ?1 AND i.item_id = ?2')
      .bind(listId, itemId),
    db.prepare('SELECT product_id FROM variants WHERE id = ?1').bind(variantId),
  ]);
  const from = saved?.results[0];
  const to = next?.results[0];
  if (!from) throw new HttpError('PLP400', 'This item is not in the saved list.');
  if (!to || to.product_id !== from.product_id) throw new HttpError('ORD404', 'Choose another size of the same item.');
  if (itemId === variantId) return;
  await db.batch([
    db
      .prepare(
        `INSERT INTO product_list_items (list_id, item_id, item_type, qty, page_url, added_at)
         SELECT list_id, ?3, item_type, qty, page_url, added_at FROM product_list_items WHERE list_id = ?1 AND item_id = ?2
         ON CONFLICT (list_id, item_id) DO UPDATE SET qty = qty + excluded.qty`,
      )
      .bind(listId, itemId, variantId),
    db.prepare('DELETE FROM product_list_items WHERE list_id = ?1 AND item_id = ?2').bind(listId, itemId),
  ]);
}

export async function removeFromList(db: D1Database, listId: string, itemId: string): Promise<void> {
  const result = await db.prepare('DELETE FROM product_list_items WHERE list_id = ?1 AND item_id = ?2').bind(listId, itemId).run();
  if (!result.meta.changes) throw new HttpError('PLP400', 'This item is not in the list.');
}

/** The list's public read-only token: made once, then the same for every share. */
export async function shareToken(db: D1Database, listId: string, create: boolean): Promise<string | null> {
  const row = await db.prepare('SELECT share_token FROM product_lists WHERE id = ?1').bind(listId).first<{ share_token: string | null }>();
  if (row?.share_token || !create) return row?.share_token ?? null;
  // 18 bytes: 24 base64url characters, no padding.
  const token = base64url(crypto.getRandomValues(new Uint8Array(18)));
  // A share raced by another keeps the first token.
  await db.prepare('UPDATE product_lists SET share_token = ?2 WHERE id = ?1 AND share_token IS NULL').bind(listId, token).run();
  return (await db.prepare('SELECT share_token FROM product_lists WHERE id = ?1').bind(listId).first<{ share_token: string }>())?.share_token ?? token;
}

/** The favorites list a share token opens, if any. */
export async function sharedListId(db: D1Database, token: string): Promise<string | null> {
  const row = await db.prepare("SELECT id FROM product_lists WHERE share_token = ?1 AND kind = 'favorites'").bind(token).first<{ id: string }>();
  return row?.id ?? null;
}
