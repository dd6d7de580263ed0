// A Durable Object per counted subject ("admin-auth:<ip>", later "login:<email>"): failures counted in a
// fixed window, strongly consistent where KV is not. Each object holds one subject's counter.

import { DurableObject } from 'cloudflare:workers';

export interface Count {
  /** Failures in the current window. */
  count: number;
  /** When the window ends and the count starts again from nought (epoch ms). */
  resetAt: number;
}

export class Counters extends DurableObject {
  /** The current window's count, without changing it. */
  async peek(): Promise<Count> {
    const count = (await this.ctx.storage.get<Count>('count')) ?? null;
    return count && count.resetAt > Date.now() ? count : { count: 0, resetAt: 0 };
  }

  /** Counts one more failure; a window that has run out starts a new one. */
  async increment(windowSeconds: number): Promise<Count> {
    const now = Date.now();
    const current = await this.peek();
    const next: Count = current.resetAt > now ? { count: current.count + 1, resetAt: current.resetAt } : { count: 1, resetAt: now + windowSeconds * 1000 };
    await this.ctx.storage.put('count', next);
    // The object forgets the subject once its window is over.
    await this.ctx.storage.setAlarm(next.resetAt);
    return next;
  }

  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    if ((await this.peek()).count === 0) await this.ctx.storage.deleteAll();
  }
}
