// Sign-in codes and refresh tokens as the session service keeps them (commerce-core §2 Authentication; the
// security issue), without HTTP against the real D1: a sign-in code is exchanged once and only by the
// browser holding its verifier; a token renews a session once, whatever arrives at the same moment, and
// a family that is revoked (a sign-out, a new password, a reused token) stays revoked even when a renewal was
// under way as it ended. What the session cookies and calls answer is session.test.ts and session-end.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SessionClaims } from '../../src/shared/api/session.ts';
import { challengeOf, issueCode, redeemCode } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { issueRefresh, revokeConsumer, revokeFamily, rotateRefresh } from '../../src/worker/commerce/identity/refresh-tokens.ts';
import { consumerNoOf } from './helpers.ts';
import { interleaved } from './interleave.ts';

const liveTokens = async (familyId: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM refresh_tokens WHERE family_id = ?1 AND revoked_at IS NULL').bind(familyId).first<{ n: number }>())?.n;

async function signedIn(): Promise<{ claims: SessionClaims; token: string; familyId: string }> {
  const claims: SessionClaims = { usid: crypto.randomUUID(), type: 'registered', consumerNo: await consumerNoOf('ana@cairn.test') };
  const issued = await issueRefresh(env.DB, claims);
  return { claims, token: issued.token, familyId: issued.familyId };
}

describe('a refresh token', () => {
  it('renews a session once when 12 renewals arrive at the same moment', async () => {
    const { token, familyId } = await signedIn();
    const rotations = await Promise.all(Array.from({ length: 12 }, () => rotateRefresh(env.DB, token)));
    expect(rotations.filter((rotation) => rotation.ok)).toHaveLength(1);
    expect(rotations.filter((rotation) => !rotation.ok).map((rotation) => (rotation.ok ? null : rotation.reason))).toEqual(
      Array.from({ length: 11 }, () => 'raced'),
    );
    // The old token, used, and its one successor.
    expect(await liveTokens(familyId)).toBe(2);
  });

  it('leaves nothing live in a family revoked while a renewal of it was under way', async () => {
    const { token, familyId } = await signedIn();
    const rotation = await rotateRefresh(
      interleaved(/^INSERT INTO refresh_tokens/, () => revokeFamily(env.DB, familyId)),
      token,
    );
    expect(await liveTokens(familyId)).toBe(0);
    // Whatever the renewal answered, what it answered cannot renew again.
    if (rotation.ok) expect(await rotateRefresh(env.DB, rotation.refresh.token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('leaves nothing live for a consumer signed out everywhere (a new password) while a renewal was under way', async () => {
    const { claims, token, familyId } = await signedIn();
    await rotateRefresh(
      interleaved(/^INSERT INTO refresh_tokens/, () => revokeConsumer(env.DB, claims.consumerNo as string)),
      token,
    );
    expect(await liveTokens(familyId)).toBe(0);
  });
});

describe('a sign-in code', () => {
  const verifier = 'v'.repeat(43);

  it('is exchanged once when 12 exchanges arrive at the same moment', async () => {
    const consumerNo = await consumerNoOf('ana@cairn.test');
    const code = await issueCode(env.DB, consumerNo, await challengeOf(verifier));
    const redeemed = await Promise.all(Array.from({ length: 12 }, () => redeemCode(env.DB, code, verifier)));
    expect(redeemed.filter((r) => r.ok)).toEqual([{ ok: true, consumerNo, codeHash: expect.any(String) }]);
    expect(redeemed.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'used')).toBe(true);
  });

  it('is burned by a wrong verifier, so the right one no longer exchanges it', async () => {
    const code = await issueCode(env.DB, await consumerNoOf('ana@cairn.test'), await challengeOf(verifier));
    expect(await redeemCode(env.DB, code, 'w'.repeat(43))).toEqual({ ok: false, reason: 'mismatch' });
    expect(await redeemCode(env.DB, code, verifier)).toMatchObject({ ok: false, reason: 'used' });
  });

  it('is refused once its minute is over', async () => {
    const code = await issueCode(env.DB, await consumerNoOf('ana@cairn.test'), await challengeOf(verifier), new Date(Date.now() - 61_000));
    expect(await redeemCode(env.DB, code, verifier)).toEqual({ ok: false, reason: 'expired' });
  });
});
