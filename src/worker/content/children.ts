// Child pages of a page (`children/{siteId}/{parentPageSlug}`): pages whose key sits under the parent's.

import type { Locale } from '../../shared/sites.ts';
import type { ContentMode } from './source.ts';

export interface ChildPage {
  key: string;
  url: string;
  title: string | null;
}

export async function children(db: D1Database, locale: Locale, mode: ContentMode, parent: string, at: Date): Promise<ChildPage[]> {
  const { results } = await db
    .prepare(
      `SELECT d.key, json_extract(v.body, '$.metadata.htmlTitle') AS title
       FROM content_documents d JOIN content_versions v ON v.document_id = d.id
       WHERE d.site_id = ?1 AND d.locale = ?2 AND d.kind = 'page' AND d.key LIKE ?3 ESCAPE '\\'
         AND ((v.status = 'published' AND (v.publish_from IS NULL OR v.publish_from <= ?4) AND (v.publish_until IS NULL OR v.publish_until > ?4))
           OR (?5 = 'preview' AND v.status = 'draft'))
       GROUP BY d.key ORDER BY d.key`,
    )
    .bind(locale.site.id, locale.code, `${parent.replace(/[\\%_]/g, '\\$&')}/%`, at.toISOString(), mode)
    .all<{ key: string; title: string | null }>();
  return results.map((r) => ({ key: r.key, url: `/${locale.code}/${r.key}`, title: r.title }));
}
