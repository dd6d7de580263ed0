// The route side of a commerce service call: the dependencies and the acting shopper read off the request,
// and the cookie and session changes a service answered applied to the response. Only route files and page
// route files import this; the services below them take plain values.

import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Locale } from '../../shared/locale/sites.ts';
import type { AppEnv } from '../env.ts';
import { depsOf } from '../lib/http-deps.ts';
import { ARMS_COOKIE, parseArms } from '../observe/experiment-arms.ts';
import type { CookieChange, SessionChange, Shopper } from './call.ts';
import { openBasket } from './cart/basket.ts';
import type { BasketChange } from './cart/caller.ts';
import { cartCountCookie, type Freshness, pricedCart } from './cart/priced-cart.ts';
import type { CartEntity } from './cart/service.ts';
import { applySessionChange, ensureRequestSession } from './identity/http-session.ts';
import { reissueSession } from './identity/session-lifecycle.ts';
import { STORE_DEVICE_COOKIE } from './stores/device-cookie.ts';
import { deviceOf, type StoreDevice } from './stores/devices.ts';
import { favouriteStoreOf, MY_STORE_COOKIE, myStoreFromCookie } from './stores/my-store.ts';

/** The store id the request's my-store cookie names. */
export function myStoreCookie(c: Context<AppEnv>): string | undefined {
  return myStoreFromCookie(getCookie(c, MY_STORE_COOKIE));
}

/** The registered store device the request's cookie names, or null. */
export function requestDevice(c: Context<AppEnv>): Promise<StoreDevice | null> {
  return deviceOf(c.env.DB, getCookie(c, STORE_DEVICE_COOKIE));
}

/** The shopper as the request has them now: read again after a session change, the claims follow it. */
export function shopperOf(c: Context<AppEnv>): Shopper {
  return {
    claims: c.get('session')?.claims,
    address: c.req.header('cf-connecting-ip'),
    favStoreId: favouriteStoreOf(c.req.query('favStoreId'), getCookie(c, MY_STORE_COOKIE)),
    device: () => requestDevice(c),
    correlationId: c.get('correlationId'),
    arms: c.get('consent').targeting && !c.get('preview').active ? parseArms(getCookie(c, ARMS_COOKIE)) : [],
  };
}

export function applyCookies(c: Context<AppEnv>, cookies: readonly CookieChange[]): void {
  for (const cookie of cookies) setCookie(c, cookie.name, cookie.value, cookie.options);
}

/** The session now shops with this basket: its claims reissued and recorded (identity/http-session.ts). */
async function applyBasketChange(c: Context<AppEnv>, change: SessionChange | undefined): Promise<void> {
  if (change) await switchSessionBasket(c, change.basketId);
}

/** The session names another basket as its cart from this answer on. */
export async function switchSessionBasket(c: Context<AppEnv>, basketId: string | undefined): Promise<void> {
  const session = c.get('session');
  if (session) applySessionChange(c, await reissueSession(c.env, session, { ...session.claims, basketId }));
}

/** The header's cart count, set on this answer. */
export function setCartCount(c: Context<AppEnv>, count: number): void {
  applyCookies(c, [cartCountCookie(count)]);
}

/** The priced cart for this request's shopper, its cookies set: the change's own first, then the answer's. */
export async function pricedCartOf(c: Context<AppEnv>, locale: Locale, change: BasketChange, freshness: Freshness = 'fresh'): Promise<CartEntity> {
  applyCookies(c, change.cookies ?? []);
  const { cart, cookies } = await pricedCart(depsOf(c), shopperOf(c), locale, change, freshness);
  applyCookies(c, cookies);
  return cart;
}

/** The session's basket, found or made (a guest's session minted first), the session then naming it. */
export async function openSessionBasket(c: Context<AppEnv>, locale: Locale): Promise<Awaited<ReturnType<typeof openBasket>>> {
  await ensureRequestSession(c);
  const opened = await openBasket(depsOf(c), shopperOf(c), locale);
  await applyBasketChange(c, opened.sessionChange);
  return opened;
}
