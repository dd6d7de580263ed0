// Sign-in (commerce-core §4, §8): an account locks for 15 minutes after 5 wrong passwords, counted in a
// Durable Object per email so concurrent attempts cannot slip past; the attempt before the lock says so
// (AUT426); an unknown email answers exactly like a wrong password, in the same time. An address that
// fails too often is refused with 429; its successful sign-ins do not count.

import { type AttemptPolicy, attemptCounter, verdict } from '../../counters/attempts.ts';
import type { Counters } from '../../counters/counters-object.ts';
import { HttpError } from '../../lib/http-error.ts';
import { issueCode } from './authorization-codes.ts';
import { type ConsumerRow, consumerByEmail } from './consumers.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

export const ACCOUNT_LOCK = { failures: 5, windowSeconds: 15 * 60 } as const;
/** Sign-in and sign-up attempts from one address: generous for a household or an office, not for a script. */
export const ADDRESS_ATTEMPTS: AttemptPolicy = { slowAfter: 60, refuseAfter: 60, windowSeconds: 15 * 60, delayStepMs: 0, maxDelayMs: 0 };

export interface SignInDeps {
  db: D1Database;
  counters: DurableObjectNamespace<Counters>;
  address: string;
}

/**
 * Counts one attempt from an address; refuses with 429 once it has made too many. Counted before it is
 * judged, so a burst cannot slip under the limit; an attempt that succeeded is forgiven by its caller, so
 * the limit counts failures and an office or a carrier's shared address may sign in its people all day.
 */
export async function limitAddress(deps: SignInDeps, action: 'signin' | 'signup' | 'newsletter' | 'notify-me'): Promise<{ forgive: () => Promise<unknown> }> {
  const counter = attemptCounter(deps.counters, `${action}-address:${deps.address}`);
  const counted = await counter.count(ADDRESS_ATTEMPTS.windowSeconds);
  const judged = verdict(ADDRESS_ATTEMPTS, { count: counted.count - 1, resetAt: counted.resetAt });
  if (judged.refused) throw new HttpError('API429', `Too many attempts from this address. Try again in ${judged.retryAfter} seconds.`);
  // Exactly this attempt's count: a success never takes back another attempt's failure.
  return { forgive: () => counter.forgive() };
}

/**
 * Runs `check` under the lockout of `subject`: counted before the check, so 20 wrong attempts at once
 * still lock exactly once; the attempt before the lock says so; a success clears the count.
 */
export async function withLockout<T>(
  deps: SignInDeps,
  subject: string,
  check: () => Promise<T | null>,
  wrong: 'AUT437' | 'AUT418' | 'AUT438' = 'AUT437',
): Promise<T> {
  const attempts = attemptCounter(deps.counters, subject);
  const counted = await attempts.count(ACCOUNT_LOCK.windowSeconds);
  if (counted.count > ACCOUNT_LOCK.failures) throw new HttpError('AUT441');
  const passed = await check();
  if (passed === null) {
    if (counted.count === ACCOUNT_LOCK.failures) throw new HttpError('AUT423');
    if (counted.count === ACCOUNT_LOCK.failures - 1) throw new HttpError('AUT426');
    throw new HttpError(wrong);
  }
  await attempts.reset();
  return passed;
}

/** The consumer whose password this is, or the coded error the spec places (lockout, wrong credentials, AUT404). */
export async function checkCredentials(deps: SignInDeps, input: { email: string; password: string; employeesOnly?: boolean }): Promise<ConsumerRow> {
  const attempt = await limitAddress(deps, 'signin');
  const email = input.email.toLowerCase();
  // The catalogue's codes for wrong credentials (commerce-core §8): AUT437 at the shoppers' sign-in, AUT418 at the employees'.
  const consumer = await withLockout(
    deps,
    `signin:${email}`,
    async () => {
      const found = await consumerByEmail(deps.db, email);
      return (await verifyPassword(input.password, found?.password_hash ?? null)) && found ? found : null;
    },
    input.employeesOnly ? 'AUT418' : 'AUT437',
  );
  await attempt.forgive();
  // The employee sign-in is for employees: anyone else is told plainly, once the password has proven who they are.
  if (input.employeesOnly && consumer.consumer_type !== 'EMPLOYEE')
    throw new HttpError('AUT404', 'This sign-in is for Cairn employees. Use the usual sign-in.');
  if (needsRehash(consumer.password_hash)) {
    await deps.db
      .prepare('UPDATE consumers SET password_hash = ?2, updated_at = ?3 WHERE consumer_no = ?1')
      .bind(consumer.consumer_no, await hashPassword(input.password), new Date().toISOString())
      .run();
  }
  return consumer;
}

/** Checks the password and answers a sign-in code bound to `challenge`. */
export async function signIn(deps: SignInDeps, input: { email: string; password: string; challenge: string; employeesOnly?: boolean }): Promise<string> {
  const consumer = await checkCredentials(deps, input);
  return issueCode(deps.db, consumer.consumer_no, input.challenge);
}

/**
 * A password reset proves the shopper owns the email: the lock that wrong passwords put on the account
 * lifts at once, as the locked message promises ("you can reset your password").
 */
export async function unlockSignIn(deps: Pick<SignInDeps, 'db' | 'counters'>, consumerNo: string): Promise<void> {
  const consumer = await deps.db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ email: string }>();
  if (consumer) await attemptCounter(deps.counters, `signin:${consumer.email.toLowerCase()}`).reset();
}

/**
 * The current password asked again (a password change): counted with the account's sign-in attempts, so a
 * stolen session cannot guess it without limit. Wrong is AUT450 at its field; the lock is the sign-in's.
 * Answers the hash it checked.
 */
export async function checkCurrentPassword(deps: SignInDeps, consumerNo: string, password: string): Promise<string> {
  const attempt = await limitAddress(deps, 'signin');
  const consumer = await deps.db
    .prepare('SELECT email, password_hash FROM consumers WHERE consumer_no = ?1')
    .bind(consumerNo)
    .first<{ email: string; password_hash: string }>();
  try {
    await withLockout(deps, `signin:${(consumer?.email ?? consumerNo).toLowerCase()}`, async () =>
      (await verifyPassword(password, consumer?.password_hash ?? null)) ? true : null,
    );
    await attempt.forgive();
    // The hash that was checked: a change made from it must find it still there (PRO415 otherwise).
    return consumer?.password_hash ?? '';
  } catch (error) {
    if (error instanceof HttpError && (error.code === 'AUT437' || error.code === 'AUT418' || error.code === 'AUT426'))
      throw new HttpError('AUT450', undefined, [{ field: 'currentPassword', message: 'The current password is not correct.' }]);
    throw error;
  }
}
