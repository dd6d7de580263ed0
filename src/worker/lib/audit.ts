// The audit trail: who changed, published or purged what, and when. A lib, so every domain, the admin API
// and the middleware write it the same way without reaching into one another.

import type { AppEnv } from '../env.ts';
import type { ActingShopper } from './acting-shopper.ts';

export interface AuditEntry {
  actor: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
  correlationId: string;
}

export function auditStatement(db: D1Database, entry: AuditEntry, at = new Date()): D1PreparedStatement {
  return db
    .prepare('INSERT INTO audit_log (at, actor, action, subject, details, correlation_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
    .bind(at.toISOString(), entry.actor, entry.action, entry.subject, JSON.stringify(entry.details), entry.correlationId);
}

/**
 * The entry, written only when the statement just before it in the batch changed one row: of two requests
 * racing for one change (a device code, a revocation), only the one that made it is in the trail.
 */
export function auditIfChanged(db: D1Database, entry: AuditEntry, at = new Date()): D1PreparedStatement {
  return db
    .prepare('INSERT INTO audit_log (at, actor, action, subject, details, correlation_id) SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE changes() = 1')
    .bind(at.toISOString(), entry.actor, entry.action, entry.subject, JSON.stringify(entry.details), entry.correlationId);
}

export async function recentAudit(db: D1Database, subject: string | undefined, limit: number) {
  const { results } = await db
    .prepare('SELECT id, at, actor, action, subject, details, correlation_id FROM audit_log WHERE (?1 IS NULL OR subject = ?1) ORDER BY id DESC LIMIT ?2')
    .bind(subject ?? null, limit)
    .all<{ id: number; at: string; actor: string; action: string; subject: string; details: string; correlation_id: string }>();
  return results.map((r) => ({ ...r, details: JSON.parse(r.details) as unknown }));
}

/**
 * A change to a shopper's records (the account issue, §3 Rules): it names its actor, the shopper or the
 * associate serving them in a store, and the subject it touched.
 */
export function shopperAudit(
  db: D1Database,
  correlationId: string,
  shopper: ActingShopper,
  action: string,
  details: Record<string, unknown>,
  subject = `consumer:${shopper.consumerNo}`,
): D1PreparedStatement {
  const { associate, consumerNo } = shopper;
  return auditStatement(db, {
    actor: associate ? `associate:${associate.storeEmployeeId}@${associate.storeId}` : `consumer:${consumerNo}`,
    action,
    subject,
    details,
    correlationId,
  });
}

/** shopperAudit read off the request, for the route and page files that audit a change themselves. */
export function accountAudit(
  c: { env: { DB: D1Database }; get(key: 'session'): AppEnv['Variables']['session']; get(key: 'correlationId'): string },
  consumerNo: string,
  action: string,
  details: Record<string, unknown>,
  subject = `consumer:${consumerNo}`,
): D1PreparedStatement {
  const associate = c.get('session')?.claims.buyInStore;
  return shopperAudit(c.env.DB, c.get('correlationId'), { consumerNo, ...(associate ? { associate } : {}) }, action, details, subject);
}
