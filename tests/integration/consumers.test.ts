// The seeded demo accounts: one of every role, each signing in with the password the README gives.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { verifyPassword } from '../../src/worker/commerce/identity/passwords.ts';

describe('demo accounts', () => {
  it('cover every role and open with the documented password', async () => {
    const { results } = await env.DB.prepare(
      'SELECT email, password_hash, consumer_type, member_id, identities, athlete_annual_credit FROM consumers ORDER BY consumer_no',
    ).all<{
      email: string;
      password_hash: string;
      consumer_type: string;
      member_id: string | null;
      identities: string;
      athlete_annual_credit: number | null;
    }>();
    expect(results.length).toBeGreaterThanOrEqual(6);
    for (const account of results) expect(await verifyPassword(DEMO_PASSWORD, account.password_hash), account.email).toBe(true);
    expect(results.some((a) => a.member_id)).toBe(true);
    expect(results.some((a) => a.consumer_type === 'EMPLOYEE')).toBe(true);
    expect(results.some((a) => a.athlete_annual_credit !== null)).toBe(true);
    expect(results.some((a) => a.identities.includes('WRANX'))).toBe(true);
    expect(results.some((a) => a.identities.includes('IPA'))).toBe(true);
  });
});
