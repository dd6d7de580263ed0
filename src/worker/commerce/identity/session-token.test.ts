import { describe, expect, it } from 'vitest';
import { parseSessionHint, sessionHintText, visitorOf } from '../../../shared/api/session.ts';
import { sessionKeys } from './keys.ts';
import { signSession, verifySession } from './session-token.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('session keys', () => {
  it('refuse to start without a signing key, saying what to do', () => {
    expect(() => sessionKeys({})).toThrow(/SESSION_SECRET is missing.*wrangler secret put SESSION_SECRET/);
    expect(() => sessionKeys({ SESSION_SECRET: 'short' })).toThrow(/shorter than 32/);
  });
});

describe('session tokens', () => {
  it('carry the claims and the refresh family, and name their key', async () => {
    const keys = await sessionKeys({ SESSION_SECRET: SECRET });
    const token = await signSession(keys, { usid: 'u1', type: 'registered', consumerNo: 'C7', tags: ['LoyaltyMember'] }, 'fam-1');
    const header = JSON.parse(atob((token.split('.')[0] as string).replace(/-/g, '+').replace(/_/g, '/')));
    expect(header).toMatchObject({ alg: 'HS256', kid: keys.current.id });
    expect(await verifySession(keys, token)).toMatchObject({
      claims: { usid: 'u1', type: 'registered', consumerNo: 'C7', tags: ['LoyaltyMember'] },
      familyId: 'fam-1',
    });
  });
  it('are refused once expired, or when a claim is missing', async () => {
    const keys = await sessionKeys({ SESSION_SECRET: SECRET });
    expect(await verifySession(keys, await signSession(keys, { usid: 'u', type: 'guest' }, 'f', Date.now() - 11 * 60_000))).toBeNull();
    expect(await verifySession(keys, await signSession(keys, { usid: 'u', type: 'nobody' as never }, 'f'))).toBeNull();
  });
  it('stay verified only while they last, and only under the key that signed them', async () => {
    const keys = await sessionKeys({ SESSION_SECRET: SECRET });
    const now = Date.now();
    const token = await signSession(keys, { usid: 'u2', type: 'guest' }, 'f2', now);
    expect((await verifySession(keys, token, now))?.claims.usid).toBe('u2');
    // Seen before, yet past its ten minutes.
    expect(await verifySession(keys, token, now + 11 * 60_000)).toBeNull();
    // Seen before, yet its key has been replaced by another with the same id.
    const rotated = await sessionKeys({ SESSION_SECRET: `${SECRET}-rotated` });
    expect(await verifySession({ ...rotated, byId: new Map([[keys.current.id, rotated.current]]) }, token, now)).toBeNull();
    // A forged signature on known claims is still refused.
    const [head, body] = token.split('.');
    expect(await verifySession(keys, `${head}.${body}.${'A'.repeat(43)}`, now)).toBeNull();
  });
});

describe('the session hint and the visitor', () => {
  it('round-trip the signed-in state and first name, and nothing else', () => {
    expect(parseSessionHint(sessionHintText({ signedIn: true, firstName: 'Ana' }))).toEqual({ signedIn: true, firstName: 'Ana' });
    expect(parseSessionHint(sessionHintText({ signedIn: false }))).toEqual({ signedIn: false });
    expect(parseSessionHint(undefined)).toEqual({ signedIn: false });
    const associate = { storeName: 'Boulder | Pearl St', employeeName: 'Chloé D.' };
    expect(parseSessionHint(sessionHintText({ signedIn: true, firstName: 'Zoë', associate }))).toEqual({ signedIn: true, firstName: 'Zoë', associate });
    expect(parseSessionHint('r:%E0%A4%A|x')).toEqual({ signedIn: true });
  });
  it('derives the personalisation flags from the claims', () => {
    expect(visitorOf({ usid: 'u', type: 'guest' }).loggedIn).toBe(false);
    expect(visitorOf({ usid: 'u', type: 'registered', consumerType: 'EMPLOYEE', tags: ['Wranx', 'Athlete'] })).toMatchObject({
      loggedIn: true,
      employee: true,
      athlete: true,
      loyalty: false,
      identities: ['WRANX'],
    });
  });
});
