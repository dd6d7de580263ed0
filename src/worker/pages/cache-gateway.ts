// The page cache's gateway (ARCHITECTURE.md, The edge page cache; README, The page cache). In front of the
// page routes, after the middleware that reads the request (locale, preview, consent, session): it decides
// whether this request may be answered from the cache, builds the key from the inputs a page varies on, and
// answers a stored copy with this response's own nonce. On a miss the route renders with a nonce
// placeholder and, when it declares its page cacheable (c.get('pageCache').cacheAs(tags)), the copy is
// stored after the answer has gone out. A stored copy never holds a cookie, a session or a shopper's data:
// the routes that opt in render nothing of the shopper (islands bring that), which pages.test proves.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOCALES } from '../../shared/locale/sites.ts';
import { decisionOutcomes, type PageDecisions } from '../../shared/personalisation/decisions.ts';
import { STORE_DEVICE_COOKIE } from '../commerce/stores/device-cookie.ts';
import type { AppEnv } from '../env.ts';
import { baseKey, cacheUrl, normalisedUrl, pageKey } from '../page-cache/key.ts';
import { withNonce } from '../page-cache/nonce.ts';
import { PageCacheRequest, purgeQueue } from '../page-cache/request.ts';
import { type PageCacheOutcome, withPageCacheStatus } from '../page-cache/status.ts';
import { type CachedPage, edgeCache, readManifest, readPage, writeManifest, writePage } from '../page-cache/store.ts';
import { pageVisitor } from './cms/page-content.ts';
import { locationSuggestion } from './layout/location-prompt.tsx';

const LOCALE_CODES = LOCALES.map((l) => l.code).join('|');
const LOCALE_PAGE = new RegExp(`^/(${LOCALE_CODES})(/|$)`);
/** Pages about the shopper, their basket, their orders or a form they post: never shared. */
const PRIVATE_PAGE = new RegExp(
  `^/(${LOCALE_CODES})/(account|cart|checkout|order-confirmation|favorites|forgot-password|associate-login|newsletter|unsubscribe|loyalty|location|event-registration|help/(contact-us|track-order|returns)|p/[^/]+/.+)(/|$)`,
);
const VISITOR_COOKIE = 'optimizelyUserId';
const ONE_YEAR = 60 * 60 * 24 * 365;

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
  const cookie = visitorCookie(c, decisions);
  if (cookie) headers.append('Set-Cookie', cookie);
  const response = withNonce(new Response(found.response.body, { status: 200, headers }), c.get('secureHeadersNonce'));
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
    const cache = edgeCache();
    const locale = c.get('locale');
    const base = baseKey(url, {
      siteId: locale.site.id,
      locale: locale.code,
      consent: c.get('consent'),
      locationPrompt: locationSuggestion(c)?.country ?? null,
    });
    const visitor = pageVisitor(c);
    const now = Date.now();
    const manifest = await readManifest(cache, await cacheUrl(url.origin, `${base}|manifest`));
    const found = manifest ? await readPage(cache, await cacheUrl(url.origin, pageKey(base, decisionOutcomes(manifest.decisions, visitor))), now) : null;
    const nonce = c.get('secureHeadersNonce');
    if (found && manifest && found.freshness === 'fresh') return storedHtml(c, found, manifest.decisions, { kind: 'hit', ttl: found.ttl });

    await next();
    const fresh = c.res;
    const body = request.cacheable && fresh.status === 200 && method === 'GET' && !fresh.headers.has('set-cookie') ? fresh.body : null;
    // Hono merges the old answer's headers into a new one; each answer below replaces it whole (its own Cache-Status).
    c.res = undefined;
    if (found && manifest && found.freshness === 'stale') {
      // A stale copy answers at once; the fresh rendering is stored behind it.
      if (body) c.executionCtx.waitUntil(store(c, body, base, url.origin, request));
      else await fresh.body?.cancel();
      c.res = storedHtml(c, found, manifest.decisions, { kind: 'stale', ttl: found.ttl, detail: 'stale-while-revalidate' });
      return;
    }
    if (found && manifest) {
      // Too old to answer unless this rendering fails. A streamed page tells only once its body is complete
      // (a part left out spoils it), so this rare answer is read whole before it goes out.
      const html = await fresh.text();
      if (fresh.status >= 500 || request.spoiled) {
        c.res = storedHtml(c, found, manifest.decisions, { kind: 'stale', ttl: found.ttl, detail: 'stale-if-error' });
        return;
      }
      await found.response.body?.cancel();
      const stored = body !== null;
      if (stored) c.executionCtx.waitUntil(storeHtml(c, html, base, url.origin, request));
      const outcome: PageCacheOutcome = { kind: 'miss', fwd: 'stale', stored, ...(stored ? {} : { detail: notStoredBecause(request, fresh, method) }) };
      c.res = withPageCacheStatus(withNonce(new Response(html, fresh), nonce), outcome);
      return;
    }
    const fwd = manifest ? 'vary-miss' : 'uri-miss';
    if (!body) {
      c.res = withPageCacheStatus(withNonce(fresh, nonce), {
        kind: 'miss',
        fwd,
        stored: false,
        detail: notStoredBecause(request, fresh, method),
      });
      return;
    }
    const [forClient, forCache] = body.tee();
    c.executionCtx.waitUntil(store(c, forCache, base, url.origin, request));
    c.res = withPageCacheStatus(withNonce(new Response(forClient, fresh), nonce), { kind: 'miss', fwd, stored: true });
  };
}

/** Why a rendered answer is not kept (a spoiled part is found only once its body is read: store). */
function notStoredBecause(request: PageCacheRequest, response: Response, method: string): string {
  if (!request.cacheable) return 'not-cacheable';
  if (method !== 'GET') return 'head';
  if (response.headers.has('set-cookie')) return 'set-cookie';
  return `status-${response.status}`;
}

/** Stores a rendered page once its body is complete: only then has it recorded every decision it holds. */
async function store(c: Context<AppEnv>, body: ReadableStream<Uint8Array>, base: string, origin: string, request: PageCacheRequest): Promise<void> {
  await storeHtml(c, await new Response(body).text(), base, origin, request);
}

async function storeHtml(c: Context<AppEnv>, html: string, base: string, origin: string, request: PageCacheRequest): Promise<void> {
  try {
    if (request.spoiled) return;
    const decisions = c.get('decisions').decisions();
    const locale = c.get('locale');
    const tags = [...request.tags, `site:${locale.site.id}`, `locale:${locale.code}`];
    const pageUrl = await cacheUrl(origin, pageKey(base, decisionOutcomes(decisions, pageVisitor(c))));
    const manifestUrl = await cacheUrl(origin, `${base}|manifest`);
    await Promise.all([writePage(edgeCache(), pageUrl, html, tags), writeManifest(edgeCache(), manifestUrl, { decisions }, tags)]);
    await purgeQueue(c.env).remember([pageUrl, manifestUrl], tags);
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
  return `${VISITOR_COOKIE}=${id}; Max-Age=${ONE_YEAR}; Path=/; HttpOnly; SameSite=Lax${c.req.url.startsWith('https:') ? '; Secure' : ''}`;
}
