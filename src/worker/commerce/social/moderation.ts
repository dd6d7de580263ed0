// Moderation of shared photos (the store services issue, §5), for operators under /admin: the queue (photos
// shared on their own, and shown ones shoppers reported), approve or reject with a reason, audited in the
// batch that decides. A review's photos are moderated with their review; reported ones come back here.

import { auditStatement } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type Moderator, reasonFor } from '../reviews/moderation.ts';

export interface SocialQueueItem {
  id: string;
  status: string;
  source: string;
  reviewId: string | null;
  caption: string | null;
  screenName: string;
  locale: string;
  reports: number;
  reportReasons: string[];
  streams: string[];
  /** Where an operator sees it, whatever its state. */
  photo: string;
  createdAt: string;
}

export async function socialQueue(db: D1Database, limit = 100): Promise<SocialQueueItem[]> {
  const { results } = await db
    .prepare(
      `SELECT m.media_id AS id, m.status, m.source, m.review_id AS reviewId, m.caption, u.screen_name AS screenName, m.locale, m.reports,
         m.created_at AS createdAt,
         (SELECT json_group_array(reason) FROM social_reports r WHERE r.media_id = m.media_id) AS reportReasons,
         (SELECT json_group_array(style_id) FROM social_media_streams s WHERE s.media_id = m.media_id) AS streams
       FROM social_media m JOIN social_users u ON u.user_id = m.user_id
       WHERE m.status = 'pending' OR (m.status = 'approved' AND m.reports > 0)
       ORDER BY m.reports DESC, m.created_at LIMIT ?1`,
    )
    .bind(limit)
    .all<Record<string, unknown>>();
  return results.map((row) => ({
    ...(row as unknown as SocialQueueItem),
    reportReasons: JSON.parse(String(row.reportReasons)) as string[],
    streams: JSON.parse(String(row.streams)) as string[],
    photo: `/admin/social/media/${String(row.id)}/photo`,
  }));
}

export async function moderateMedia(
  db: D1Database,
  mediaId: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
  by: Moderator,
  now = new Date(),
) {
  const row = await db.prepare('SELECT status, reports FROM social_media WHERE media_id = ?1').bind(mediaId).first<{ status: string; reports: number }>();
  if (!row) throw new HttpError('API404', `No photo ${mediaId}.`);
  const why = reasonFor(decision, reason);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const at = now.toISOString();
  await db.batch([
    // The reports counted so far were looked at with this decision; new ones bring it back to the queue.
    // A photo first approved now goes to the top of the galleries; one approved again keeps its place.
    db
      .prepare(
        `UPDATE social_media SET status = ?2, status_reason = ?3, moderated_by = ?4, moderated_at = ?5, reports = 0,
           approved_at = CASE WHEN ?2 = 'approved' THEN COALESCE(approved_at, ?5) ELSE approved_at END
         WHERE media_id = ?1`,
      )
      .bind(mediaId, status, why, by.name, at),
    auditStatement(
      db,
      {
        actor: by.name,
        action: `social.${decision}`,
        subject: `social:${mediaId}`,
        details: { from: row.status, reports: row.reports, reason: why },
        correlationId: by.correlationId,
      },
      now,
    ),
  ]);
  return { mediaId, status, reason: why };
}
