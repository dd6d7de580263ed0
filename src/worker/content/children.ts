// Child pages of a page (`children/{siteId}/{parentPageSlug}`): pages whose key sits under the parent's.

import type { Locale } from '../../shared/locale/sites.ts';
import type { Preview } from './preview.ts';

export interface ChildPage {
  key: string;
  url: string;
  title: string | null;
}

/** Live children now, or in an authorised preview the drafts too, as of the preview's moment. */
export async function children(db: D1Database, locale: Locale, preview: Preview, parent: string): Promise<ChildPage[]> {
  const at = preview.active ? preview.at : new Date();
  const { results } = await db
    .prepare(
      `SELECT d.key, json_extract(v.body, '$.metadata.htmlTitle') AS title
       FROM content_documents d JOIN content_versions v ON v.document_id = d.id
       WHERE d.site_id = ?1 AND d.locale = ?2 AND d.kind = 'page' AND substr(d.key, 1, length(?3)) = ?3
         AND ((v.status = 'published' AND (v.publish_from IS NULL OR v.publish_from <= ?4) AND (v.publish_until IS NULL OR v.publish_until > ?4))
           OR (?5 = 'preview' AND v.status = 'draft'))
       GROUP BY d.key ORDER BY d.key`,
    )
    // A prefix compared as text, not a LIKE pattern: D1 refuses patterns over 50 bytes, and keys reach 120.
    .bind(locale.site.id, locale.code, `${parent}/`, at.toISOString(), preview.active ? 'preview' : 'publish')
    .all<{ key: string; title: string | null }>();
  return results.map((r) => ({ key: r.key, url: `/${locale.code}/${r.key}`, title: r.title }));
}
