// A consumer's claim on a piece of queued work by its idempotency key (migration 0054). Queues deliver at
// least once, so a message may come twice, even to two consumers at once: the claim lets one of them do the
// work, and a later delivery of work done is acknowledged without doing it again. A claim is a lease: a
// consumer that stopped between claiming and finishing (its invocation ended) holds the work only until the
// lease runs out, then a redelivery takes it over. The providers are told the same key (the outbox's
// message_id, Resend's Idempotency-Key), so work redone after it had in fact been sent is not sent twice.

/** How long a claim holds work: well beyond one email (Resend is given 8 s) or one order's follow-up. */
export const LEASE_MS = 60_000;
/** Claims of work done are kept this long, beyond the longest a message can still be retried or replayed. */
export const DONE_KEPT_DAYS = 30;

export type Claim = { state: 'claimed' } | { state: 'done' } | { state: 'busy'; waitSeconds: number };

export async function claimDelivery(db: D1Database, key: string, now = Date.now()): Promise<Claim> {
  const claimed = await db
    .prepare(
      `INSERT INTO queue_deliveries (key, state, lease_until, attempts, updated_at) VALUES (?1, 'claimed', ?2, 1, ?3)
       ON CONFLICT (key) DO UPDATE SET state = 'claimed', lease_until = excluded.lease_until, attempts = attempts + 1, updated_at = excluded.updated_at
       WHERE state = 'failed' OR (state = 'claimed' AND lease_until <= ?4)`,
    )
    .bind(key, now + LEASE_MS, new Date(now).toISOString(), now)
    .run();
  if (claimed.meta.changes > 0) return { state: 'claimed' };
  const row = await db
    .prepare('SELECT state, lease_until FROM queue_deliveries WHERE key = ?1')
    .bind(key)
    .first<{ state: string; lease_until: number | null }>();
  if (row?.state === 'done') return { state: 'done' };
  return { state: 'busy', waitSeconds: Math.max(1, Math.ceil(((row?.lease_until ?? now) - now) / 1000)) };
}

/** Notes the work done, with what the work leaves to be written at the same moment (a sent email's parcel gone). */
export async function finishDelivery(db: D1Database, key: string, alongside: D1PreparedStatement[] = []): Promise<void> {
  await db.batch([
    db
      .prepare("UPDATE queue_deliveries SET state = 'done', lease_until = NULL, last_error = NULL, updated_at = ?2 WHERE key = ?1")
      .bind(key, new Date().toISOString()),
    ...alongside,
  ]);
}

/** Gives the work back after a failure, with the error an operator reads with the dead letter. */
export async function failDelivery(db: D1Database, key: string, error: string): Promise<void> {
  await db
    .prepare("UPDATE queue_deliveries SET state = 'failed', lease_until = NULL, last_error = ?2, updated_at = ?3 WHERE key = ?1")
    .bind(key, error.slice(0, 1000), new Date().toISOString())
    .run();
}

/** The Cron Trigger forgets claims of work long done (and the large emails they sent). */
export async function forgetOldDeliveries(db: D1Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - DONE_KEPT_DAYS * 86_400_000).toISOString();
  await db.batch([
    db
      .prepare(
        "DELETE FROM mail_parcels WHERE 'mail:' || id IN (SELECT key FROM queue_deliveries WHERE state = 'done' AND updated_at < ?1 AND key LIKE 'mail:%')",
      )
      .bind(before),
    db.prepare("DELETE FROM queue_deliveries WHERE state = 'done' AND updated_at < ?1").bind(before),
  ]);
}

/** The first retry's delay unless QUEUE_RETRY_BASE_SECONDS says otherwise. */
export const RETRY_BASE_SECONDS = 10;

/** Seconds before a failed message is delivered again: 10 s, 30 s, 90 s, 270 s, 810 s by default, at most an hour. */
export function retryDelaySeconds(attempts: number, baseSeconds = RETRY_BASE_SECONDS): number {
  return Math.min(baseSeconds * 3 ** Math.max(0, attempts - 1), 3600);
}

/** QUEUE_RETRY_BASE_SECONDS as a number of seconds, the default when unset or not one. */
export function retryBaseSeconds(setting: string | undefined): number {
  const seconds = Number(setting);
  return setting !== undefined && setting !== '' && Number.isFinite(seconds) && seconds >= 0 ? seconds : RETRY_BASE_SECONDS;
}
