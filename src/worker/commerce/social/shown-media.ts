// The file behind a shared photo, served while the photo is shown (not hidden by reports, nor deleted).

import { SHOWN_MEDIA } from './social-photos.ts';

/** The stored photo of a shared media item while it is shown, or null. */
export async function shownMediaKey(db: D1Database, mediaId: string): Promise<string | null> {
  const row = await db
    .prepare(`SELECT m.object_key FROM social_media m WHERE m.media_id = ?1 AND ${SHOWN_MEDIA}`)
    .bind(mediaId)
    .first<{ object_key: string }>();
  return row?.object_key ?? null;
}
