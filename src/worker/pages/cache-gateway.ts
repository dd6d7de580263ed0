// The page cache's gateway (ARCHITECTURE.md, The edge page cache; README, The page cache). In front of the
// page routes, after the middleware that reads the request (locale, preview, consent, session): it decides
// whether this request may be answered from the cache, builds the key from the inputs a page varies on, and
// answers a stored copy with this response's own nonce. On a miss the route renders as it would uncached and,
// when it declares its page cacheable (c.get('pageCache').cacheAs(tags)), the copy is
// stored after the answer has gone out. A stored copy never holds a cookie, a session or a shopper's data:
// the routes that opt in render nothing of the shopper (islands bring that), which page-cache.test.ts proves.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { LOCALES } from '../../shared/locale/sites.ts';
import { decisionOutcomes, NO_DECISIONS, type PageDecisions } from '../../shared/personalisation/decisions.ts';
import { ASSET_BUILD } from '../assets.ts';
import { countSearchAfterAnswer } from '../commerce/catalog/search-terms.ts';
import { STORE_DEVICE_COOKIE } from '../commerce/stores/device-cookie.ts';
import type { AppEnv } from '../env.ts';
import { isolateMap } from '../lib/isolate-memory.ts';
import { VISITOR_COOKIE, visitorCookieOptions } from '../middleware/consent.ts';
import { baseKey, cacheUrl, normalisedUrl, pageKey } from '../page-cache/key.ts';
import { filledBody, nonceSlots } from '../page-cache/nonce.ts';
import { indexForPurges } from '../page-cache/purge-index.ts';
import { PageCacheRequest } from '../page-cache/request.ts';
import { type PageCacheOutcome, withPageCacheStatus } from '../page-cache/status.ts';
import { type CachedPage, keptUnderAddress, type Personalised, readEntry, readPage, writePage } from '../page-cache/store.ts';
import { pageVisitor } from './cms/page-content.ts';
import { locationSuggestion } from './layout/location-prompt.tsx';

const LOCALE_CODES = LOCALES.map((l) => l.code).join('|');
const LOCALE_PAGE = new RegExp(`^/(${LOCALE_CODES})(/|$)`);
/** Pages about the shopper, their basket, their orders or a form they post: never shared. */
const PRIVATE_PAGE = new RegExp(
  `^/(${LOCALE_CODES})/(account|cart|checkout|order-confirmation|favorites|forgot-password|associate-login|newsletter|unsubscribe|loyalty|location|event-registration|help/(contact-us|track-order|returns)|p/[^/]+/.+)(/|$)`,
);

/** Why this request is not for the cache, or null when it may be. */
function bypassReason(c: Context<AppEnv>): string | null {
  if (c.env.PAGE_CACHE === 'off') return 'off';
  if (PRIVATE_PAGE.test(c.req.path)) return 'private';
  if (c.get('preview').active || /[?&](preview|previewDateTime)=/.test(c.req.url)) return 'preview';
  if (c.get('testContext')) return 'test-context';
  if (c.get('session')?.claims.buyInStore || getCookie(c, STORE_DEVICE_COOKIE)) return 'associate';
  return null;
}

function storedHtml(c: Context<AppEnv>, found: CachedPage, decisions: PageDecisions, outcome: PageCacheOutcome): Response {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache', Age: String(Math.max(0, -found.ttl)) });
  // What the stored page decides, as a rendering would have recorded it: the page views count its arms (middleware/page-views.ts).
  c.get('decisions').adopt(decisions);
  const cookie = visitorCookie(c, decisions);
  if (cookie) headers.append('Set-Cookie', cookie);
  const response = new Response(filledBody(found.page, c.get('secureHeadersNonce')), { status: 200, headers });
  // A search answered from the cache counts toward the popular searches as a rendered one does; where the
  // page was rendered again behind this answer (stale), the rendering counted it.
  const rendered = outcome.kind === 'stale' && outcome.detail !== 'revalidating';
  const counted = rendered ? null : found.countedSearch;
  if (counted) countSearchAfterAnswer(c.env.DB, c.executionCtx, c.get('logger'), counted.lang, counted.term);
  return withPageCacheStatus(response, outcome);
}

export function pageCache(): MiddlewareHandler<AppEnv> {
  return async function pageCacheMiddleware(c, next) {
    const method = c.req.method;
    if (!LOCALE_PAGE.test(c.req.path)) return next();
    if (method !== 'GET' && method !== 'HEAD') {
      await next();
      c.res = withPageCacheStatus(c.res, { kind: 'method' });
      return;
    }
    const reason = bypassReason(c);
    if (reason) {
      await next();
      c.res = withPageCacheStatus(c.res, { kind: 'bypass', detail: reason });
      return;
    }
    // The page renders for the normalised address: a tracking parameter changes neither the page nor its key.
    const url = normalisedUrl(c.req.url);
    if (url.href !== c.req.url) c.req.raw = new Request(url, c.req.raw);
    const request = new PageCacheRequest();
    c.set('pageCache', request);
    const locale = c.get('locale');
    const base = baseKey(url, {
      build: ASSET_BUILD,
      siteId: locale.site.id,
      locale: locale.code,
      consent: c.get('consent'),
      locationPrompt: locationSuggestion(c)?.country ?? null,
    });
    const now = Date.now();
    const baseUrl = await cacheUrl(url.origin, base);
    const entry = await readEntry(baseUrl, now);
    let decisions: PageDecisions = NO_DECISIONS;
    let foundUrl = baseUrl;
    let found: CachedPage | null = entry?.page ?? null;
    const personalised = entry?.personalised ?? null;
    if (personalised) {
      // A page that personalises: the address's copy is for one set of outcomes, and names the decisions that
      // key the copy for any other.
      decisions = personalised.decisions;
      const outcomes = decisionOutcomes(decisions, pageVisitor(c));
      if (outcomes !== personalised.outcomes) {
        foundUrl = await cacheUrl(url.origin, pageKey(base, outcomes));
        found = await readPage(foundUrl, now);
      }
    }
    const nonce = c.get('secureHeadersNonce');
    if (found?.freshness === 'fresh') return storedHtml(c, found, decisions, { kind: 'hit', ttl: found.ttl });
    // One new rendering of a stale copy at a time in this isolate: the requests meanwhile get the stale copy.
    if (found?.freshness === 'stale') {
      if (revalidationUnderWay(foundUrl, now)) return storedHtml(c, found, decisions, { kind: 'stale', ttl: found.ttl, detail: 'revalidating' });
      revalidating.set(foundUrl, now);
    }

    const target: StoreTarget = { base, baseUrl, held: entry?.personalised, renderedAt: now };
    await next();
    const fresh = c.res;
    const body = request.cacheable && fresh.status === 200 && method === 'GET' && !fresh.headers.has('set-cookie') ? fresh.body : null;
    // Hono merges the old answer's headers into a new one; each answer below replaces it whole (its own Cache-Status).
    c.res = undefined;
    const keep = (answered: ReadableStream<Uint8Array> | string) => c.executionCtx.waitUntil(store(c, answered, nonce, target, request));
    if (found?.freshness === 'stale') {
      // A stale copy answers at once; the fresh rendering is stored behind it.
      const done = () => revalidating.delete(foundUrl);
      if (body) c.executionCtx.waitUntil(store(c, body, nonce, target, request).finally(done));
      else {
        done();
        await fresh.body?.cancel();
      }
      c.res = storedHtml(c, found, decisions, { kind: 'stale', ttl: found.ttl, detail: 'stale-while-revalidate' });
      return;
    }
    if (found) {
      // Too old to answer unless this rendering fails. A streamed page tells only once its body is complete
      // (a part left out spoils it), so this rare answer is read whole before it goes out.
      const html = await fresh.text();
      if (fresh.status >= 500 || request.spoiled) {
        c.res = storedHtml(c, found, decisions, { kind: 'stale', ttl: found.ttl, detail: 'stale-if-error' });
        return;
      }
      if (body) keep(html);
      const outcome: PageCacheOutcome = {
        kind: 'miss',
        fwd: 'stale',
        stored: body !== null,
        ...(body ? {} : { detail: notStoredBecause(request, fresh, method) }),
      };
      c.res = withPageCacheStatus(new Response(html, fresh), outcome);
      return;
    }
    const fwd = entry ? 'vary-miss' : 'uri-miss';
    if (!body) {
      c.res = withPageCacheStatus(fresh, { kind: 'miss', fwd, stored: false, detail: notStoredBecause(request, fresh, method) });
      return;
    }
    const [forClient, forCache] = body.tee();
    keep(forCache);
    c.res = withPageCacheStatus(new Response(forClient, fresh), { kind: 'miss', fwd, stored: true });
  };
}

/** Stale copies being rendered again in this isolate, and since when. */
const revalidating = isolateMap<string, number>();
/** A rendering that has not been stored by then has failed or hung: the next request tries again. */
const REVALIDATION_MS = 30_000;

function revalidationUnderWay(url: string, now: number): boolean {
  const since = revalidating.get(url);
  return since !== undefined && now - since < REVALIDATION_MS;
}

/** Why a rendered answer is not kept (a spoiled part is found only once its body is read: store). */
function notStoredBecause(request: PageCacheRequest, response: Response, method: string): string {
  if (!request.cacheable) return 'not-cacheable';
  if (method !== 'GET') return 'head';
  if (response.headers.has('set-cookie')) return 'set-cookie';
  return `status-${response.status}`;
}

/** Where a rendering is kept: its address's key and what that key holds now. */
interface StoreTarget {
  base: string;
  baseUrl: string;
  /** What the copy under the address's key is: undefined when there is none, null when it personalises nothing. */
  held: Personalised | null | undefined;
  /** When the request began, before anything the page shows was read. */
  renderedAt: number;
}

/**
 * Stores an answered page once its body is complete (only then has it recorded every decision it holds).
 * One write: under its address's key when the page personalises nothing, or as keptUnderAddress says (then
 * with its decisions); else under the key of its own outcomes.
 * The answer's nonce becomes the slots every later answer fills (nonce.ts).
 */
async function store(
  c: Context<AppEnv>,
  answered: ReadableStream<Uint8Array> | string,
  nonce: string,
  target: StoreTarget,
  request: PageCacheRequest,
): Promise<void> {
  try {
    const html = typeof answered === 'string' ? answered : await new Response(answered).text();
    const kept = request.spoiled ? null : nonceSlots(html, nonce);
    if (kept === null) return;
    const decisions = c.get('decisions').decisions();
    const locale = c.get('locale');
    const tags = [...request.tags, `site:${locale.site.id}`, `locale:${locale.code}`];
    let url = target.baseUrl;
    let personalised: Personalised | null = null;
    if (decisions.experiences.length > 0 || decisions.segmentations.length > 0) {
      const rendered = { decisions, outcomes: decisionOutcomes(decisions, pageVisitor(c)) };
      if (keptUnderAddress(target.held, rendered)) personalised = rendered;
      else url = await cacheUrl(new URL(target.baseUrl).origin, pageKey(target.base, rendered.outcomes));
    }
    await writePage(url, kept, tags, { countedSearch: request.countedSearch, personalised });
    indexForPurges(c.env, c.executionCtx, c.get('logger'), { url, tags, renderedAt: target.renderedAt });
  } catch (error) {
    c.get('logger').error('page_cache.store_failed', { error, path: c.req.path });
  }
}

/**
 * A stored page answered to a visitor whose experience variant was chosen from a visitor id minted for this
 * request: the id is theirs to keep, so the next page shows the same variant. It is the only cookie a
 * stored page may be answered with, and only where the page holds an experience.
 */
function visitorCookie(c: Context<AppEnv>, decisions: PageDecisions): string | null {
  const id = c.get('visitorId');
  if (!id || decisions.experiences.length === 0 || getCookie(c, VISITOR_COOKIE) === id) return null;
  return serialize(VISITOR_COOKIE, id, visitorCookieOptions(c.req.url.startsWith('https:')));
}
