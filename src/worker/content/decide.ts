// The decision endpoint (account-content §7): `POST /api/engine/v1/decide/{brand}` answers, for the
// experiences of a content page, which variant this visitor sees, with the same logic as the server
// render. Without targeting consent every answer is the baseline and no decision is made.

import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Block, PageDocument } from '../../shared/content/blocks.ts';
import { CONSENT_COOKIE, consentFor, parseConsentCookie } from '../../shared/personalisation/consent.ts';
import { personalize, type VariantChoice } from '../../shared/personalisation/personalisation.ts';
import { LocaleCodeSchema } from '../../shared/schema/catalog.ts';
import { ContentKeySchema } from '../../shared/schema/content-key.ts';
import type { AppEnv } from '../env.ts';
import { apiLocale } from '../lib/api-locale.ts';
import { contentDeps } from '../lib/http-deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { envelope } from '../lib/respond.ts';
import { valid } from '../lib/validate.ts';
import { previewGrant } from '../middleware/preview.ts';
import { grantedPreview, LIVE, previewAsked } from './preview.ts';
import { contentServiceFor, visitorContext } from './request.ts';

const DecideBody = v.object({
  customerId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  channel: v.optional(v.picklist(['web', 'mobile-app']), 'web'),
  monetateId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  page: v.optional(ContentKeySchema, 'home'),
  locale: v.optional(LocaleCodeSchema),
  events: v.optional(v.pipe(v.array(v.looseObject({})), v.maxLength(50, 'Send at most 50 events.')), []),
});

export function impressionReporting(choice: VariantChoice) {
  return {
    experience_id: choice.experienceId,
    experience_name: choice.experienceName,
    experience_label: choice.variantId === null ? 'baseline' : 'test',
    variant_label: choice.label,
  };
}

/**
 * The decision API's own codes (commerce-core §8 ATTR): the organisation (the brand in the path) must be this
 * store's (ATTR200), the call must carry its payload of context events (ATTR300), and each must say its type
 * (ATTR100). Checked after the body's shape, so a body that is no object stays an API400.
 */
function checkDecideRequest(brand: string | undefined, ownBrand: string, events: readonly Record<string, unknown>[]): void {
  if (brand?.toUpperCase() !== ownBrand.toUpperCase()) throw new HttpError('ATTR200', `Unknown organisation ${brand}.`);
  if (events.length === 0) throw new HttpError('ATTR300', undefined, [{ field: 'events', message: 'Send the context events, such as a page view.' }]);
  const untyped = events.findIndex((event) => typeof event.eventType !== 'string' || event.eventType === '');
  if (untyped >= 0) throw new HttpError('ATTR100', undefined, [{ field: `events.${untyped}.eventType`, message: 'Every event needs an eventType.' }]);
}

export const decideRoutes = new Hono<AppEnv>().post('/engine/v1/decide/:brand', valid('json', DecideBody), async (c) => {
  const body = c.req.valid('json');
  checkDecideRequest(c.req.param('brand'), c.env.BRAND, body.events);
  const locale = apiLocale(c, { locale: body.locale });
  const ask = previewAsked(new URL(c.req.url), c.req.raw.headers);
  const preview = ask.wanted ? grantedPreview(await previewGrant(c, locale.site.id), locale.site.id, ask) : LIVE;
  // Consent follows the region of the site asked about, not of the visitor's negotiated locale.
  const consent = consentFor(locale.site.region, parseConsentCookie(getCookie(c, CONSENT_COOKIE)), preview.active);
  const service = await contentServiceFor(contentDeps(c), locale, preview);
  const page = await service.augmented<PageDocument>('page', body.page);
  if (page.value === null) throw new HttpError('API404', `No content page ${body.page}.`);
  const impressions: VariantChoice[] = [];
  const blocks: Block[] = page.value.content.sections.flatMap((s) => s.items);
  personalize(
    blocks,
    {
      testContext: c.get('testContext'),
      visitorId: consent.targeting ? (body.monetateId ?? c.get('visitorId') ?? body.customerId ?? null) : null,
      allowed: consent.targeting,
      segments: visitorContext({
        testContext: null,
        visitorId: null,
        targeting: consent.targeting,
        claims: c.get('session')?.claims,
        cookies: c.req.header('cookie'),
      }).segments,
    },
    impressions,
  );
  c.header('Cache-Control', 'private, no-store');
  return c.json(
    envelope(c, {
      consented: consent.targeting,
      decisions: impressions.map((choice) => ({
        actionId: `${choice.experienceId}:${choice.variantId ?? 'baseline'}`,
        component: 'Experience',
        variationKey: choice.variantId ?? 'baseline',
        enabled: consent.targeting,
        reasons: [consent.targeting ? choice.source : 'no-targeting-consent'],
        impressionReporting: impressionReporting(choice),
        items: [],
      })),
    }),
  );
});
