// The local purge backend's index of which stored page carries which tag (purge-queue.ts; Cloudflare keeps
// its own where the zone's purge API is configured, and this is not written there). Under load the stores of
// many pages arrive together, and a call to the queue's object per page cost a miss as much as rendering a
// home page: so one write is under way at a time, and the pages stored meanwhile go in the next, together.
// A page whose index arrives after a purge of one of its tags is deleted by the object then, so a late index
// loses no purge; a purge asked from this isolate first writes what waits here.

import type { Bindings } from '../env.ts';
import { onForget } from '../lib/isolate-memory.ts';
import type { Logger } from '../lib/logger.ts';
import type { IndexedEntry } from './purge-queue.ts';

type IndexEnv = Pick<Bindings, 'PAGE_PURGE' | 'CF_ZONE_ID'>;

/** Writes in a row one request keeps going; what is left waits for the next page stored or purge. */
const ROUNDS = 8;
/** A write that has not ended by then was cut short with its request: the next page stored starts anew. */
const STUCK_MS = 10_000;

const waiting: IndexedEntry[] = [];
let writingSince: number | null = null;
onForget(() => {
  waiting.length = 0;
  writingSince = null;
});

/** The one purge queue (purge-queue.ts). */
export function purgeQueue(env: Pick<Bindings, 'PAGE_PURGE'>) {
  return env.PAGE_PURGE.get(env.PAGE_PURGE.idFromName('pages'));
}

/** Indexes a stored page's tags for the local purge backend, with the other pages stored meanwhile. */
export function indexForPurges(env: IndexEnv, ctx: Pick<ExecutionContext, 'waitUntil'>, logger: Logger, entry: IndexedEntry, now = Date.now()): void {
  if (env.CF_ZONE_ID) return;
  waiting.push(entry);
  if (writingSince !== null && now - writingSince < STUCK_MS) return;
  writingSince = now;
  ctx.waitUntil(writeWaiting(env, logger));
}

async function writeWaiting(env: IndexEnv, logger: Logger): Promise<void> {
  try {
    for (let round = 0; round < ROUNDS && waiting.length > 0; round++) {
      const batch = waiting.splice(0);
      try {
        await purgeQueue(env).remember(batch);
      } catch (error) {
        // Those pages stay until their time runs out (store.ts), as a purge that went missing would leave them.
        logger.error('page_cache.index_failed', { error, entries: batch.length });
      }
    }
  } finally {
    writingSince = null;
  }
}

/** Before a purge: what waits here goes to the index first, so the purge finds it. */
export async function flushPurgeIndex(env: IndexEnv): Promise<void> {
  if (env.CF_ZONE_ID || waiting.length === 0) return;
  await purgeQueue(env).remember(waiting.splice(0));
}
