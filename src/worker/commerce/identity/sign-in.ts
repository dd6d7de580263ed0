// Sign-in (commerce-core §4, §8): an account locks for 15 minutes after 5 wrong passwords, counted in a
// Durable Object per email so concurrent attempts cannot slip past; the attempt before the lock says so
// (AUT426); an unknown email answers exactly like a wrong password, in the same time. An address that
// tries too many accounts is refused with 429.

import { type AttemptPolicy, attemptCounter, verdict } from '../../counters/attempts.ts';
import type { Counters } from '../../counters/counters-object.ts';
import { HttpError } from '../../lib/http-error.ts';
import { issueCode } from './authorization-codes.ts';
import { consumerByEmail } from './consumers.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

export const ACCOUNT_LOCK = { failures: 5, windowSeconds: 15 * 60 } as const;
/** Sign-in and sign-up attempts from one address: generous for a household or an office, not for a script. */
export const ADDRESS_ATTEMPTS: AttemptPolicy = { slowAfter: 60, refuseAfter: 60, windowSeconds: 15 * 60, delayStepMs: 0, maxDelayMs: 0 };

export interface SignInDeps {
  db: D1Database;
  counters: DurableObjectNamespace<Counters>;
  address: string;
}

/** Counts one attempt from an address; refuses with 429 once it has made too many. */
export async function limitAddress(deps: SignInDeps, action: 'signin' | 'signup' | 'newsletter'): Promise<void> {
  const counter = attemptCounter(deps.counters, `${action}-address:${deps.address}`);
  const counted = await counter.count(ADDRESS_ATTEMPTS.windowSeconds);
  const judged = verdict(ADDRESS_ATTEMPTS, { count: counted.count - 1, resetAt: counted.resetAt });
  if (judged.refused) throw new HttpError('API429', `Too many attempts from this address. Try again in ${judged.retryAfter} seconds.`);
}

/** Checks the password and answers a sign-in code bound to `challenge`, or the coded error the spec places. */
export async function signIn(deps: SignInDeps, input: { email: string; password: string; challenge: string }): Promise<string> {
  await limitAddress(deps, 'signin');
  const email = input.email.toLowerCase();
  const attempts = attemptCounter(deps.counters, `signin:${email}`);
  // Counted before the password is checked: 20 wrong attempts at once still lock exactly once.
  const counted = await attempts.count(ACCOUNT_LOCK.windowSeconds);
  if (counted.count > ACCOUNT_LOCK.failures) throw new HttpError('AUT441');
  const consumer = await consumerByEmail(deps.db, email);
  const valid = await verifyPassword(input.password, consumer?.password_hash ?? null);
  if (!valid || !consumer) {
    if (counted.count === ACCOUNT_LOCK.failures) throw new HttpError('AUT423');
    if (counted.count === ACCOUNT_LOCK.failures - 1) throw new HttpError('AUT426');
    throw new HttpError('AUT437');
  }
  await attempts.reset();
  if (needsRehash(consumer.password_hash)) {
    await deps.db
      .prepare('UPDATE consumers SET password_hash = ?2, updated_at = ?3 WHERE consumer_no = ?1')
      .bind(consumer.consumer_no, await hashPassword(input.password), new Date().toISOString())
      .run();
  }
  return issueCode(deps.db, consumer.consumer_no, input.challenge);
}
