// The seeded content as rows of migrations/0004_content.sql: one published version per document, plus the US revisions.

import type { SeedData, SeedRow } from '../tables.ts';
import { buildContentDocuments, buildContentRevisions, type ContentSeed } from './documents.ts';

/** Parents first: content_versions points at content_documents. */
export const CONTENT_TABLE_ORDER = ['content_documents', 'content_versions'] as const;

export function contentDocumentId(doc: Pick<ContentSeed, 'siteId' | 'locale' | 'kind' | 'key'>): string {
  return `${doc.siteId}:${doc.locale}:${doc.kind}:${doc.key}`;
}

function versionRow(doc: ContentSeed, version: number, status: string, publishFrom: string | null, now: string): SeedRow {
  return {
    document_id: contentDocumentId(doc),
    version,
    status,
    body: JSON.stringify(doc.body),
    tags: JSON.stringify(doc.tags),
    publish_from: publishFrom,
    publish_until: null,
    created_at: now,
    created_by: 'seed',
  };
}

export function contentRows(catalog: SeedData, now = '2026-11-01T00:00:00.000Z'): { content_documents: SeedRow[]; content_versions: SeedRow[] } {
  const documents = buildContentDocuments(catalog);
  return {
    content_documents: documents.map((doc) => ({
      id: contentDocumentId(doc),
      site_id: doc.siteId,
      locale: doc.locale,
      kind: doc.kind,
      key: doc.key,
      created_at: now,
    })),
    content_versions: [
      ...documents.map((doc) => versionRow(doc, 1, 'published', now, now)),
      ...buildContentRevisions(catalog).map((rev) => versionRow(rev, rev.version, rev.status, rev.publishFrom, now)),
    ],
  };
}
