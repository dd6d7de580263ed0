// Every seeded content document for every locale, with the fragment and product tags the cache purges by.

import { LOCALES } from '../../../src/shared/locale/sites.ts';
import type { SeedData } from '../tables.ts';
import { catalogLookup } from './catalog-lookup.ts';
import { type ContentContext, contentContext } from './context.ts';
import { espot, SEEDED_ESPOTS } from './espots.ts';
import { footer } from './footer.ts';
import { benefitBar, popups, promoBar } from './fragments.ts';
import { HELP_PATH, helpPage } from './help.ts';
import { homePage } from './home.ts';
import { LEGAL_PATHS, legalPage } from './legal.ts';
import { articleSearch, categoryStories, productStories, storiesShowcase } from './listings.ts';
import { megaMenu } from './menu.ts';
import { EVENT_PATH, eventPage, REWARDS_PATH, rewardsPage, storiesPage } from './pages.ts';

export type SeededKind = 'page' | 'espot' | 'footer' | 'menu' | 'popups' | 'fragment' | 'search' | 'showcase' | 'category' | 'product';

export interface ContentSeed {
  siteId: string;
  locale: string;
  kind: SeededKind;
  /** Page slug, espot slot name or fragment id; '' for footer, menu and popups. */
  key: string;
  /** PageDocument | BlocksDocument | MenuDocument | PopupDocument, by kind. */
  body: unknown;
  /** "fragment:<id>" and "product:<id>" for everything the body embeds. */
  tags: string[];
}

/** A later version of a seeded document: the preview draft or a scheduled publication. */
export interface ContentRevision extends ContentSeed {
  version: number;
  status: 'draft' | 'published';
  publishFrom: string | null;
}

/** Walks a body for FragmentRef ids and product ids (recommendations and product images alike). */
export function contentTags(body: unknown): string[] {
  const fragments = new Set<string>();
  const products = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record.type === 'FragmentRef' && typeof record.fragmentId === 'string') fragments.add(record.fragmentId);
    if (typeof record.productId === 'string') products.add(record.productId);
    if (Array.isArray(record.productIds)) for (const id of record.productIds) if (typeof id === 'string') products.add(id);
    for (const child of Object.values(record)) visit(child);
  };
  visit(body);
  return [...[...fragments].sort().map((id) => `fragment:${id}`), ...[...products].sort().map((id) => `product:${id}`)];
}

function seed(ctx: ContentContext, kind: SeededKind, key: string, body: unknown): ContentSeed {
  return { siteId: ctx.locale.site.id, locale: ctx.locale.code, kind, key, body, tags: contentTags(body) };
}

function localeDocuments(ctx: ContentContext): ContentSeed[] {
  return [
    seed(ctx, 'page', 'home', homePage(ctx)),
    seed(ctx, 'page', 'stories', storiesPage(ctx)),
    seed(ctx, 'page', EVENT_PATH, eventPage(ctx)),
    seed(ctx, 'page', REWARDS_PATH, rewardsPage(ctx)),
    ...LEGAL_PATHS.map((path) => seed(ctx, 'page', path, legalPage(ctx, path))),
    seed(ctx, 'page', HELP_PATH, helpPage(ctx)),
    seed(ctx, 'fragment', 'promo-bar', promoBar(ctx)),
    seed(ctx, 'fragment', 'benefit-bar', benefitBar(ctx)),
    ...SEEDED_ESPOTS.map((slot) => seed(ctx, 'espot', slot, espot(ctx, slot))),
    // The West End flagship is a British store: its slot exists where its page does.
    ...(ctx.copy.espots.westend ? [seed(ctx, 'espot', 'westend', espot(ctx, 'westend'))] : []),
    seed(ctx, 'menu', '', megaMenu(ctx)),
    seed(ctx, 'footer', '', footer(ctx)),
    seed(ctx, 'popups', '', popups(ctx)),
    seed(ctx, 'search', 'article', articleSearch(ctx)),
    seed(ctx, 'showcase', 'stories', storiesShowcase(ctx)),
    ...categoryStories(ctx).map(({ key, body }) => seed(ctx, 'category', key, body)),
    ...productStories(ctx).map(({ key, body }) => seed(ctx, 'product', key, body)),
  ];
}

function contexts(catalog: SeedData): ContentContext[] {
  const lookup = catalogLookup(catalog);
  return LOCALES.map((locale) => contentContext(locale, lookup));
}

export function buildContentDocuments(catalog: SeedData): ContentSeed[] {
  return contexts(catalog).flatMap(localeDocuments);
}

export const PREVIEW_HERO_TITLE = 'Preview: the winter edit';
export const NEW_YEAR_FROM = '2027-01-01T00:00:00.000Z';

/** US only: a home draft so preview mode differs from live, and a promo bar scheduled for the new year. */
export function buildContentRevisions(catalog: SeedData): ContentRevision[] {
  const us = contexts(catalog).find((ctx) => ctx.locale.code === 'en-us');
  if (!us) throw new Error('No en-us locale');
  return [
    { ...seed(us, 'page', 'home', homePage(us, PREVIEW_HERO_TITLE)), version: 2, status: 'draft', publishFrom: null },
    { ...seed(us, 'fragment', 'promo-bar', promoBar(us, true)), version: 2, status: 'published', publishFrom: NEW_YEAR_FROM },
  ];
}
