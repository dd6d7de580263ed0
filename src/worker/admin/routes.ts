// Admin API under /admin, for marketers and operators: content documents, publishing, cache purge and
// the audit trail. Bearer ADMIN_TOKEN; every change is audited.

import { Hono } from 'hono';
import * as v from 'valibot';
import { DocumentRefSchema, PreviewGrantBody, PublishBody, PurgeBody, SaveDocumentBody } from '../../shared/schema/admin.ts';
import { purge } from '../content/purge.ts';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';
import { envelope } from '../lib/respond.ts';
import { valid } from '../lib/validate.ts';
import { auditStatement, recentAudit } from './audit.ts';
import { adminAuth } from './auth.ts';
import { checkDocumentBody, documentId, documentWithVersions, publishDraft, saveDraft } from './documents.ts';
import { grantPreview } from './preview.ts';

const actorOf = (name: string | undefined, correlationId: string) => ({ name: name?.slice(0, 100) || 'admin', correlationId });

export const adminRoutes = new Hono<AppEnv>()
  .use(adminAuth())
  .get('/content', valid('query', DocumentRefSchema), async (c) => {
    const ref = c.req.valid('query');
    const document = await documentWithVersions(c.env.DB, documentId(ref));
    if (!document) throw new HttpError('API404', `No document ${documentId(ref)}.`);
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { document }));
  })
  .put('/content', valid('json', SaveDocumentBody), async (c) => {
    const { body, ...ref } = c.req.valid('json');
    checkDocumentBody(ref.kind, body);
    const saved = await saveDraft(c.env.DB, ref, body, actorOf(c.req.header('x-actor'), c.get('correlationId')));
    return c.json(envelope(c, saved), saved.created ? 201 : 200);
  })
  .post('/content/publish', valid('json', PublishBody), async (c) => {
    const { publishFrom, publishUntil, ...ref } = c.req.valid('json');
    const published = await publishDraft(c.env.DB, c.env.CONTENT, ref, { publishFrom, publishUntil }, actorOf(c.req.header('x-actor'), c.get('correlationId')));
    return c.json(envelope(c, published));
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
    await auditStatement(c.env.DB, {
      actor: actorOf(c.req.header('x-actor'), '').name,
      action: 'cache.purge',
      subject: JSON.stringify(scope),
      details: { purged },
      correlationId: c.get('correlationId'),
    }).run();
    return c.json(envelope(c, { scope, purged, note: 'A KV delete is visible at once in this location and everywhere within about 60 seconds.' }));
  })
  .post('/preview', valid('json', PreviewGrantBody), async (c) => {
    const granted = await grantPreview(c, c.req.valid('json'), actorOf(c.req.header('x-actor'), c.get('correlationId')));
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, granted), 201);
  })
  .get(
    '/audit',
    valid(
      'query',
      v.object({
        subject: v.optional(v.string()),
        limit: v.optional(v.pipe(v.string(), v.transform(Number), v.number(), v.integer(), v.minValue(1), v.maxValue(500))),
      }),
    ),
    async (c) => {
      const { subject, limit } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(envelope(c, { entries: await recentAudit(c.env.DB, subject, limit ?? 50) }));
    },
  );
