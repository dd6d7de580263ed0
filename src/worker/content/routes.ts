// Content API (account-content §7): `/api/{mode}/caas/v1/...` with the spec's paths, removeNulls and
// the preview headers. Publish reads are always the live content now, whatever preview input comes with
// them; preview reads need a preview token for the site. Every answer says how the cache served it
// (RFC 9211 Cache-Status).

import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { BlocksDocument, ContentKind } from '../../shared/content/blocks.ts';
import { findLocale, type Locale, SITES, type SiteId } from '../../shared/locale/sites.ts';
import { LocaleQuery } from '../../shared/schema/catalog.ts';
import { ContentKeySchema } from '../../shared/schema/content-key.ts';
import type { AppEnv } from '../env.ts';
import { apiLocale } from '../lib/api-locale.ts';
import { contentDeps } from '../lib/http-deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { envelope } from '../lib/respond.ts';
import { parseOrThrow } from '../lib/validate.ts';
import { previewGrant } from '../middleware/preview.ts';
import { cacheStatus } from './cache.ts';
import { children } from './children.ts';
import { SearchQuery, ShowcaseQuery, searchArticles, showcase } from './listings.ts';
import { grantedPreview, LIVE, type Preview, previewAsked } from './preview.ts';
import { contentServiceFor } from './request.ts';
import type { ContentRead } from './service.ts';
import { cacheControl, NO_STORE } from './strategies.ts';

const MODES = ['publish', 'preview'] as const;
const SiteParam = v.pipe(
  v.string(),
  v.transform((s) => s.toUpperCase()),
  v.picklist(Object.keys(SITES) as SiteId[], 'Unknown site id.'),
);
const ContentQuery = v.looseObject({ ...LocaleQuery.entries, removeNulls: v.optional(v.picklist(['true', 'false'], 'removeNulls must be true or false.')) });

/** Drops null fields at every depth, as the removeNulls flag asks. */
export function removeNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(removeNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, removeNulls(v)]])));
  }
  return value;
}

/** The site's locale named by the query or header, else its first locale. */
function localeFor(c: Context<AppEnv>, siteId: SiteId): Locale {
  const asked = apiLocale(c, parseOrThrow(ContentQuery, c.req.query()));
  return asked.site.id === siteId ? asked : (findLocale(SITES[siteId].locales[0]) as Locale);
}

/** Live content for publish reads; for preview reads, the preview the request's token grants on this site. */
async function previewFor(c: Context<AppEnv>, mode: (typeof MODES)[number], siteId: SiteId): Promise<Preview> {
  if (mode === 'publish') return LIVE;
  const grant = await previewGrant(c, siteId);
  if (!grant) {
    c.header('WWW-Authenticate', `Bearer realm="cairn-preview", error="invalid_token"`);
    throw new HttpError(
      'AUT401',
      `Preview content of site ${siteId} needs a preview token for that site, as a bearer token or in the x-preview-token header (POST /admin/preview).`,
    );
  }
  return grantedPreview(grant, siteId, previewAsked(new URL(c.req.url), c.req.raw.headers));
}

async function answer(
  c: Context<AppEnv>,
  mode: (typeof MODES)[number],
  siteId: SiteId,
  read: (service: Awaited<ReturnType<typeof contentServiceFor>>) => Promise<ContentRead<unknown>>,
  /** What the answer carries besides the envelope: the document itself unless a query is computed over it. */
  shape: (document: unknown) => object = (document) => ({ document }),
) {
  const query = parseOrThrow(ContentQuery, c.req.query());
  const locale = localeFor(c, siteId);
  const preview = await previewFor(c, mode, siteId);
  const service = await contentServiceFor(contentDeps(c), locale, preview);
  const result = await read(service);
  c.header('Cache-Status', cacheStatus(result.outcome, result.cacheKey));
  if (result.outcome.status === 'error') throw new HttpError('GEN500', 'The content service is not available.');
  if (result.value === null) throw new HttpError('API404', `No ${mode} content at ${c.req.path}.`);
  c.header('Cache-Control', mode === 'preview' ? NO_STORE : cacheControl(result.strategy));
  const shaped = shape(result.value);
  return c.json(envelope(c, { siteId, locale: locale.code, mode, ...(query.removeNulls === 'true' ? (removeNulls(shaped) as object) : shaped) }));
}

export const contentRoutes = new Hono<AppEnv>();

// The /pre prefix is how a client asks for preview (account-content §7): /pre/{mode}/... reads drafts.
const MOUNTS = [...MODES.map((mode) => ({ base: `/${mode}/caas/v1`, mode })), ...MODES.map((m) => ({ base: `/pre/${m}/caas/v1`, mode: 'preview' as const }))];

for (const { base, mode } of MOUNTS) {
  const site = (c: Context<AppEnv>) => parseOrThrow(SiteParam, c.req.param('siteId'));
  const key = (c: Context<AppEnv>, name: string) => parseOrThrow(ContentKeySchema, c.req.param(name));
  const raw = (kind: ContentKind, keyOf: (c: Context<AppEnv>) => string) => (c: Context<AppEnv>) =>
    answer(c, mode, site(c), (service) => service.read(kind, keyOf(c)));

  contentRoutes.get(
    `${base}/page/:siteId/:page{.+}`,
    raw('page', (c) => key(c, 'page')),
  );
  contentRoutes.get(`${base}/canvas/augmentedpage/:siteId/:page{.+}`, (c) => answer(c, mode, site(c), (service) => service.augmented('page', key(c, 'page'))));
  contentRoutes.get(`${base}/espot/:siteId/:slot`, (c) => answer(c, mode, site(c), (service) => service.augmented('espot', key(c, 'slot'))));
  contentRoutes.get(
    `${base}/category/:siteId/:categoryId`,
    raw('category', (c) => key(c, 'categoryId')),
  );
  contentRoutes.get(
    `${base}/product/:siteId/:productId`,
    // Product ids are upper case in the catalog and lower case as content keys: either form is the product.
    raw('product', (c) => parseOrThrow(ContentKeySchema, c.req.param('productId')?.toLowerCase())),
  );
  // A list computed from the document (listings.ts) with the query's paging and filters.
  const listing =
    <Q>(kind: 'search' | 'showcase', param: string, schema: v.GenericSchema<unknown, Q>, list: (document: BlocksDocument, query: Q) => object) =>
    (c: Context<AppEnv>) => {
      const query = parseOrThrow(schema, c.req.query());
      return answer(
        c,
        mode,
        site(c),
        (service) => service.read(kind, key(c, param)),
        (document) => list(document as BlocksDocument, query),
      );
    };
  contentRoutes.get(`${base}/search/:siteId/:searchType`, listing('search', 'searchType', SearchQuery, searchArticles));
  contentRoutes.get(`${base}/showcase/:siteId/:docType`, listing('showcase', 'docType', ShowcaseQuery, showcase));
  contentRoutes.get(`${base}/footer/:siteId`, (c) => answer(c, mode, site(c), (service) => service.augmented('footer', '')));
  contentRoutes.get(
    `${base}/menu/:siteId`,
    raw('menu', () => ''),
  );
  contentRoutes.get(
    `${base}/popups/:siteId`,
    raw('popups', () => ''),
  );
  contentRoutes.get(`${base}/fragment/:fragmentId`, (c) => {
    const siteId = parseOrThrow(v.optional(SiteParam, 'US'), c.req.query('siteId') ?? c.req.header('x-site-id'));
    return answer(c, mode, siteId, (service) => service.read('fragment', key(c, 'fragmentId')));
  });
  contentRoutes.get(`${base}/children/:siteId/:parent{.+}`, async (c) => {
    const siteId = site(c);
    const locale = localeFor(c, siteId);
    const preview = await previewFor(c, mode, siteId);
    c.header('Cache-Control', mode === 'preview' ? NO_STORE : 'public, max-age=60');
    return c.json(envelope(c, { siteId, locale: locale.code, mode, children: await children(c.env.DB, locale, preview, key(c, 'parent')) }));
  });
}
