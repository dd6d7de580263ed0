// Photos shoppers uploaded, served from the store's own origin: a review's only once it is approved (a
// pending or rejected one's photos are nobody's to see but the moderators', under /admin).

import { Hono } from 'hono';
import { isShownReviewPhoto } from '../commerce/reviews/reviews.ts';
import { shownMediaKey } from '../commerce/social/shown-media.ts';
import type { AppEnv } from '../env.ts';
import { photoResponse } from '../lib/photo-store.ts';

const FILE = /^[1-3]\.(jpg|png|webp)$/;

export const mediaRoutes = new Hono<AppEnv>()
  .get('/media/reviews/:reviewId/:file', async (c) => {
    const { reviewId, file } = c.req.param();
    if (!FILE.test(file) || !/^R[A-Za-z0-9-]{6,40}$/.test(reviewId)) return c.notFound();
    const key = `reviews/${reviewId}/${file}`;
    const shown = await isShownReviewPhoto(c.env.DB, key);
    // An hour: a review taken down later stops being served within it.
    const response = shown ? await photoResponse(c.env.MEDIA, key, 'public, max-age=3600') : null;
    return response ?? c.notFound();
  })
  // A shared photo (the social galleries), while it is shown.
  .get('/media/social/:mediaId', async (c) => {
    const { mediaId } = c.req.param();
    if (!/^M[A-Za-z0-9-]{6,60}$/.test(mediaId)) return c.notFound();
    const objectKey = await shownMediaKey(c.env.DB, mediaId);
    const response = objectKey ? await photoResponse(c.env.MEDIA, objectKey, 'public, max-age=3600') : null;
    return response ?? c.notFound();
  });
