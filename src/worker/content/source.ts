// Where content comes from: the embedded service in D1, or an external content service with the same
// paths when CONTENT_ORIGIN is set. Both answer "the version live at this time, in this mode".

import type { ContentKind } from '../../shared/content/blocks.ts';
import type { OutboundContext } from '../lib/outbound.ts';
import { outboundFetch } from '../lib/outbound.ts';

export type ContentMode = 'publish' | 'preview';

export interface ContentRequest {
  siteId: string;
  locale: string;
  mode: ContentMode;
  kind: ContentKind;
  key: string;
  /** The moment whose content is wanted: now, or the preview date and time. */
  at: Date;
}

export interface ContentResult {
  body: unknown;
  tags: string[];
  version: number;
  draft: boolean;
}

export interface ContentSource {
  get(request: ContentRequest): Promise<ContentResult | null>;
}

interface VersionRow {
  body: string;
  tags: string;
  version: number;
  status: string;
}

// In preview a draft wins over the live version; otherwise the newest published version live at `at`.
const LIVE_VERSION = `
SELECT v.body, v.tags, v.version, v.status
FROM content_versions v JOIN content_documents d ON d.id = v.document_id
WHERE d.site_id = ?1 AND d.locale = ?2 AND d.kind = ?3 AND d.key = ?4
  AND ((v.status = 'published' AND (v.publish_from IS NULL OR v.publish_from <= ?5) AND (v.publish_until IS NULL OR v.publish_until > ?5))
    OR (?6 = 'preview' AND v.status = 'draft'))
ORDER BY v.status = 'draft' DESC, v.version DESC
LIMIT 1`;

export function d1Source(db: D1Database): ContentSource {
  return {
    async get(request) {
      const row = await db
        .prepare(LIVE_VERSION)
        .bind(request.siteId, request.locale, request.kind, request.key, request.at.toISOString(), request.mode)
        .first<VersionRow>();
      if (!row) return null;
      return { body: JSON.parse(row.body), tags: JSON.parse(row.tags) as string[], version: row.version, draft: row.status === 'draft' };
    },
  };
}

/** The spec's content path for a request (account-content §7), relative to the service root. */
function contentPath(request: Pick<ContentRequest, 'mode' | 'kind' | 'siteId' | 'key'>): string {
  const { mode, kind, siteId, key } = request;
  const base = `/${mode}/caas/v1`;
  switch (kind) {
    case 'fragment':
      return `${base}/fragment/${encodeURIComponent(key)}`;
    case 'footer':
    case 'menu':
    case 'popups':
      return `${base}/${kind}/${siteId}`;
    default:
      return `${base}/${kind}/${siteId}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}

/** An external content service with the same paths; preview requests go under its /pre prefix. */
export function originSource(origin: string, outbound: OutboundContext): ContentSource {
  return {
    async get(request) {
      const prefix = request.mode === 'preview' ? '/pre' : '';
      const url = new URL(`${prefix}${contentPath(request)}`, origin);
      url.searchParams.set('locale', request.locale);
      url.searchParams.set('removeNulls', 'true');
      const headers: Record<string, string> = {};
      if (request.mode === 'preview') {
        headers['x-preview'] = 'true';
        headers['x-preview-date-time'] = request.at.toISOString();
      }
      const response = await outboundFetch(outbound, url, { headers });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`Content service answered ${response.status} for ${url.pathname}`);
      const json = (await response.json()) as { document?: unknown; tags?: string[]; version?: number; draft?: boolean };
      return { body: json.document ?? null, tags: json.tags ?? [], version: json.version ?? 0, draft: json.draft ?? false };
    },
  };
}
