// Failed attempts per subject, for slowing and then refusing whoever keeps guessing (admin tokens now,
// sign-in later). The counting happens in the Counters Durable Object; the policy lives here.

import type { Count } from './counters-object.ts';

export interface AttemptPolicy {
  /** Failures allowed before each further answer is delayed. */
  slowAfter: number;
  /** Failures after which every attempt is refused until the window ends. */
  refuseAfter: number;
  windowSeconds: number;
  /** Added delay per failure past `slowAfter`, up to `maxDelayMs`. */
  delayStepMs: number;
  maxDelayMs: number;
}

export interface AttemptVerdict {
  refused: boolean;
  /** Seconds until attempts are taken again (for Retry-After). */
  retryAfter: number;
  delayMs: number;
}

export function verdict(policy: AttemptPolicy, count: Count, now = Date.now()): AttemptVerdict {
  const retryAfter = Math.max(1, Math.ceil((count.resetAt - now) / 1000));
  if (count.count >= policy.refuseAfter) return { refused: true, retryAfter, delayMs: 0 };
  const past = count.count - policy.slowAfter;
  return { refused: false, retryAfter, delayMs: past > 0 ? Math.min(policy.maxDelayMs, past * policy.delayStepMs) : 0 };
}

export function attemptCounter(namespace: DurableObjectNamespace<import('./counters-object.ts').Counters>, subject: string) {
  const stub = namespace.get(namespace.idFromName(subject));
  return {
    peek: () => stub.peek(),
    /** Counts an attempt before it is judged, so a burst of concurrent guesses cannot all slip under the limit. */
    count: (windowSeconds: number) => stub.increment(windowSeconds),
    /** Takes the count back for an attempt that succeeded. */
    forgive: () => stub.decrement(),
    /** Keeps the count for at least `seconds` more, whatever was left of its window. */
    holdFor: (seconds: number) => stub.hold(seconds),
    reset: () => stub.reset(),
  };
}
