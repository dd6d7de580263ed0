// Bench: a registered session for the signed-in page runs, and what signing in costs (sign-in plus the
// token exchange, one after another, timed from here on loopback).

import { createHash, randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '../../src/shared/api/session.ts';
import { DEMO_PASSWORD } from '../seed/consumers.ts';

export interface SignInTimings {
  samples: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Signs the demo shopper in once: the cookie header of the registered session. */
async function signInOnce(origin: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
  const headers = { 'content-type': 'application/json' };
  const signIn = await fetch(new URL('/api/consumers-v3/auth/signin', origin), {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: 'ana@cairn.test', password: DEMO_PASSWORD, codeChallenge }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { authorizationCode } = (await signIn.json()) as { authorizationCode: string };
  const token = await fetch(new URL('/api/token/v2/auth/token', origin), {
    method: 'POST',
    headers,
    body: JSON.stringify({ authorizationCode, codeVerifier: verifier }),
  });
  if (!token.ok) throw new Error(`the token call answered ${token.status}: ${await token.text()}`);
  const session = token.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error('the token call set no session cookie');
  return session.split(';')[0] as string;
}

/** Times `samples` sign-ins in a row and answers the session cookie of the last one. */
export async function signedInSession(origin: string, samples = 20): Promise<{ cookie: string; timings: SignInTimings }> {
  const durations: number[] = [];
  let cookie = '';
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    cookie = await signInOnce(origin);
    durations.push(performance.now() - started);
  }
  const sorted = [...durations].sort((a, b) => a - b);
  return { cookie, timings: { samples, p50Ms: Math.round(percentile(sorted, 50) * 10) / 10, p99Ms: Math.round(percentile(sorted, 99) * 10) / 10 } };
}
