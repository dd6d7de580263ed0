// The decision endpoint (account-content §7): `POST /api/engine/v1/decide/{brand}` answers, for the
// experiences of a content page, which variant this visitor sees, with the same logic as the server
// render. Without targeting consent every answer is the baseline and no decision is made. The context events
// it is sent (a page view, the page's events, the recommendations shown) and the decisions it makes are
// recorded as business events, only with targeting consent (observe/business-events.ts).

import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Block, PageDocument } from '../../shared/content/blocks.ts';
import type { Locale } from '../../shared/locale/sites.ts';
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
import { businessEventsFor, recordEvents } from '../observe/business-events.ts';
import { businessEvents, readContextEvents } from './context-events.ts';
import { grantedPreview, LIVE, type Preview, previewAsked } from './preview.ts';
import { contentServiceFor, visitorContext } from './request.ts';

const DecideBody = v.object({
  customerId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  channel: v.optional(v.picklist(['web', 'mobile-app']), 'web'),
  monetateId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  /** The content page whose experiences to decide; null when the call only reports events (a product page's). */
  page: v.optional(v.nullable(ContentKeySchema), 'home'),
  locale: v.optional(LocaleCodeSchema),
  events: v.optional(v.pipe(v.array(v.looseObject({})), v.maxLength(50, 'Send at most 50 events.')), []),
});

export function impressionReporting(choice: VariantChoice) {
  return {
    experience_id: choice.experienceId,
    experience_name: choice.experienceName,
    experience_label: choice.variantId === null ? 'baseline' : 'test',
    variant_label: choice.label,
    variation_key: choice.variantId ?? 'baseline',
    // The data layer's event for this impression: the marketer's own name for it, else the generic one.
    tracking_event: choice.trackingEvent ?? 'experience_impression',
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
  const context = readContextEvents(body.events);
  const locale = apiLocale(c, { locale: body.locale });
  const ask = previewAsked(new URL(c.req.url), c.req.raw.headers);
  const preview = ask.wanted ? grantedPreview(await previewGrant(c, locale.site.id), locale.site.id, ask) : LIVE;
  // Consent follows the region of the site asked about, not of the visitor's negotiated locale.
  const consent = consentFor(locale.site.region, parseConsentCookie(getCookie(c, CONSENT_COOKIE)), preview.active);
  const impressions =
    body.page === null
      ? []
      : await decideExperiences(c, {
          page: body.page,
          locale,
          preview,
          targeting: consent.targeting,
          monetateId: body.monetateId,
          customerId: body.customerId,
        });
  // A preview is a marketer looking, not a shopper: nothing it shows is counted.
  if (consent.targeting && !preview.active) {
    const events = businessEvents(context, impressions, body.page, locale);
    recordEvents(businessEventsFor(c.env), events, c.get('logger'), (promise) => c.executionCtx.waitUntil(promise));
  }
  c.header('Cache-Control', 'private, no-store');
  return c.json(
    envelope(c, {
      consented: consent.targeting,
      decisions: impressions.map((choice) => ({
        actionId: `${choice.experienceId}:${choice.variantId ?? 'baseline'}`,
        component: 'Experience',
        flagKey: choice.experienceId,
        variationKey: choice.variantId ?? 'baseline',
        ruleKey: RULE_KEYS[choice.source],
        enabled: consent.targeting,
        variables: { label: choice.label, experienceName: choice.experienceName, trackingEvent: choice.trackingEvent ?? null },
        reasons: [consent.targeting ? choice.source : 'no-targeting-consent'],
        impressionReporting: impressionReporting(choice),
        items: [],
      })),
    }),
  );
});

/** The rule that decided a variation: a test context's override, the experience's traffic split, or none (the baseline). */
const RULE_KEYS: Record<VariantChoice['source'], string> = { override: 'test-context', decision: 'traffic-split', baseline: 'baseline' };

interface DecideAsk {
  page: string;
  locale: Locale;
  preview: Preview;
  targeting: boolean;
  monetateId?: string | undefined;
  customerId?: string | undefined;
}

/** The content page's experiences, each decided as the page's render decides it. */
async function decideExperiences(c: Context<AppEnv>, ask: DecideAsk): Promise<VariantChoice[]> {
  const service = await contentServiceFor(contentDeps(c), ask.locale, ask.preview);
  const page = await service.augmented<PageDocument>('page', ask.page);
  if (page.value === null) throw new HttpError('API404', `No content page ${ask.page}.`);
  const impressions: VariantChoice[] = [];
  const blocks: Block[] = page.value.content.sections.flatMap((s) => s.items);
  personalize(
    blocks,
    {
      testContext: c.get('testContext'),
      visitorId: ask.targeting ? (ask.monetateId ?? c.get('visitorId') ?? ask.customerId ?? null) : null,
      allowed: ask.targeting,
      segments: visitorContext({
        testContext: null,
        visitorId: null,
        targeting: ask.targeting,
        claims: c.get('session')?.claims,
        cookies: c.req.header('cookie'),
      }).segments,
    },
    impressions,
  );
  return impressions;
}
