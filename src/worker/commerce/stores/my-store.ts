// "My store" (the store services issue, §2): the shopper's favourite store. A cookie carries it for every
// shopper (the header shows it, the cart picks up there by default); a signed-in shopper's is also kept on
// the account, so it follows them to another device, and a guest's choice becomes the account's at sign-in
// when the account had none.

import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../env.ts';

export const MY_STORE_COOKIE = 'cairn_store';
const ONE_YEAR = 60 * 60 * 24 * 365;
const STORE_ID = /^[A-Z]{2}-\d{4}$/;

/** The cookie's store id ("US-0012|Cairn Portland Pearl": the id, then the name the header shows). */
export function myStoreCookie(c: Context<AppEnv>): string | undefined {
  const id = getCookie(c, MY_STORE_COOKIE)?.split('|')[0];
  return id && STORE_ID.test(id) ? id : undefined;
}

/** The store the cart picks up at by default: the one the call names, else the shopper's own. */
export function favouriteStoreId(c: Context<AppEnv>): string | undefined {
  const asked = c.req.query('favStoreId');
  return asked && STORE_ID.test(asked) ? asked : myStoreCookie(c);
}

function writeCookie(c: Context<AppEnv>, store: { id: string; name: string }): void {
  // Readable by the page's script: the header names the store from it. Nothing in it is secret.
  setCookie(c, MY_STORE_COOKIE, `${store.id}|${store.name}`, {
    path: '/',
    maxAge: ONE_YEAR,
    sameSite: 'Lax',
    secure: c.req.url.startsWith('https:'),
  });
}

export async function chooseMyStore(c: Context<AppEnv>, store: { id: string; name: string }, consumerNo: string | null): Promise<void> {
  writeCookie(c, store);
  if (consumerNo) await c.env.DB.prepare('UPDATE consumers SET fav_store_id = ?2 WHERE consumer_no = ?1').bind(consumerNo, store.id).run();
}

/** At sign-in: the account's store reaches the cookie, or the guest's choice becomes the account's. */
export async function myStoreAtSignIn(c: Context<AppEnv>, consumerNo: string): Promise<void> {
  const chosen = myStoreCookie(c);
  const row = await c.env.DB.prepare(`SELECT s.id, s.name FROM consumers c JOIN stores s ON s.id = c.fav_store_id WHERE c.consumer_no = ?1`)
    .bind(consumerNo)
    .first<{ id: string; name: string }>();
  if (row) {
    if (row.id !== chosen) writeCookie(c, row);
  } else if (chosen) {
    await c.env.DB.prepare('UPDATE consumers SET fav_store_id = ?2 WHERE consumer_no = ?1 AND EXISTS (SELECT 1 FROM stores WHERE id = ?2)')
      .bind(consumerNo, chosen)
      .run();
  }
}
