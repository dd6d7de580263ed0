// The decision call's context events (account-content §7): Monetate's page view, the page-event list and the
// recommendations shown (rec-impressions). Each known type is checked for its own fields (API400 at the
// field); other types are the engine's to ignore. They become business events with the decisions made.

import type { Locale } from '../../shared/locale/sites.ts';
import type { VariantChoice } from '../../shared/personalisation/personalisation.ts';
import { HttpError } from '../lib/http-error.ts';
import type { BusinessEvent } from '../observe/business-events.ts';

export const PAGE_VIEW = 'monetate:context:PageView';
export const PAGE_EVENTS = 'monetate:record:PageEvents';
export const REC_IMPRESSIONS = 'monetate:record:RecImpressions';

export interface ContextEvents {
  pageType: string | null;
  pageEvents: string[];
  recImpressions: { widget: string; productId: string }[];
}

const NAME = /^[\w :.-]{1,64}$/;
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** A page shows a few rails of a dozen cards: more than this in one call is not a page's. */
const MAX_LIST = 50;

function list(event: Record<string, unknown>, field: string, index: number, pattern: RegExp): string[] {
  const value = event[field];
  const ok = Array.isArray(value) && value.length > 0 && value.length <= MAX_LIST && value.every((item) => typeof item === 'string' && pattern.test(item));
  if (!ok) throw new HttpError('API400', undefined, [{ field: `events.${index}.${field}`, message: `${field} is a list of 1 to ${MAX_LIST} names.` }]);
  return value as string[];
}

function name(event: Record<string, unknown>, field: string, index: number, fallback: string | null): string | null {
  const value = event[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !NAME.test(value))
    throw new HttpError('API400', undefined, [{ field: `events.${index}.${field}`, message: `${field} is a short name.` }]);
  return value;
}

export function readContextEvents(events: readonly Record<string, unknown>[]): ContextEvents {
  const context: ContextEvents = { pageType: null, pageEvents: [], recImpressions: [] };
  events.forEach((event, index) => {
    if (event.eventType === PAGE_VIEW) context.pageType = name(event, 'pageType', index, 'unknown');
    if (event.eventType === PAGE_EVENTS) context.pageEvents.push(...list(event, 'pageEvents', index, NAME));
    if (event.eventType === REC_IMPRESSIONS) {
      const widget = name(event, 'widget', index, 'recommendations') ?? 'recommendations';
      for (const productId of list(event, 'recImpressions', index, PRODUCT_ID)) context.recImpressions.push({ widget, productId });
    }
  });
  return context;
}

/** What the call counts: the page viewed, its events, each recommendation shown, and each decision made. */
export function businessEvents(context: ContextEvents, decisions: readonly VariantChoice[], page: string | null, locale: Locale): BusinessEvent[] {
  const where = { siteId: locale.site.id, locale: locale.code };
  const pageType = context.pageType ?? 'unknown';
  return [
    ...(context.pageType ? [{ ...where, name: 'page_view' as const, details: [pageType] }] : []),
    ...context.pageEvents.map((event) => ({ ...where, name: 'page_event' as const, details: [event, pageType] })),
    ...context.recImpressions.map(({ widget, productId }) => ({ ...where, name: 'rec_impression' as const, details: [widget, productId, pageType] })),
    ...decisions.map((choice) => ({
      ...where,
      name: 'decision' as const,
      details: [choice.experienceId, choice.variantId ?? 'baseline', choice.source, page ?? ''],
    })),
  ];
}
