// Purging cached pages by tag, batched. Cloudflare takes at most PURGES_PER_MINUTE purge calls a minute
// from a worker, each naming at most TAGS_PER_PURGE tags, so one object (named "pages") queues the tags:
// a purge goes out at once while the minute's budget lasts, and what is left goes with the next call its
// alarm makes. A purge that fails stays queued and is tried again.
//
// Where a purge goes (PurgeBackend): Cloudflare's purge-by-tag API for the zone in production (the page
// entries carry Cache-Tag), or locally this object's own index of which entry carries which tag, whose
// entries it deletes from the same cache the worker reads. Both see the same batches and the same budget.

import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { edgeCache } from './store.ts';

export const PURGES_PER_MINUTE = 5;
export const TAGS_PER_PURGE = 100;
const MINUTE = 60_000;
/** How long a purge is remembered for a page whose index comes late (purge-index.ts): far longer than a write takes. */
const PURGES_REMEMBERED_MS = 60 * MINUTE;

/** A stored page in the local index: its cache entry, its tags, and when its rendering began. */
export interface IndexedEntry {
  url: string;
  tags: string[];
  /** When its request began: a purge at or after it may have changed what the page shows (the same clock locally, where this index is used). */
  renderedAt: number;
}

export interface PurgeBackend {
  purge(tags: string[]): Promise<void>;
}

export interface QueueState {
  /** Tags purged by this call. */
  purged: string[];
  /** Tags still waiting for the budget. */
  pending: number;
}

/** Cloudflare's API: POST /zones/{zone}/purge_cache with the tags, with a token allowed to purge the zone. */
export function cloudflarePurge(zoneId: string, token: string): PurgeBackend {
  return {
    async purge(tags) {
      const response = await fetch(`https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ tags }),
      });
      const answer = (await response.json().catch(() => null)) as { success?: boolean } | null;
      if (!response.ok || !answer?.success) throw new Error(`Cloudflare purge answered ${response.status}`);
    },
  };
}

export class PagePurgeQueue extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS pending (tag TEXT PRIMARY KEY, queued_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS sent (at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS entries (url TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (tag, url));
      CREATE TABLE IF NOT EXISTS purged (tag TEXT PRIMARY KEY, at INTEGER NOT NULL);`);
  }

  private backend(): PurgeBackend {
    const { CF_ZONE_ID, CF_PURGE_TOKEN } = this.env;
    if (CF_ZONE_ID && CF_PURGE_TOKEN) return cloudflarePurge(CF_ZONE_ID, CF_PURGE_TOKEN);
    return { purge: (tags) => this.deleteTagged(tags) };
  }

  /**
   * The local backend's index: which stored entry carries which tag (Cloudflare keeps its own: not called
   * there). An entry rendered before a purge of one of its tags that this index did not yet know of is deleted
   * now, as that purge would have deleted it.
   */
  async remember(entries: IndexedEntry[]): Promise<void> {
    const sql = this.ctx.storage.sql;
    const tags = [...new Set(entries.flatMap((entry) => entry.tags))];
    const purgedAt = new Map(
      sql
        .exec<{ tag: string; at: number }>('SELECT tag, at FROM purged WHERE tag IN (SELECT value FROM json_each(?))', JSON.stringify(tags))
        .toArray()
        .map((row) => [row.tag, row.at]),
    );
    const late = (entry: IndexedEntry) => entry.tags.some((tag) => (purgedAt.get(tag) ?? Number.NEGATIVE_INFINITY) >= entry.renderedAt);
    const kept = entries.filter((entry) => !late(entry));
    if (kept.length > 0) {
      sql.exec(
        "INSERT OR IGNORE INTO entries (url, tag) SELECT e.value ->> 'url', t.value FROM json_each(?) e, json_each(e.value -> 'tags') t",
        JSON.stringify(kept),
      );
    }
    await Promise.all(entries.filter(late).map((entry) => edgeCache().delete(entry.url)));
  }

  private async deleteTagged(tags: string[]): Promise<void> {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM purged WHERE at < ?', now - PURGES_REMEMBERED_MS);
    sql.exec('INSERT OR REPLACE INTO purged (tag, at) SELECT value, ? FROM json_each(?)', now, JSON.stringify(tags));
    const urls = new Set<string>();
    for (const tag of tags) {
      for (const row of sql.exec<{ url: string }>('SELECT url FROM entries WHERE tag = ?', tag)) urls.add(row.url);
    }
    await Promise.all([...urls].map((url) => edgeCache().delete(url)));
    for (const url of urls) sql.exec('DELETE FROM entries WHERE url = ?', url);
  }

  /** Queues the tags and sends what the minute's budget allows now. */
  async enqueue(tags: string[]): Promise<QueueState> {
    const now = Date.now();
    for (const tag of new Set(tags)) this.ctx.storage.sql.exec('INSERT OR IGNORE INTO pending (tag, queued_at) VALUES (?, ?)', tag, now);
    return this.flush(now);
  }

  override async alarm(): Promise<void> {
    await this.flush(Date.now());
  }

  private budget(now: number): number {
    this.ctx.storage.sql.exec('DELETE FROM sent WHERE at <= ?', now - MINUTE);
    const used = this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM sent').one().n;
    return PURGES_PER_MINUTE - used;
  }

  private async flush(now: number): Promise<QueueState> {
    const purged: string[] = [];
    while (this.budget(now) > 0) {
      const batch = this.ctx.storage.sql
        .exec<{ tag: string }>('SELECT tag FROM pending ORDER BY queued_at, tag LIMIT ?', TAGS_PER_PURGE)
        .toArray()
        .map((row) => row.tag);
      if (batch.length === 0) break;
      this.ctx.storage.sql.exec('INSERT INTO sent (at) VALUES (?)', now);
      try {
        await this.backend().purge(batch);
      } catch (error) {
        createLogger({ module: 'page-purge' }).error('page_cache.purge_failed', { error, tags: batch.length });
        break;
      }
      for (const tag of batch) this.ctx.storage.sql.exec('DELETE FROM pending WHERE tag = ?', tag);
      purged.push(...batch);
    }
    const pending = this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM pending').one().n;
    if (pending > 0) {
      const oldest = this.ctx.storage.sql.exec<{ at: number }>('SELECT MIN(at) AS at FROM sent').one().at ?? now;
      await this.ctx.storage.setAlarm(Math.max(now + 1000, oldest + MINUTE));
    }
    return { purged, pending };
  }
}
