// A Durable Object per counted subject ("admin-auth:<ip>", later "login:<email>"): attempts counted in a
// fixed window, strongly consistent where KV is not. Each object holds one subject's counter, read and
// written with the synchronous storage API: no await between reading and writing, so concurrent attempts
// each get their own count.

import { DurableObject } from 'cloudflare:workers';

export interface Count {
  /** Attempts in the current window. */
  count: number;
  /** When the window ends and the count starts again from nought (epoch ms). */
  resetAt: number;
}

const KEY = 'count';

export class Counters extends DurableObject {
  private current(now = Date.now()): Count {
    const count = this.ctx.storage.kv.get<Count>(KEY);
    return count && count.resetAt > now ? count : { count: 0, resetAt: 0 };
  }

  /** The current window's count, without changing it. */
  peek(): Count {
    return this.current();
  }

  /** Counts one more attempt; a window that has run out starts a new one. */
  increment(windowSeconds: number): Count {
    const now = Date.now();
    const current = this.current(now);
    const next: Count = current.resetAt > now ? { count: current.count + 1, resetAt: current.resetAt } : { count: 1, resetAt: now + windowSeconds * 1000 };
    this.ctx.storage.kv.put(KEY, next);
    // The object forgets the subject once its window is over.
    if (next.count === 1) void this.ctx.storage.setAlarm(next.resetAt);
    return next;
  }

  /** Takes back one count: an attempt counted before it was judged turned out to be good. */
  decrement(): Count {
    const current = this.current();
    if (current.count === 0) return current;
    const next: Count = { count: current.count - 1, resetAt: current.resetAt };
    this.ctx.storage.kv.put(KEY, next);
    return next;
  }

  /** Keeps the current count until at least `seconds` from now: a lock that lasts its full time whenever it starts. */
  hold(seconds: number): Count {
    const current = this.current();
    const next: Count = { count: current.count, resetAt: Math.max(current.resetAt, Date.now() + seconds * 1000) };
    this.ctx.storage.kv.put(KEY, next);
    void this.ctx.storage.setAlarm(next.resetAt);
    return next;
  }

  reset(): void {
    this.ctx.storage.kv.delete(KEY);
  }

  override async alarm(): Promise<void> {
    if (this.current().count === 0) await this.ctx.storage.deleteAll();
  }
}
