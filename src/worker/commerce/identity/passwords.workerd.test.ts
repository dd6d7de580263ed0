import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword, WORKERD_PBKDF2_CAP } from './passwords.ts';

describe('passwords', () => {
  it('hash at the most iterations Cloudflare takes in one call, which local workerd does not enforce', () => {
    expect(PBKDF2_ITERATIONS).toBe(WORKERD_PBKDF2_CAP);
    expect(WORKERD_PBKDF2_CAP).toBe(100_000);
  });
  it('verify the right password only, with a salt per hash', async () => {
    const stored = await hashPassword('Trail-Ready-9');
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Trail-Ready-9', stored)).toBe(true);
    expect(await verifyPassword('trail-ready-9', stored)).toBe(false);
    expect(await hashPassword('Trail-Ready-9')).not.toBe(stored);
  });
  it('answer false for no account, or a stored value that is not a hash, taking the same work', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', 'pbkdf2-sha256$900000$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('anything', 'pbkdf2-sha256$1000$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('anything', 'pbkdf2-sha256$1000$!!$%%')).toBe(false);
  });
  it('ask for a new hash when the count has been raised since', async () => {
    expect(needsRehash(await hashPassword('x', 1000))).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
  });
});
