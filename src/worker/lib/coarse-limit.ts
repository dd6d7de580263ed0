// Coarse per-address limits (the operations issue, Shard): the Workers Rate Limiting binding, counted by
// Cloudflare near the request with no Durable Object round trip. Its counts are approximate and per location,
// its windows 10 or 60 seconds: right for slowing bulk lookups from one address, wrong for a lockout an attacker
// must not outrun, so sign-in, gift card PIN and admin token lockouts stay exact in the Counters object.

import { HttpError } from './http-error.ts';

/**
 * Counts one request of `address` against `limiter`; past its limit the request is refused with API429. The
 * binding's window is the wall clock's minute (or ten seconds), so the answer says to wait a moment, not how long.
 */
export async function coarseLimit(limiter: RateLimit, scope: string, address: string | undefined, message: string): Promise<void> {
  const { success } = await limiter.limit({ key: `${scope}:${address ?? 'unknown'}` });
  if (!success) throw new HttpError('API429', message);
}
