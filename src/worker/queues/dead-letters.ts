// The dead-letter queue's consumer and what an operator does with its letters: a message the mail or
// order-event consumer gave up on (after the queue's max_retries) is kept in D1's dead_letters with the last
// error its work failed with, listed at GET /admin/dead-letters and put back on its queue by
// POST /admin/dead-letters/:id/replay. The consumers' claims make a replay of work done meanwhile harmless.

import type { Bindings } from '../env.ts';
import { type AuditEntry, auditIfChanged } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Logger } from '../lib/logger.ts';
import { identify } from './messages.ts';

export async function keepDeadLetters(db: D1Database, batch: MessageBatch<unknown>, logger: Logger): Promise<void> {
  for (const message of batch.messages) {
    const identity = identify(message.body);
    const key = identity?.key ?? `message:${message.id}`;
    try {
      await db
        .prepare(
          `INSERT INTO dead_letters (key, queue, type, recipient, body, attempts, last_error, failed_at)
           SELECT ?1, ?2, ?3, ?4, ?5, COALESCE(d.attempts, 0), d.last_error, ?6 FROM (SELECT 1) LEFT JOIN queue_deliveries d ON d.key = ?1 WHERE true
           ON CONFLICT (key) DO UPDATE SET body = excluded.body, attempts = excluded.attempts, last_error = excluded.last_error,
             failed_at = excluded.failed_at, replayed_at = NULL`,
        )
        .bind(
          key,
          identity?.queue ?? 'unknown',
          identity?.type ?? 'unknown',
          identity?.recipient ?? null,
          JSON.stringify(message.body ?? null),
          new Date().toISOString(),
        )
        .run();
      logger.error('queue.dead_letter', { key, messageId: message.id });
      message.ack();
    } catch (error) {
      logger.error('queue.dead_letter_not_kept', { key, messageId: message.id, error });
      message.retry({ delaySeconds: 30 });
    }
  }
}

export interface DeadLetter {
  id: number;
  key: string;
  queue: string;
  type: string;
  recipient: string | null;
  body: unknown;
  attempts: number;
  lastError: string | null;
  failedAt: string;
  replayedAt: string | null;
}

interface DeadLetterRow {
  id: number;
  key: string;
  queue: string;
  type: string;
  recipient: string | null;
  body: string;
  attempts: number;
  last_error: string | null;
  failed_at: string;
  replayed_at: string | null;
}

const toDeadLetter = (row: DeadLetterRow): DeadLetter => ({
  id: row.id,
  key: row.key,
  queue: row.queue,
  type: row.type,
  recipient: row.recipient,
  body: JSON.parse(row.body) as unknown,
  attempts: row.attempts,
  lastError: row.last_error,
  failedAt: row.failed_at,
  replayedAt: row.replayed_at,
});

/** The newest letters first; `open` ones are not replayed yet. */
export async function listDeadLetters(db: D1Database, state: 'open' | 'replayed' | 'all', limit: number): Promise<DeadLetter[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM dead_letters WHERE ?1 = 'all' OR (?1 = 'open' AND replayed_at IS NULL) OR (?1 = 'replayed' AND replayed_at IS NOT NULL)
       ORDER BY failed_at DESC, id DESC LIMIT ?2`,
    )
    .bind(state, limit)
    .all<DeadLetterRow>();
  return results.map(toDeadLetter);
}

/** Puts a letter back on its queue, once (a letter that fails again comes back open). */
export async function replayDeadLetter(env: Bindings, id: number, actor: Omit<AuditEntry, 'action' | 'subject' | 'details'>): Promise<DeadLetter> {
  const row = await env.DB.prepare('SELECT * FROM dead_letters WHERE id = ?1').bind(id).first<DeadLetterRow>();
  if (!row) throw new HttpError('API404', 'There is no dead letter with this id.');
  if (row.replayed_at) throw new HttpError('API409', 'This letter was replayed already; it comes back here if it fails again.');
  const queue = row.queue === 'mail' ? env.MAIL_QUEUE : row.queue === 'order-events' ? env.ORDER_EVENTS : undefined;
  if (row.queue === 'unknown') throw new HttpError('API409', 'This message is not one the store wrote, so it has no queue to go back to.');
  if (!queue) throw new HttpError('GEN500', `The ${row.queue} queue is not bound on this deployment (wrangler.toml).`);
  const now = new Date().toISOString();
  const [marked] = await env.DB.batch([
    env.DB.prepare('UPDATE dead_letters SET replayed_at = ?2 WHERE id = ?1 AND replayed_at IS NULL').bind(id, now),
    auditIfChanged(env.DB, { ...actor, action: 'dead-letter.replay', subject: row.key, details: { id, queue: row.queue } }),
  ]);
  if ((marked?.meta.changes ?? 0) === 0) throw new HttpError('API409', 'This letter was replayed already; it comes back here if it fails again.');
  try {
    await (queue as Queue<unknown>).send(JSON.parse(row.body) as unknown, { contentType: 'json' });
  } catch (error) {
    await env.DB.prepare('UPDATE dead_letters SET replayed_at = NULL WHERE id = ?1').bind(id).run();
    throw error;
  }
  return toDeadLetter({ ...row, replayed_at: now });
}
