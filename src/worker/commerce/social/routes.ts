// The social photo service's calls (account-content §7; the store services issue, §5) under /api/social. Reading
// is open to all and the same for everyone, so it may be cached; reporting, making a user and sharing need a
// signed-in shopper, and a user's media only its own shopper.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { paths } from '../../../shared/routes.ts';
import {
  CategoryMediaQuery,
  CustomerParams,
  CustomerQuery,
  MediaBody,
  MediaParams,
  MediaStreamsQuery,
  ReportBody,
  SocialPageQuery,
  StreamParams,
  StreamTagQuery,
  UserBody,
  UserParams,
} from '../../../shared/schema/social.ts';
import { assets } from '../../assets.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { chosenPhotos } from '../../lib/photo-store.ts';
import { envelope } from '../../lib/respond.ts';
import { signedInShopper } from '../../lib/signed-in.ts';
import { valid } from '../../lib/validate.ts';
import { catalogIndex } from '../catalog/catalog-index.ts';
import { productImageUrl } from '../catalog/images.ts';
import { type MediaPage, socialPhotosFor } from './social-photos.ts';

/** Galleries change when an operator approves a photo: a few minutes' staleness is fine, and spares D1. */
const SHARED_READ = 'public, max-age=300';

function gallery(c: Context<AppEnv>, page: MediaPage, extra: Record<string, unknown> = {}) {
  c.header('Cache-Control', SHARED_READ);
  return c.json(envelope(c, { ...extra, ...page }));
}

export const socialRoutes = new Hono<AppEnv>()
  .get('/social', valid('query', CustomerQuery), async (c) => {
    const siteId = c.req.valid('query').customer ?? apiLocale(c, {}).site.id;
    c.header('Cache-Control', SHARED_READ);
    return c.json(envelope(c, { customer: await socialPhotosFor(c.env).customer(siteId) }));
  })
  .get('/social/categories/media/recent', valid('query', CategoryMediaQuery), async (c) => {
    const { category_id: categoryId, page, count } = c.req.valid('query');
    const index = await catalogIndex(c.env.DB, c.get('logger'));
    if (!index.categories.has(categoryId)) throw new HttpError('PLP400', `No category ${categoryId}.`);
    return gallery(c, await socialPhotosFor(c.env).recentByCategory(categoryId, { page, count }), { categoryId });
  })
  .get('/social/customers/:customerId/media/recent', valid('param', CustomerParams), valid('query', SocialPageQuery), async (c) => {
    const { customerId } = c.req.valid('param');
    return gallery(c, await socialPhotosFor(c.env).recentByCustomer(customerId, c.req.valid('query')), { customerId });
  })
  .get('/social/streams/media/recent', valid('query', StreamTagQuery), async (c) => {
    const { tag_key: tagKey, page, count } = c.req.valid('query');
    const service = socialPhotosFor(c.env);
    const streamId = await service.streamOfTag(tagKey);
    // Logged where the widget runs (account-content §8): here it is an answer like any other.
    if (!streamId) throw new HttpError('API404', `No stream has the tag key ${tagKey}.`);
    return gallery(c, await service.recentByStream(streamId, { page, count }), { streamId });
  })
  .get('/social/streams/:streamId/media/recent', valid('param', StreamParams), valid('query', SocialPageQuery), async (c) => {
    const { streamId } = c.req.valid('param');
    const service = socialPhotosFor(c.env);
    if (!(await service.streamOfTag(streamId))) throw new HttpError('API404', `No stream ${streamId}.`);
    return gallery(c, await service.recentByStream(streamId, c.req.valid('query')), { streamId });
  })
  .get('/social/media/:mediaId/streams', valid('param', MediaParams), valid('query', MediaStreamsQuery), async (c) => {
    const { mediaId } = c.req.valid('param');
    const locale = apiLocale(c, c.req.valid('query'));
    const streams = await socialPhotosFor(c.env).streamsOfMedia(mediaId, locale.lang);
    if (!streams) throw new HttpError('API404', `No photo ${mediaId}.`);
    const index = await catalogIndex(c.env.DB, c.get('logger'));
    c.header('Cache-Control', SHARED_READ);
    return c.json(
      envelope(c, {
        mediaId,
        streams: streams.map((stream) => {
          const entry = index.products.get(stream.productId);
          return {
            ...stream,
            url: entry ? paths.product(locale.code, entry.slug, stream.productId) : null,
            image: entry ? productImageUrl(assets.imageBase, entry.productType, entry.swatchHex, 'side') : null,
          };
        }),
      }),
    );
  })
  .post('/social/media/:mediaId/reports', valid('param', MediaParams), valid('json', ReportBody), async (c) => {
    const consumerNo = signedInShopper(c, 'report a photo');
    const { mediaId } = c.req.valid('param');
    const result = await socialPhotosFor(c.env).report(mediaId, consumerNo, c.req.valid('json').reason);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { mediaId, ...result }), result.counted ? 201 : 200);
  })
  .post('/social/users', valid('json', UserBody), async (c) => {
    const consumerNo = signedInShopper(c, 'share photos');
    const { user, created } = await socialPhotosFor(c.env).userFor(consumerNo, c.req.valid('json').screen_name);
    if (created) await accountAudit(c, consumerNo, 'social.user', { userId: user.id }).run();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { user }), created ? 201 : 200);
  })
  // multipart/form-data with one file in `file`, checked and cleaned like every photo shoppers send.
  .post('/social/stashes', async (c) => {
    const consumerNo = signedInShopper(c, 'share photos');
    const service = socialPhotosFor(c.env);
    const user = await service.userOf(consumerNo);
    if (!user) throw new HttpError('API409', 'Make your user first: POST /api/social/users with a screen_name.');
    let data: FormData;
    try {
      data = await c.req.formData();
    } catch {
      throw new HttpError('API415', 'Send the photo as multipart/form-data in `file`.');
    }
    const [file, ...more] = chosenPhotos(data.getAll('file'));
    if (!file || more.length > 0) throw new HttpError('API400', 'file: Send one photo in `file`.', [{ field: 'file', message: 'Choose one photo.' }]);
    const stash = await service.stash(user.id, file);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { stash }), 201);
  })
  .post('/social/users/:userId/media', valid('param', UserParams), valid('json', MediaBody), async (c) => {
    const consumerNo = signedInShopper(c, 'share photos');
    const service = socialPhotosFor(c.env);
    const user = await service.userOf(consumerNo);
    if (user?.id !== c.req.valid('param').userId) throw new HttpError('API403', 'You can only share photos as yourself.');
    const locale = apiLocale(c, {});
    const media = await service.share(user.id, c.req.valid('json'), { siteId: locale.site.id, locale: locale.code });
    await accountAudit(c, consumerNo, 'social.share', { mediaId: media.id, streams: media.streams }).run();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { media }), 201);
  });
