// Marketers' document changes: drafts, publishing (now or scheduled), each with an audit row, and the
// cache purges a publish needs so shoppers see the change.

import * as v from 'valibot';
import type { Block, ContentKind } from '../../shared/content/blocks.ts';
import type { SiteId } from '../../shared/locale/sites.ts';
import { documentSchema } from '../../shared/schema/content.ts';
import { purge } from '../content/purge.ts';
import { type AuditEntry, auditStatement } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import { parseOrThrow } from '../lib/validate.ts';

export interface DocumentRef {
  siteId: SiteId;
  locale: string;
  kind: ContentKind;
  key: string;
}

export function documentId(ref: DocumentRef): string {
  return `${ref.siteId}:${ref.locale}:${ref.kind}:${ref.key}`;
}

/** The fragments and products a body embeds, at any depth: what a purge by tag must find. */
function tagsOf(body: unknown): string[] {
  const tags = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const block = value as Partial<Block> & { fragmentId?: string; productIds?: string[]; productId?: string };
    if (block.type === 'FragmentRef' && block.fragmentId) tags.add(`fragment:${block.fragmentId}`);
    if (block.type === 'ProductRecommendations') for (const id of block.productIds ?? []) tags.add(`product:${id}`);
    if (block.type === 'Banner' && block.productId) tags.add(`product:${block.productId}`);
    for (const child of Object.values(value)) visit(child);
  };
  visit(body);
  return [...tags].sort();
}

export interface Actor {
  name: string;
  correlationId: string;
}

function audit(db: D1Database, actor: Actor, action: string, subject: string, details: Record<string, unknown>): D1PreparedStatement {
  const entry: AuditEntry = { actor: actor.name, action, subject, details, correlationId: actor.correlationId };
  return auditStatement(db, entry);
}

/** A body that does not meet its kind's schema is an API400 naming the field (`body.items.0.id`). */
export function checkDocumentBody(kind: ContentKind, body: unknown): void {
  parseOrThrow(v.object({ body: documentSchema(kind) }), { body });
}

/** Creates the document if needed and replaces its draft; answers the draft's version. */
export async function saveDraft(db: D1Database, ref: DocumentRef, body: unknown, actor: Actor): Promise<{ id: string; version: number; created: boolean }> {
  const id = documentId(ref);
  const now = new Date().toISOString();
  const existing = await db.prepare('SELECT id FROM content_documents WHERE id = ?1').bind(id).first<{ id: string }>();
  const next = await db
    .prepare('SELECT COALESCE(MAX(version), 0) + 1 AS version FROM content_versions WHERE document_id = ?1')
    .bind(id)
    .first<{ version: number }>();
  const version = next?.version ?? 1;
  await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO content_documents (id, site_id, locale, kind, key, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
      .bind(id, ref.siteId, ref.locale, ref.kind, ref.key, now),
    db.prepare("DELETE FROM content_versions WHERE document_id = ?1 AND status = 'draft'").bind(id),
    db
      .prepare("INSERT INTO content_versions (document_id, version, status, body, tags, created_at, created_by) VALUES (?1, ?2, 'draft', ?3, ?4, ?5, ?6)")
      .bind(id, version, JSON.stringify(body), JSON.stringify(tagsOf(body)), now, actor.name),
    audit(db, actor, existing ? 'content.update' : 'content.create', id, { version }),
  ]);
  return { id, version, created: !existing };
}

export interface PublishWindow {
  publishFrom?: string | undefined;
  publishUntil?: string | undefined;
}

/** Publishes the draft, at once or from `publishFrom`; purges the cached copies when it goes live now. */
export async function publishDraft(db: D1Database, kv: KVNamespace, ref: DocumentRef, window: PublishWindow, actor: Actor) {
  const id = documentId(ref);
  const draft = await db
    .prepare("SELECT version, body FROM content_versions WHERE document_id = ?1 AND status = 'draft'")
    .bind(id)
    .first<{ version: number; body: string }>();
  if (!draft) throw new HttpError('API409', `Document ${id} has no draft to publish.`);
  // A draft saved before its kind was checked, or written around the API, is checked again before it goes live.
  checkDocumentBody(ref.kind, JSON.parse(draft.body));
  const now = new Date();
  const from = window.publishFrom ? new Date(window.publishFrom) : now;
  const scheduled = from.getTime() > now.getTime();
  await db.batch([
    db
      .prepare("UPDATE content_versions SET status = 'published', publish_from = ?3, publish_until = ?4 WHERE document_id = ?1 AND version = ?2")
      .bind(id, draft.version, from.toISOString(), window.publishUntil ?? null),
    audit(db, actor, scheduled ? 'content.schedule' : 'content.publish', id, {
      version: draft.version,
      publishFrom: from.toISOString(),
      publishUntil: window.publishUntil ?? null,
    }),
  ]);
  // A scheduled version changes nothing yet; cached copies expire on their own short freshness.
  const purged = scheduled
    ? []
    : [
        ...(await purge(kv, { by: 'key', siteId: ref.siteId, mode: 'publish', kind: ref.kind, key: ref.key, locale: ref.locale })),
        ...(ref.kind === 'fragment' ? await purge(kv, { by: 'tag', tag: `fragment:${ref.key}`, siteId: ref.siteId }) : []),
      ];
  return { id, version: draft.version, publishFrom: from.toISOString(), publishUntil: window.publishUntil ?? null, scheduled, purged };
}

/**
 * Deletes a document's draft. A document that was never published goes with it; a published one keeps
 * its published versions.
 */
export async function deleteDraft(db: D1Database, ref: DocumentRef, actor: Actor): Promise<{ id: string; version: number; documentDeleted: boolean }> {
  const id = documentId(ref);
  const draft = await db.prepare("SELECT version FROM content_versions WHERE document_id = ?1 AND status = 'draft'").bind(id).first<{ version: number }>();
  if (!draft) throw new HttpError('API404', `Document ${id} has no draft to delete.`);
  const others = await db.prepare("SELECT COUNT(*) AS n FROM content_versions WHERE document_id = ?1 AND status <> 'draft'").bind(id).first<{ n: number }>();
  const documentDeleted = (others?.n ?? 0) === 0;
  await db.batch([
    db.prepare("DELETE FROM content_versions WHERE document_id = ?1 AND status = 'draft'").bind(id),
    ...(documentDeleted ? [db.prepare('DELETE FROM content_documents WHERE id = ?1').bind(id)] : []),
    audit(db, actor, 'content.draft_delete', id, { version: draft.version, documentDeleted }),
  ]);
  return { id, version: draft.version, documentDeleted };
}

export async function documentWithVersions(db: D1Database, id: string) {
  const document = await db.prepare('SELECT id, site_id, locale, kind, key, created_at FROM content_documents WHERE id = ?1').bind(id).first();
  if (!document) return null;
  const { results } = await db
    .prepare(
      'SELECT version, status, body, tags, publish_from, publish_until, created_at, created_by FROM content_versions WHERE document_id = ?1 ORDER BY version DESC',
    )
    .bind(id)
    .all<{ body: string; tags: string }>();
  return { ...document, versions: results.map((v) => ({ ...v, body: JSON.parse(v.body) as unknown, tags: JSON.parse(v.tags) as string[] })) };
}
