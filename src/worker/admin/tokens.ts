// Named admin tokens: created and revoked by operators (from the CLI), listed without their secrets.
// The secret is shown once, when the token is made; only its hash is kept.

import { auditStatement } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import type { AdminCredential, AdminRole } from './credentials.ts';
import { newToken } from './credentials.ts';

interface Actor {
  credential: AdminCredential;
  correlationId: string;
}

export async function createToken(db: D1Database, holder: { name: string; role: AdminRole }, actor: Actor) {
  const made = await newToken();
  const now = new Date().toISOString();
  await db.batch([
    db
      .prepare('INSERT INTO admin_tokens (id, name, role, secret_hash, created_at, created_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
      .bind(made.id, holder.name, holder.role, made.secretHash, now, actor.credential.name),
    auditStatement(db, {
      actor: actor.credential.name,
      action: 'admin.token_create',
      subject: `admin-token:${made.id}`,
      details: { name: holder.name, role: holder.role },
      correlationId: actor.correlationId,
    }),
  ]);
  return { id: made.id, name: holder.name, role: holder.role, createdAt: now, token: made.token };
}

export async function listTokens(db: D1Database) {
  const { results } = await db
    .prepare('SELECT id, name, role, created_at, created_by, last_used_at, revoked_at FROM admin_tokens ORDER BY created_at DESC')
    .all<{ id: string; name: string; role: AdminRole; created_at: string; created_by: string; last_used_at: string | null; revoked_at: string | null }>();
  return results.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    createdAt: r.created_at,
    createdBy: r.created_by,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  }));
}

export async function revokeToken(db: D1Database, id: string, actor: Actor) {
  const active = await db.prepare('SELECT name FROM admin_tokens WHERE id = ?1 AND revoked_at IS NULL').bind(id).first<{ name: string }>();
  if (!active) throw new HttpError('API404', `No active admin token ${id}.`);
  const now = new Date().toISOString();
  await db.batch([
    db.prepare('UPDATE admin_tokens SET revoked_at = ?2 WHERE id = ?1').bind(id, now),
    // The preview links its holder handed out go with it.
    db.prepare('UPDATE preview_tokens SET revoked_at = ?2 WHERE admin_token_id = ?1 AND revoked_at IS NULL').bind(id, now),
    auditStatement(db, {
      actor: actor.credential.name,
      action: 'admin.token_revoke',
      subject: `admin-token:${id}`,
      details: { name: active.name },
      correlationId: actor.correlationId,
    }),
  ]);
  return { id, name: active.name, revokedAt: now };
}
