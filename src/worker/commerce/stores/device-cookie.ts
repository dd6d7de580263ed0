// The store device's registration as the browser keeps it: an HttpOnly cookie holding the device's id and
// secret, sent only to this site's own requests. It outlives sessions: clearing a store session or a
// shopper signing out leaves the device registered.

import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../env.ts';
import { deviceOf, type StoreDevice } from './devices.ts';

export const STORE_DEVICE_COOKIE = 'cairn_store_device';
/** As long as a browser keeps a cookie (400 days); an operator revokes a device sooner. */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/** The registered store device this request comes from, or null. */
export function requestDevice(c: Context<AppEnv>): Promise<StoreDevice | null> {
  return deviceOf(c.env.DB, getCookie(c, STORE_DEVICE_COOKIE));
}

export function setDeviceCookie(c: Context<AppEnv>, value: string): void {
  setCookie(c, STORE_DEVICE_COOKIE, value, {
    path: '/',
    httpOnly: true,
    secure: c.req.url.startsWith('https:'),
    sameSite: 'Strict',
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}
