// "My store" (the store services issue, §2): the shopper's favourite store. A cookie carries it for every
// shopper (the header shows it, the cart picks up there by default); a signed-in shopper's is also kept on
// the account, so it follows them to another device, and a guest's choice becomes the account's at sign-in
// when the account had none. The cookie goes in and out as a value (lib/cookie-change.ts).

import type { CookieChange } from '../../lib/cookie-change.ts';

export const MY_STORE_COOKIE = 'cairn_store';
const ONE_YEAR = 60 * 60 * 24 * 365;
const STORE_ID = /^[A-Z]{2}-\d{4}$/;

/** The store id in the cookie's value ("US-0012|Cairn Portland Pearl": the id, then the name the header shows). */
export function myStoreFromCookie(value: string | undefined): string | undefined {
  const id = value?.split('|')[0];
  return id && STORE_ID.test(id) ? id : undefined;
}

/** The store the cart picks up at by default: the one the call names, else the shopper's own. */
export function favouriteStoreOf(asked: string | undefined, cookie: string | undefined): string | undefined {
  return asked && STORE_ID.test(asked) ? asked : myStoreFromCookie(cookie);
}

/** The cookie naming `store`; Secure when the request came over https. */
export function myStoreCookieChange(store: { id: string; name: string }, secure: boolean): CookieChange {
  // Readable by the page's script: the header names the store from it. Nothing in it is secret.
  return { name: MY_STORE_COOKIE, value: `${store.id}|${store.name}`, options: { path: '/', maxAge: ONE_YEAR, sameSite: 'Lax', secure } };
}

/** The shopper's choice: the cookie to write, and the account's store when they are signed in. */
export async function chooseMyStore(db: D1Database, store: { id: string; name: string }, consumerNo: string | null, secure: boolean): Promise<CookieChange> {
  if (consumerNo) await db.prepare('UPDATE consumers SET fav_store_id = ?2 WHERE consumer_no = ?1').bind(consumerNo, store.id).run();
  return myStoreCookieChange(store, secure);
}

/**
 * The shopper's favourite store as the auth data names it (commerce-core §3, favorites.favStoreId): a
 * signed-in shopper's is the account's, whatever the browser's cookie says; a guest's is the cookie's, when
 * it names a store there is. A cookie is the browser's to rewrite, so its id is checked against the stores.
 */
export async function favouriteStoreOfShopper(db: D1Database, consumerNo: string | undefined, cookie: string | undefined): Promise<string | null> {
  if (consumerNo) {
    const row = await db
      .prepare('SELECT s.id FROM consumers c JOIN stores s ON s.id = c.fav_store_id WHERE c.consumer_no = ?1')
      .bind(consumerNo)
      .first<{ id: string }>();
    return row?.id ?? null;
  }
  const chosen = myStoreFromCookie(cookie);
  if (!chosen) return null;
  const row = await db.prepare('SELECT id FROM stores WHERE id = ?1').bind(chosen).first<{ id: string }>();
  return row?.id ?? null;
}

/** At sign-in: the account's store reaches the cookie (the change to write), or the guest's choice becomes the account's. */
export async function myStoreAtSignIn(db: D1Database, consumerNo: string, chosen: string | undefined, secure: boolean): Promise<CookieChange | null> {
  const row = await db
    .prepare(`SELECT s.id, s.name FROM consumers c JOIN stores s ON s.id = c.fav_store_id WHERE c.consumer_no = ?1`)
    .bind(consumerNo)
    .first<{ id: string; name: string }>();
  if (row) return row.id !== chosen ? myStoreCookieChange(row, secure) : null;
  if (chosen) {
    await db
      .prepare('UPDATE consumers SET fav_store_id = ?2 WHERE consumer_no = ?1 AND EXISTS (SELECT 1 FROM stores WHERE id = ?2)')
      .bind(consumerNo, chosen)
      .run();
  }
  return null;
}
