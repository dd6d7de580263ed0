import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../../shared/api/session.ts';
import { presentedCookies, sessionCookieChanges } from './session-cookies.ts';
import { followedBy, mergeSessionCookies } from './session-lifecycle.ts';

const refresh = { token: 'rt_x', familyId: 'f1', expiresAt: new Date(0) };
const none = presentedCookies(() => undefined);

describe('session cookie changes', () => {
  it('write the token, the refresh token and the hint with the first name of a registered session', () => {
    const changes = sessionCookieChanges({ set: { token: 't', refresh, firstName: 'Ada' } }, { usid: 'u', type: 'registered', consumerNo: 'C1' }, none);
    expect(changes.map((c) => c.name)).toEqual([SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE]);
    expect(changes[0]).toMatchObject({ value: 't', options: { httpOnly: true, maxAge: 600, secure: true, path: '/' } });
    expect(changes[2]).toMatchObject({ value: 'r:Ada' });
  });
  it('keep the name the browser shows through a renewal, and remove the unprefixed cookies first', () => {
    const presented = presentedCookies((name) => ({ [SESSION_HINT_COOKIE]: 'r:Bo', cairn_cart: '2' })[name]);
    const changes = sessionCookieChanges({ set: { token: 't' } }, { usid: 'u', type: 'registered' }, presented);
    expect(changes[0]).toMatchObject({ name: 'cairn_cart', remove: true });
    expect(changes.at(-1)).toMatchObject({ name: SESSION_HINT_COOKIE, value: 'r:Bo' });
  });
  it('clear every session cookie and the cart count at sign-out', () => {
    expect(sessionCookieChanges({ clear: true }, undefined, none).map((c) => 'remove' in c && c.name)).toEqual([
      SESSION_COOKIE,
      REFRESH_COOKIE,
      SESSION_HINT_COOKIE,
      '__Host-cart',
    ]);
  });
});

describe('session changes in one request', () => {
  it('carry a refresh token issued earlier when only the claims were signed again', () => {
    expect(mergeSessionCookies({ set: { token: 'a', refresh } }, { set: { token: 'b' } })).toEqual({ set: { token: 'b', refresh } });
    const minted = { session: { claims: { usid: 'u', type: 'guest' as const }, familyId: 'f1' }, cookies: { set: { token: 'a', refresh } } };
    const reissued = { session: { claims: { usid: 'u', type: 'guest' as const, favoriteId: 'L' }, familyId: 'f1' }, cookies: { set: { token: 'b' } } };
    expect(followedBy(minted, reissued)).toEqual({ session: reissued.session, cookies: { set: { token: 'b', refresh } } });
  });
  it('let a new session or a sign-out replace what was staged', () => {
    const next = { set: { token: 'c', refresh: { ...refresh, token: 'rt_y' } } };
    expect(mergeSessionCookies({ set: { token: 'a', refresh } }, next)).toBe(next);
    expect(mergeSessionCookies({ set: { token: 'a', refresh } }, { clear: true })).toEqual({ clear: true });
  });
});
