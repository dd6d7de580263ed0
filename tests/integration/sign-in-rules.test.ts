// Sign-in's limits as the identity service keeps them (commerce-core §4, §8), called without HTTP against
// the real D1 and Counters objects: an account locks once under a burst of wrong passwords and refuses the
// right one while locked; an address is refused after too many failures, and its successes do not count.
// What the API answers for each (statuses, the lookup's counting) is sign-in.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { ACCOUNT_LOCK, ADDRESS_ATTEMPTS, checkCredentials, type SignInDeps } from '../../src/worker/commerce/identity/sign-in.ts';

const from = (address: string): SignInDeps => ({ db: env.DB, counters: env.COUNTERS, address });

/** The error code a sign-in is refused with, or 'signed in'. */
async function outcome(deps: SignInDeps, email: string, password: string): Promise<string> {
  try {
    await checkCredentials(deps, { email, password });
    return 'signed in';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('an account’s lock', () => {
  it('comes exactly once under 20 wrong passwords at once, and refuses the right one until the window ends', async () => {
    const email = 'will.wranx@cairn.test';
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => outcome(from(`198.51.100.${i}`), email, `Wrong-Password-${i}`)));
    const count = (code: string) => codes.filter((c) => c === code).length;
    expect([count('AUT437'), count('AUT426'), count('AUT423'), count('AUT441')]).toEqual([ACCOUNT_LOCK.failures - 2, 1, 1, 20 - ACCOUNT_LOCK.failures]);
    expect(await outcome(from('198.51.100.99'), email, DEMO_PASSWORD)).toBe('AUT441');
    // The window ends (its Durable Object forgets the count): the right password is taken again.
    await env.COUNTERS.get(env.COUNTERS.idFromName(`signin:${email}`)).reset();
    expect(await outcome(from('198.51.100.99'), email, DEMO_PASSWORD)).toBe('signed in');
  });

  it('is keyed by the email whatever its case, and a success clears the count', async () => {
    const email = 'ana@cairn.test';
    for (let i = 0; i < ACCOUNT_LOCK.failures - 2; i++) expect(await outcome(from('198.51.100.120'), email.toUpperCase(), 'Wrong-1')).toBe('AUT437');
    expect(await outcome(from('198.51.100.120'), email, 'Wrong-1')).toBe('AUT426');
    expect(await outcome(from('198.51.100.120'), email, DEMO_PASSWORD)).toBe('signed in');
    expect(await outcome(from('198.51.100.120'), email, 'Wrong-1')).toBe('AUT437');
  });
});

describe('an address’s limit', () => {
  it('refuses an address after its failures, whichever accounts it tries', async () => {
    const address = '203.0.113.210';
    for (let i = 0; i < ADDRESS_ATTEMPTS.refuseAfter; i++) expect(await outcome(from(address), `someone${i}@cairn.test`, 'Wrong-1')).toBe('AUT437');
    expect(await outcome(from(address), 'ana@cairn.test', DEMO_PASSWORD)).toBe('API429');
    expect(await outcome(from('203.0.113.211'), 'ana@cairn.test', DEMO_PASSWORD)).toBe('signed in');
  });

  // An office or a carrier's shared address signs many people in: only its failures count. More sign-ins
  // than the limit of failures, each a PBKDF2 of 100,000 rounds: more than the default 20 s on a busy machine.
  it('counts failures only, not the sign-ins that succeed', { timeout: 60_000 }, async () => {
    const office = from('203.0.113.212');
    for (let i = 0; i <= ADDRESS_ATTEMPTS.refuseAfter; i++) expect(await outcome(office, 'ana@cairn.test', DEMO_PASSWORD), `sign-in ${i}`).toBe('signed in');
    expect(await outcome(office, 'nobody@cairn.test', 'Wrong-1')).toBe('AUT437');
  });
});
