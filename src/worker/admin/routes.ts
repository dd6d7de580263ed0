// Admin API under /admin, for marketers and operators: content documents, publishing, cache purge,
// preview tokens, sign-ups by source, and (operators only) the audit trail, the outbox, moderation and
// named admin tokens.
// Every change is audited under the name of the credential that made it.

import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type Lang, SITES, type SiteId } from '../../shared/locale/sites.ts';
import {
  AcquisitionQuery,
  DocumentRefSchema,
  PreviewGrantBody,
  PreviewTokenParams,
  PriceChangeBody,
  PriceParams,
  PromotionCreateBody,
  PromotionListQuery,
  PromotionParams,
  PublishBody,
  PurgeBody,
  SaveDocumentBody,
  StoreDeviceBody,
  StoreDeviceIdParams,
  StoreDeviceParams,
  TokenCreateBody,
  TokenIdParams,
} from '../../shared/schema/admin.ts';
import { BasketParams } from '../../shared/schema/cart.ts';
import { BrandAnswerBody, ModerationBody, ModerationQuestionParams, ModerationReviewParams } from '../../shared/schema/reviews.ts';
import { MediaParams } from '../../shared/schema/social.ts';
import { cartStub } from '../commerce/cart/service.ts';
import { acquisitionReport } from '../commerce/identity/acquisitions.ts';
import { runFulfilment } from '../commerce/orders/run-fulfilment.ts';
import { BRAND_ANSWERER } from '../commerce/reviews/answerer.ts';
import { answerQuestion, moderateQuestion, moderateReview, moderationQueue } from '../commerce/reviews/moderation.ts';
import { moderateMedia, socialQueue } from '../commerce/social/moderation.ts';
import { createDevice, listDevices, revokeDevice } from '../commerce/stores/devices.ts';
import { listCases } from '../commerce/support/cases.ts';
import { documentKeys, purge } from '../content/purge.ts';
import type { AppEnv } from '../env.ts';
import { auditStatement, recentAudit } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import { photoResponse } from '../lib/photo-store.ts';
import { envelope } from '../lib/respond.ts';
import { valid } from '../lib/validate.ts';
import { catalogTags, contentPageTag, purgePages } from '../page-cache/request.ts';
import { adminAuth, requireRole } from './auth.ts';
import { deadLetterRoutes } from './dead-letters.ts';
import { checkDocumentBody, deleteDraft, documentId, documentWithVersions, publishDraft, saveDraft } from './documents.ts';
import { flashSaleRoutes } from './flash-sales.ts';
import { grantPreview, revokePreview } from './preview.ts';
import { changePrice } from './prices.ts';
import { createPromotion, listPromotions, retirePromotion } from './promotions.ts';
import { createToken, listTokens, revokeToken } from './tokens.ts';

/** The audit's actor: the credential's holder, never a header anyone could set. */
const actorOf = (c: Context<AppEnv>) => ({ name: c.get('admin').name, correlationId: c.get('correlationId') });

export const adminRoutes = new Hono<AppEnv>()
  .use(adminAuth())
  .use(async function noStore(c, next) {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/content', valid('query', DocumentRefSchema), async (c) => {
    const ref = c.req.valid('query');
    const document = await documentWithVersions(c.env.DB, documentId(ref));
    if (!document) throw new HttpError('API404', `No document ${documentId(ref)}.`);
    return c.json(envelope(c, { document }));
  })
  .put('/content', valid('json', SaveDocumentBody), async (c) => {
    const { body, ...ref } = c.req.valid('json');
    checkDocumentBody(ref.kind, body);
    const saved = await saveDraft(c.env.DB, ref, body, actorOf(c));
    return c.json(envelope(c, saved), saved.created ? 201 : 200);
  })
  .delete('/content/draft', valid('query', DocumentRefSchema), async (c) => {
    return c.json(envelope(c, await deleteDraft(c.env.DB, c.req.valid('query'), actorOf(c))));
  })
  .post('/content/publish', valid('json', PublishBody), async (c) => {
    const { publishFrom, publishUntil, ...ref } = c.req.valid('json');
    const published = await publishDraft(c.env.DB, c.env.CONTENT, ref, { publishFrom, publishUntil }, actorOf(c));
    // Pages showing the document go with its cached copies, including those whose copy had already left KV.
    const keys = published.scheduled ? [] : [...published.purged, ...documentKeys({ by: 'key', mode: 'publish', ...ref })];
    const pages = await purgePages(c.env, [...new Set(keys)].map(contentPageTag));
    return c.json(envelope(c, { ...published, pages }));
  })
  .post('/cache/purge', valid('json', PurgeBody), async (c) => {
    const body = c.req.valid('json');
    const scope =
      'tag' in body
        ? ({ by: 'tag', tag: body.tag, siteId: body.siteId } as const)
        : 'all' in body
          ? ({ by: 'all', siteId: body.siteId, mode: body.mode } as const)
          : ({ by: 'key', siteId: body.siteId, mode: body.mode, kind: body.kind, key: body.key, locale: body.locale } as const);
    const purged = await purge(c.env.CONTENT, scope);
    const keys = scope.by === 'key' ? [...purged, ...documentKeys(scope)] : purged;
    const pages = await purgePages(c.env, [...new Set(keys)].map(contentPageTag));
    await auditStatement(c.env.DB, {
      actor: actorOf(c).name,
      action: 'cache.purge',
      subject: JSON.stringify(scope),
      details: { purged },
      correlationId: c.get('correlationId'),
    }).run();
    return c.json(
      envelope(c, {
        scope,
        purged,
        pages,
        note: 'A KV delete is visible at once in this location and everywhere within about 60 seconds; pages showing the content are purged by tag, in batches.',
      }),
    );
  })
  .get('/promotions', valid('query', PromotionListQuery), async (c) =>
    c.json(envelope(c, { promotions: await listPromotions(c.env.DB, c.req.valid('query').siteId) })),
  )
  // Sign-ups by where they came from: counts a marketer plans campaigns with, naming no shopper.
  .get('/acquisitions', valid('query', AcquisitionQuery), async (c) => c.json(envelope(c, await acquisitionReport(c.env.DB, c.req.valid('query')))))
  .post('/promotions', valid('json', PromotionCreateBody), async (c) => {
    const { name, correlationId } = actorOf(c);
    return c.json(envelope(c, { promotion: await createPromotion(c.env.DB, c.req.valid('json'), { name, correlationId }) }), 201);
  })
  .put('/prices/:productId', valid('param', PriceParams), valid('json', PriceChangeBody), async (c) => {
    const { name, correlationId } = actorOf(c);
    return c.json(envelope(c, { price: await changePrice(c.env, c.req.valid('param').productId, c.req.valid('json'), { name, correlationId }) }));
  })
  .route('/flash-sales', flashSaleRoutes)
  .post('/promotions/:id/retire', valid('param', PromotionParams), async (c) => {
    const { name, correlationId } = actorOf(c);
    return c.json(envelope(c, { promotion: await retirePromotion(c.env.DB, c.req.valid('param').id, { name, correlationId }) }));
  })
  .post('/preview', valid('json', PreviewGrantBody), async (c) => {
    return c.json(envelope(c, await grantPreview(c, c.req.valid('json'), actorOf(c))), 201);
  })
  .delete('/preview/:tokenId', valid('param', PreviewTokenParams), async (c) => {
    return c.json(envelope(c, await revokePreview(c.env.DB, c.req.valid('param').tokenId, actorOf(c))));
  })
  // The audit names people and orders, and the outbox holds password-reset links: operators' work only.
  .get(
    '/audit',
    requireRole('operator'),
    valid(
      'query',
      v.object({
        subject: v.optional(v.pipe(v.string(), v.maxLength(500))),
        limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit is a whole number.'), v.transform(Number), v.minValue(1), v.maxValue(500))),
      }),
    ),
    async (c) => {
      const { subject, limit } = c.req.valid('query');
      return c.json(envelope(c, { entries: await recentAudit(c.env.DB, subject, limit ?? 50) }));
    },
  )
  .get(
    '/outbox',
    requireRole('operator'),
    valid(
      'query',
      v.object({
        to: v.optional(v.pipe(v.string(), v.maxLength(200))),
        limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit is a whole number.'), v.transform(Number), v.minValue(1), v.maxValue(200))),
      }),
    ),
    async (c) => {
      // The local Mailer's outbox: every email the store sent, so links in them can be followed by hand and by tests.
      const { to, limit } = c.req.valid('query');
      const { results } = await c.env.DB.prepare(
        'SELECT id, kind, recipient, subject, text, created_at FROM outbox WHERE (?1 IS NULL OR recipient = ?1 COLLATE NOCASE) ORDER BY id DESC LIMIT ?2',
      )
        .bind(to ?? null, limit ?? 20)
        .all();
      return c.json(envelope(c, { emails: results }));
    },
  )
  .route('/dead-letters', deadLetterRoutes)
  // Runs the fulfilment sandbox now (as its Cron Trigger does every five minutes); `at` pretends a later time,
  // `order` moves that one order on (with its returns and refunds) and leaves the others where they are.
  .post(
    '/fulfilment/run',
    requireRole('operator'),
    valid(
      'query',
      v.object({
        at: v.optional(v.pipe(v.string(), v.isoTimestamp('at is an ISO timestamp.'))),
        order: v.optional(v.pipe(v.string(), v.regex(/^CR\d{9}$/, 'order is an order number (CR and nine digits).'))),
      }),
    ),
    async (c) => {
      const { at, order } = c.req.valid('query');
      const moved = await runFulfilment(c.env, at ? new Date(at) : new Date(), order);
      // A run that moved orders is an operator's act on them, and audited; one that found nothing due changed nothing.
      if (Object.keys(moved).length > 0) {
        await auditStatement(c.env.DB, {
          actor: c.get('admin').name,
          action: 'fulfilment.run',
          subject: 'orders',
          details: { at: at ?? null, order: order ?? null, moved },
          correlationId: c.get('correlationId'),
        }).run();
      }
      return c.json(envelope(c, { moved }));
    },
  )
  // Reviews and questions (the store services issue, §1): the queue, the decisions, and Cairn's answers.
  .get('/reviews/queue', requireRole('operator'), async (c) => c.json(envelope(c, { items: await moderationQueue(c.env.DB) })))
  // A review's or a warranty claim's photos, whatever their state.
  .get('/media/:kind/:id/:file', requireRole('operator'), async (c) => {
    const { kind, id, file } = c.req.param();
    const valid = (kind === 'reviews' && /^R[A-Za-z0-9-]{6,40}$/.test(id)) || (kind === 'warranty' && /^CS-\d{8}-[A-Z0-9]{5}$/.test(id));
    if (!valid || !/^[1-3]\.(jpg|png|webp)$/.test(file)) throw new HttpError('API404', 'No such photo.');
    const response = await photoResponse(c.env.MEDIA, `${kind}/${id}/${file}`, 'private, no-store');
    if (!response) throw new HttpError('API404', 'No such photo.');
    return response;
  })
  // Customer service cases (the store services issue, §3): contact messages and warranty claims.
  .get(
    '/cases',
    requireRole('operator'),
    valid(
      'query',
      v.object({
        kind: v.optional(v.picklist(['contact', 'warranty'])),
        status: v.optional(v.picklist(['open', 'answered', 'closed'])),
        limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit is a whole number.'), v.transform(Number), v.minValue(1), v.maxValue(500))),
      }),
    ),
    async (c) => {
      const { kind, status, limit } = c.req.valid('query');
      return c.json(envelope(c, { cases: await listCases(c.env.DB, { kind, status, limit: limit ?? 100 }) }));
    },
  )
  .post('/reviews/:reviewId/moderate', requireRole('operator'), valid('param', ModerationReviewParams), valid('json', ModerationBody), async (c) => {
    const { decision, reason } = c.req.valid('json');
    const review = await moderateReview(c.env.DB, c.req.valid('param').reviewId, decision, reason, actorOf(c));
    // The product page shows the first reviews and the rating: its cached copies go.
    await purgePages(c.env, [catalogTags.product(review.productId)]);
    return c.json(envelope(c, { review }));
  })
  .post('/questions/:questionId/moderate', requireRole('operator'), valid('param', ModerationQuestionParams), valid('json', ModerationBody), async (c) => {
    const { decision, reason } = c.req.valid('json');
    const question = await moderateQuestion(c.env.DB, c.req.valid('param').questionId, decision, reason, actorOf(c));
    await purgePages(c.env, [catalogTags.product(question.productId)]);
    return c.json(envelope(c, { question }));
  })
  .post('/questions/:questionId/answers', requireRole('operator'), valid('param', ModerationQuestionParams), valid('json', BrandAnswerBody), async (c) => {
    const { questionId } = c.req.valid('param');
    const lang = await c.env.DB.prepare('SELECT lang FROM questions WHERE question_id = ?1').bind(questionId).first<{ lang: Lang }>();
    const answer = await answerQuestion(c.env.DB, questionId, c.req.valid('json').text, BRAND_ANSWERER[lang?.lang ?? 'en'], actorOf(c));
    // The product page shows its first questions with their answers.
    await purgePages(c.env, [catalogTags.product(answer.productId)]);
    return c.json(envelope(c, { answer }), 201);
  })
  // Shared photos (the store services issue, §5): the queue, the decisions, and each photo whatever its state.
  .get('/social/queue', requireRole('operator'), async (c) => c.json(envelope(c, { items: await socialQueue(c.env.DB) })))
  .post('/social/media/:mediaId/moderate', requireRole('operator'), valid('param', MediaParams), valid('json', ModerationBody), async (c) => {
    const { decision, reason } = c.req.valid('json');
    return c.json(envelope(c, { media: await moderateMedia(c.env.DB, c.req.valid('param').mediaId, decision, reason, actorOf(c)) }));
  })
  .get('/social/media/:mediaId/photo', requireRole('operator'), valid('param', MediaParams), async (c) => {
    const row = await c.env.DB.prepare('SELECT object_key FROM social_media WHERE media_id = ?1')
      .bind(c.req.valid('param').mediaId)
      .first<{ object_key: string }>();
    const response = row ? await photoResponse(c.env.MEDIA, row.object_key, 'private, no-store') : null;
    if (!response) throw new HttpError('API404', 'No such photo.');
    return response;
  })
  // Store devices (the security issue, §4): an associate connects only on one registered to their store.
  .post('/stores/:storeId/devices', requireRole('operator'), valid('param', StoreDeviceParams), valid('json', StoreDeviceBody), async (c) => {
    const made = await createDevice(c.env.DB, c.req.valid('param').storeId, c.req.valid('json').label, {
      credential: c.get('admin'),
      correlationId: c.get('correlationId'),
    });
    const { siteId, ...answer } = made;
    const locale = Object.hasOwn(SITES, siteId) ? SITES[siteId as SiteId].locales[0] : 'en-us';
    return c.json(
      envelope(c, {
        ...answer,
        path: `/${locale}/associate-login?deviceCode=${made.enrolmentCode}`,
        note: 'Open the path on the device, or type the code there, within a day. The code is shown only now.',
      }),
      201,
    );
  })
  .get('/stores/:storeId/devices', requireRole('operator'), valid('param', StoreDeviceParams), async (c) =>
    c.json(envelope(c, { devices: await listDevices(c.env.DB, c.req.valid('param').storeId) })),
  )
  .delete('/stores/devices/:deviceId', requireRole('operator'), valid('param', StoreDeviceIdParams), async (c) =>
    c.json(envelope(c, await revokeDevice(c.env.DB, c.req.valid('param').deviceId, { credential: c.get('admin'), correlationId: c.get('correlationId') }))),
  )
  // Customer service clears a basket that is stuck or abused: the shopper's next call finds it gone (BSK404)
  // and the browser rebuilds it from the items it had (commerce-core §4 CART_NOT_FOUND).
  .delete('/baskets/:basketId', requireRole('operator'), valid('param', BasketParams), async (c) => {
    const { basketId } = c.req.valid('param');
    const discarded = await cartStub(c.env, basketId).discard();
    if (!discarded) throw new HttpError('BSK404');
    await auditStatement(c.env.DB, {
      actor: c.get('admin').name,
      action: 'basket.discard',
      subject: `basket:${basketId}`,
      details: {},
      correlationId: c.get('correlationId'),
    }).run();
    return c.json(envelope(c, { basketId, discarded }));
  })
  .get('/tokens', requireRole('operator'), async (c) => c.json(envelope(c, { tokens: await listTokens(c.env.DB) })))
  .post('/tokens', requireRole('operator'), valid('json', TokenCreateBody), async (c) => {
    const made = await createToken(c.env.DB, c.req.valid('json'), { credential: c.get('admin'), correlationId: c.get('correlationId') });
    return c.json(envelope(c, { ...made, note: 'The token is shown only now: hand it to its holder, it cannot be read again.' }), 201);
  })
  .delete('/tokens/:id', requireRole('operator'), valid('param', TokenIdParams), async (c) => {
    return c.json(envelope(c, await revokeToken(c.env.DB, c.req.valid('param').id, { credential: c.get('admin'), correlationId: c.get('correlationId') })));
  });
