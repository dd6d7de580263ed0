// The local purge backend's index of which stored page carries which tag (purge-queue.ts; Cloudflare keeps
// its own where the zone's purge API is configured, and this is not written there). A call to the queue's
// object cost the store's isolate about 3 ms (a CPU profile of home misses under load: more than rendering
// the page), so an isolate writes the pages it stored at most every WRITE_EVERY_MS, together; the first after
// a quiet spell at once. A page whose index arrives after a purge of one of its tags is deleted by the object
// then, so a late index loses no purge; a purge asked from this isolate first writes what waits here.

import type { Bindings } from '../env.ts';
import { onForget } from '../lib/isolate-memory.ts';
import type { Logger } from '../lib/logger.ts';
import type { IndexedEntry } from './purge-queue.ts';

type IndexEnv = Pick<Bindings, 'PAGE_PURGE' | 'CF_ZONE_ID'>;

const WRITE_EVERY_MS = 50;
/** A write still pending by then was cut short with its request: the next page stored schedules anew. */
const STUCK_MS = 10_000;

const waiting: IndexedEntry[] = [];
let lastWrite = Number.NEGATIVE_INFINITY;
let scheduledAt: number | null = null;
onForget(() => {
  waiting.length = 0;
  lastWrite = Number.NEGATIVE_INFINITY;
  scheduledAt = null;
});

/** The one purge queue (purge-queue.ts). */
export function purgeQueue(env: Pick<Bindings, 'PAGE_PURGE'>) {
  return env.PAGE_PURGE.get(env.PAGE_PURGE.idFromName('pages'));
}

/** Indexes a stored page's tags for the local purge backend, with the other pages stored meanwhile. */
export function indexForPurges(env: IndexEnv, ctx: Pick<ExecutionContext, 'waitUntil'>, logger: Logger, entry: IndexedEntry, now = Date.now()): void {
  if (env.CF_ZONE_ID) return;
  waiting.push(entry);
  if (scheduledAt !== null && Math.abs(now - scheduledAt) < STUCK_MS) return;
  scheduledAt = now;
  // A clock that went back (a test's) waits no longer than one interval.
  const delay = Math.min(WRITE_EVERY_MS, Math.max(0, lastWrite + WRITE_EVERY_MS - now));
  ctx.waitUntil(writeAfter(env, logger, delay));
}

async function writeAfter(env: IndexEnv, logger: Logger, delay: number): Promise<void> {
  if (delay > 0) await scheduler.wait(delay);
  lastWrite = Date.now();
  scheduledAt = null;
  const batch = waiting.splice(0);
  // Pages whose write fails stay until their time runs out (store.ts), as a purge that went missing would leave them.
  if (batch.length > 0) await remember(env, logger, batch);
}

/** Writes the batch to the index; false, logged, when the write failed. */
async function remember(env: IndexEnv, logger: Logger, batch: IndexedEntry[]): Promise<boolean> {
  try {
    await purgeQueue(env).remember(batch);
    return true;
  } catch (error) {
    logger.error('page_cache.index_failed', { error, entries: batch.length });
    return false;
  }
}

/**
 * Before a purge: what waits here goes to the index first, so the purge finds it. A write that fails does not
 * stop the purge (the change behind it is already made); its pages wait for the next write.
 */
export async function flushPurgeIndex(env: IndexEnv, logger: Logger): Promise<void> {
  if (env.CF_ZONE_ID || waiting.length === 0) return;
  const batch = waiting.splice(0);
  if (!(await remember(env, logger, batch))) waiting.unshift(...batch);
}
