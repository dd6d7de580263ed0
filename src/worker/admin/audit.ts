// The audit trail: who changed, published or purged what, and when.

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

export async function recentAudit(db: D1Database, subject: string | undefined, limit: number) {
  const { results } = await db
    .prepare('SELECT id, at, actor, action, subject, details, correlation_id FROM audit_log WHERE (?1 IS NULL OR subject = ?1) ORDER BY id DESC LIMIT ?2')
    .bind(subject ?? null, limit)
    .all<{ id: number; at: string; actor: string; action: string; subject: string; details: string; correlation_id: string }>();
  return results.map((r) => ({ ...r, details: JSON.parse(r.details) as unknown }));
}
