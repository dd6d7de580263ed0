// Photos shoppers uploaded, served from the store's own origin: a review's only once it is approved (a
// pending or rejected one's photos are nobody's to see but the moderators', under /admin).

import { Hono } from 'hono';
import { SHOWN_MEDIA } from '../commerce/social/social-photos.ts';
import type { AppEnv } from '../env.ts';
import { photoResponse } from '../lib/photo-store.ts';

const FILE = /^[1-3]\.(jpg|png|webp)$/;

export const mediaRoutes = new Hono<AppEnv>()
  .get('/media/reviews/:reviewId/:file', async (c) => {
    const { reviewId, file } = c.req.param();
    if (!FILE.test(file) || !/^R[A-Za-z0-9-]{6,40}$/.test(reviewId)) return c.notFound();
    const key = `reviews/${reviewId}/${file}`;
    const shown = await c.env.DB.prepare(
      "SELECT 1 FROM review_photos p JOIN reviews r ON r.review_id = p.review_id WHERE p.object_key = ?1 AND r.status = 'approved'",
    )
      .bind(key)
      .first();
    // An hour: a review taken down later stops being served within it.
    const response = shown ? await photoResponse(c.env.MEDIA, key, 'public, max-age=3600') : null;
    return response ?? c.notFound();
  })
  // A shared photo (the social galleries), while it is shown.
  .get('/media/social/:mediaId', async (c) => {
    const { mediaId } = c.req.param();
    if (!/^M[A-Za-z0-9-]{6,60}$/.test(mediaId)) return c.notFound();
    const row = await c.env.DB.prepare(`SELECT m.object_key FROM social_media m WHERE m.media_id = ?1 AND ${SHOWN_MEDIA}`)
      .bind(mediaId)
      .first<{ object_key: string }>();
    const response = row ? await photoResponse(c.env.MEDIA, row.object_key, 'public, max-age=3600') : null;
    return response ?? c.notFound();
  });
