import { describe, expect, it } from 'vitest';
import { type AttemptPolicy, verdict } from './attempts.ts';

const policy: AttemptPolicy = { slowAfter: 3, refuseAfter: 10, windowSeconds: 900, delayStepMs: 250, maxDelayMs: 2000 };
const now = 1_000_000;
const at = (count: number) => verdict(policy, { count, resetAt: now + 60_000 }, now);

describe('attempt verdicts', () => {
  it('lets the first few failures through at once', () => {
    expect(at(0)).toEqual({ refused: false, retryAfter: 60, delayMs: 0 });
    expect(at(3).delayMs).toBe(0);
  });
  it('slows every further failure a step more, up to a ceiling', () => {
    expect([4, 5, 9].map((n) => at(n).delayMs)).toEqual([250, 500, 1500]);
    expect(verdict({ ...policy, refuseAfter: 100 }, { count: 50, resetAt: now + 1 }, now).delayMs).toBe(2000);
  });
  it('refuses once the limit is reached, saying until when', () => {
    expect(at(10)).toEqual({ refused: true, retryAfter: 60, delayMs: 0 });
  });
});
