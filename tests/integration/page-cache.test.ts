// The full-page cache for anonymous shoppers (README, The page cache), with the cache turned on for these
// requests only: the other files change the database under the pages without the purges the app makes.

import { createExecutionContext, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { countSearch } from '../../src/worker/commerce/catalog/search-terms.ts';
import { cancelOrder } from '../../src/worker/commerce/orders/cancel.ts';
import { RETURN_TRANSIT_MS } from '../../src/worker/commerce/orders/fulfilment.ts';
import { readOrder } from '../../src/worker/commerce/orders/order-entity.ts';
import { createReturn } from '../../src/worker/commerce/orders/returns.ts';
import worker from '../../src/worker/index.ts';
import { createLogger } from '../../src/worker/lib/logger.ts';
import { indexForPurges, purgeQueue } from '../../src/worker/page-cache/purge-index.ts';
import { catalogTags, purgePages } from '../../src/worker/page-cache/request.ts';
import { FRESH_SECONDS, STALE_WHILE_REVALIDATE } from '../../src/worker/page-cache/store.ts';
import { deps as checkoutDeps, shopper as checkoutShopper, fulfilmentAt, member, placedOrder, readyBasket, review } from './checkout-services.ts';
import { sessionOver } from './d1-double.ts';
import { ADMIN_HEADERS, getJson, ORIGIN, one, shoeWithWidths } from './helpers.ts';
import { signedInJar } from './jar.ts';

type Json = Record<string, any>;

/** A page request with the cache on; waits for what the answer left running (the copy being stored). */
async function page(path: string, cookie = '', headers: Record<string, string> = {}, bindings: Partial<typeof env> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } }),
    // Read at each call: the setup names this file's Durable Objects afresh (seeded-state.ts).
    { ...env, PAGE_CACHE: 'on', ...bindings },
    ctx,
  );
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  const status = response.headers.get('cache-status') ?? '';
  return {
    response,
    html,
    status: /cairn-page; ([^,]*)/.exec(status)?.[1] ?? '',
    nonce: /script-src[^;]*'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '',
  };
}

/** The page's markup with its nonce taken out, to compare two answers. */
const withoutNonce = (html: string, nonce: string) => html.replaceAll(nonce, 'NONCE');

const granted = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:1')}`;
const refused = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:0,C0003:0,C0004:0')}`;

let product: { path: string; styleId: string };
let category: { path: string; id: number };

beforeAll(async () => {
  const shoe = await shoeWithWidths();
  const p = await one<{ style_id: string }>('SELECT style_id FROM products WHERE id = ?', shoe.id);
  product = { path: `/en-us/p/${shoe.slug}-${shoe.id}`, styleId: p.style_id };
  const c = await one<{ id: number; slug: string }>(
    'SELECT c.id, c.slug FROM categories c WHERE c.level = 3 AND EXISTS (SELECT 1 FROM styles s WHERE s.category_id = c.id) ORDER BY c.id LIMIT 1',
  );
  category = { path: `/en-us/c/${c.slug}-${c.id}`, id: c.id };
});

describe('a page asked twice', () => {
  it('is rendered once and then answered from the cache, each answer with its own nonce', async () => {
    const first = await page(category.path);
    const second = await page(category.path);
    expect(first.status).toMatch(/fwd=(uri|vary)-miss; stored/);
    expect(second.status).toMatch(/^hit; ttl=\d+/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(withoutNonce(second.html, second.nonce)).toBe(withoutNonce(first.html, first.nonce));
    // Every script the store wrote carries this answer's nonce; the kept copy's slot marker never reaches a browser.
    for (const answer of [first, second]) {
      expect(answer.html).not.toContain('page-cache-nonce');
      const nonces = [...answer.html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([answer.nonce]));
    }
    expect(second.response.headers.get('set-cookie')).toBeNull();
  });

  it('keys on the address without tracking parameters, and with the others in one order', async () => {
    await page(`${category.path}?size=9&sort=price-low`);
    expect((await page(`${category.path}?sort=price-low&utm_source=mail&size=9&gclid=abc`)).status).toMatch(/^hit/);
    expect((await page(`${category.path}?sort=price-high&size=9`)).status).toMatch(/miss/);
  });

  it('is never answered from or stored for a preview, a test context, an associate or a private page', async () => {
    const context = `p13n_testcontext=${encodeURIComponent(JSON.stringify({ 'home-hero-2026': 'winter' }))}`;
    expect((await page(`/en-us?${context}`)).status).toBe('fwd=bypass; detail=test-context');
    expect((await page('/en-us/cart')).status).toBe('fwd=bypass; detail=private');
    expect((await page('/en-us/account')).status).toBe('fwd=bypass; detail=private');
    expect((await page(product.path, 'cairn_store_device=abc')).status).toBe('fwd=bypass; detail=associate');
    expect((await page('/en-us?preview=true')).status).toBe('fwd=bypass; detail=preview');
  });
});

describe('a copy past its freshness', () => {
  // A returning visitor, so a page running an experiment shows them the same variant each time.
  const VISITOR = 'optimizelyUserId=visitor-time-0001';
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const later = (seconds: number) => {
    const now = Date.now() + seconds * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(now);
  };

  it('is answered stale while a new rendering is stored behind it', async () => {
    const path = `${category.path}?sort=newest`;
    const first = await page(path, VISITOR);
    later(FRESH_SECONDS + 30);
    const stale = await page(path, VISITOR);
    expect(stale.status).toMatch(/^hit; ttl=-3\d; detail=stale-while-revalidate$/);
    expect(withoutNonce(stale.html, stale.nonce)).toBe(withoutNonce(first.html, first.nonce));
    expect((await page(path, VISITOR)).status).toMatch(/^hit; ttl=\d+$/);
  });

  it('is rendered again once in an isolate, however many ask for it meanwhile', async () => {
    const path = `${category.path}?size=9&sort=newest`;
    const first = await page(path, VISITOR);
    later(FRESH_SECONDS + 30);
    const answers = await Promise.all(Array.from({ length: 6 }, () => page(path, VISITOR)));
    const details = answers.map((answer) => /detail=([\w-]+)/.exec(answer.status)?.[1]).sort();
    expect(details).toEqual(['revalidating', 'revalidating', 'revalidating', 'revalidating', 'revalidating', 'stale-while-revalidate']);
    for (const answer of answers) expect(withoutNonce(answer.html, answer.nonce)).toBe(withoutNonce(first.html, first.nonce));
    expect((await page(path, VISITOR)).status).toMatch(/^hit; ttl=\d+$/);
  });

  it('counts a search answered stale once, by the rendering behind it', async () => {
    const counted = async () =>
      (await env.DB.prepare("SELECT searches FROM search_terms WHERE lang = 'en' AND term = 'jacket'").first<{ searches: number }>())?.searches ?? 0;
    const before = await counted();
    await page('/en-us/search?q=Jacket', VISITOR);
    later(FRESH_SECONDS + 30);
    expect((await page('/en-us/search?q=Jacket', VISITOR)).status).toMatch(/detail=stale-while-revalidate/);
    // Counts are written at most every five seconds: a count ten seconds on writes whatever waits.
    await countSearch(env.DB, 'en', 'zz later', Date.now() + 10_000);
    expect(await counted()).toBe(before + 2);
  });

  it('answers for a rendering that failed, long after it went stale', async () => {
    const path = `${category.path}?sort=price-high`;
    const first = await page(path, VISITOR);
    later(FRESH_SECONDS + STALE_WHILE_REVALIDATE + 60);
    // D1 unreachable: every statement's answer fails, as a real outage does.
    const down = () => Promise.reject(new Error('D1 is down'));
    const statement: Record<string, unknown> = { first: down, all: down, run: down, raw: down };
    statement.bind = () => statement;
    const broken: D1Database = new Proxy(env.DB, {
      get: (target, name) =>
        name === 'prepare' ? () => statement : name === 'batch' ? down : name === 'withSession' ? () => sessionOver(broken) : Reflect.get(target, name),
    });
    const rescued = await page(path, VISITOR, {}, { DB: broken });
    expect(rescued.status).toMatch(/^hit; ttl=-\d+; detail=stale-if-error$/);
    expect(rescued.response.status).toBe(200);
    expect(withoutNonce(rescued.html, rescued.nonce)).toBe(withoutNonce(first.html, first.nonce));
  });
});

describe('what a visitor gets', () => {
  it('varies by site, locale, consent and experiment variant, and the same visitor twice is a hit', async () => {
    // Visitors bucketed into each variant of the home hero get their own variant, each from the cache.
    const seen = new Map<string, string>();
    for (let i = 0; i < 24 && seen.size < 2; i++) {
      const id = `visitor-${String(i).padStart(4, '0')}`;
      const answer = await page('/en-gb', `${granted}; optimizelyUserId=${id}`);
      seen.set(answer.html.includes('Ready for the first snow') ? 'winter' : 'baseline', id);
    }
    expect(seen.size).toBe(2);
    for (const [variant, id] of seen) {
      const again = await page('/en-gb', `${granted}; optimizelyUserId=${id}`);
      expect(again.status).toMatch(/^hit/);
      expect(again.html.includes('Ready for the first snow')).toBe(variant === 'winter');
    }
    const gbWinter = await page('/en-gb', `${granted}; optimizelyUserId=${seen.get('winter')}`);
    const gbRefused = await page('/en-gb', refused);
    const gbUndecided = await page('/en-gb');
    const fr = await page('/fr-fr', refused);
    const bodies = [gbWinter, gbRefused, gbUndecided, fr].map((a) => withoutNonce(a.html, a.nonce));
    expect(new Set(bodies).size).toBe(4);
    expect((await page('/en-gb', refused)).status).toMatch(/^hit/);
    // A choice the page does not show is not in the key: analytics allowed but not targeting gets the same
    // page as refusing all, from the same copy (the browser reads the analytics choice from the cookie).
    const analyticsOnly = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:0')}`;
    const sameAsRefused = await page('/en-gb', analyticsOnly);
    expect(sameAsRefused.status).toMatch(/^hit/);
    expect(withoutNonce(sameAsRefused.html, sameAsRefused.nonce)).toBe(bodies[1]);
  });

  it('after a signed-in shopper visited every cached page type, a new visitor gets no trace of them and no cookie', async () => {
    const email = 'leo.loyalty@cairn.test';
    const jar = await signedInJar(email, '198.19.40.1');
    const shopper = await one<{ consumer_no: string; first_name: string; last_name: string }>(
      'SELECT consumer_no, first_name, last_name FROM consumers WHERE email = ?',
      email,
    );
    const store = await one<{ id: string }>("SELECT id FROM stores WHERE site_id = 'US' ORDER BY id LIMIT 1");
    const paths = ['/en-us', category.path, product.path, '/en-us/stores', `/en-us/stores/${store.id}`, '/en-us/privacy'];
    const traces = [email, shopper.consumer_no, shopper.first_name, shopper.last_name, ...Object.values(jar.cookies)].filter((t) => t.length > 3);
    for (const path of paths) {
      const signedIn = await page(path, jar.header);
      expect(signedIn.response.status, path).toBe(200);
      const fresh = await page(path);
      expect(fresh.status, path).toMatch(/^(hit|fwd=(uri|vary)-miss; stored)/);
      for (const trace of traces) expect(fresh.html, `${path} holds ${trace}`).not.toContain(trace);
      // No cookie but, on a page running an experiment, a visitor id of their own so the variant stays theirs, and
      // the arm it put them in (middleware/page-views.ts): theirs, never the signed-in shopper's.
      for (const cookie of fresh.response.headers.getSetCookie()) {
        expect(cookie, path).toMatch(
          /^(optimizelyUserId=[0-9a-f-]{36}; Max-Age=31536000|cairnArms=%5B%5B%22home-hero-2026%22%2C%22(winter|baseline)%22%5D%5D; Max-Age=2592000); Path=\/; HttpOnly; Secure; SameSite=Lax$/,
        );
        expect(cookie).not.toContain(jar.cookies.optimizelyUserId ?? 'none');
      }
    }
    // Where the page is the same for them, the signed-in shopper gets the stored copy too.
    expect((await page(product.path, jar.header)).status).toMatch(/^hit/);
  });
});

async function admin(method: string, path: string, body: Json) {
  const response = await getJson<Json>(path, { method, headers: ADMIN_HEADERS, body: JSON.stringify(body) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** A shoe with sizes in stock, and another product (the first or last by id) whose page a change must leave alone. */
async function shoeAndAnother(which: 'first' | 'last') {
  const shoe = await shoeWithWidths();
  const other = await one<{ id: string; slug: string }>(
    `SELECT id, slug FROM products WHERE id <> ? AND style_id IN (SELECT id FROM styles WHERE is_presale = 0) ORDER BY id ${which === 'first' ? 'ASC' : 'DESC'} LIMIT 1`,
    shoe.id,
  );
  return { shoe, shoePath: `/en-us/p/${shoe.slug}-${shoe.id}`, otherPath: `/en-us/p/${other.slug}-${other.id}` };
}

/**
 * A minute passes for the purge queue (Cloudflare allows five purges a minute): its budget is back and its
 * alarm sends what waited. Each freshness test starts so, as each would on a store minutes apart.
 */
async function aMinuteLater() {
  const queue = purgeQueue(env);
  await runInDurableObject(queue, (_, state) => {
    state.storage.sql.exec('DELETE FROM sent');
  });
  await runDurableObjectAlarm(queue);
}

describe('freshness', () => {
  beforeEach(aMinuteLater);

  it('a published content change purges the pages showing it, and only those', async () => {
    // A returning visitor: one without an id is given a new one, so a page with an experiment may show either variant.
    const visitor = 'optimizelyUserId=visitor-ca-0001';
    const listing = `/en-ca/c/${category.path.split('/c/')[1]}`;
    await page('/en-ca', visitor);
    await page(listing, visitor);
    expect((await page('/en-ca', visitor)).status).toMatch(/^hit/);
    const ref = { siteId: 'CA', locale: 'en-ca', kind: 'page', key: 'home' };
    const current = await getJson<Json>(`/admin/content?${new URLSearchParams(ref)}`, { headers: ADMIN_HEADERS });
    const live = structuredClone(current.body.document.versions.find((v: Json) => v.status === 'published').body);
    live.content.sections[0].items.unshift({ type: 'RichText', id: 'page-cache-marker', richText: '<p>Fresh off the press</p>' });
    await admin('PUT', '/admin/content', { ...ref, body: live });
    const published = await admin('POST', '/admin/content/publish', ref);
    expect(published.pages.purged).toBeDefined();
    const after = await page('/en-ca', visitor);
    expect(after.status).toMatch(/miss/);
    expect(after.html).toContain('Fresh off the press');
    expect((await page(listing, visitor)).status).toMatch(/^hit/);
  });

  it('an order taking the last unit of a size purges its product page and the listings, not other products', async () => {
    const visitor = 'optimizelyUserId=visitor-stock-0001';
    const { shoe, shoePath, otherPath } = await shoeAndAnother('first');
    for (const path of [shoePath, otherPath, category.path]) await page(path, visitor);
    expect((await page(shoePath, visitor)).status).toMatch(/^hit/);
    await env.DB.prepare('UPDATE inventory SET quantity = 1 WHERE variant_id = ?').bind(shoe.variant).run();
    const buyer = checkoutShopper('198.19.40.9');
    const basketId = await readyBasket(buyer, shoe.variant, 'last.unit@example.com');
    await review(buyer, basketId);
    expect((await placedOrder(buyer, basketId)).status).not.toBe('failed');
    expect((await page(shoePath, visitor)).status).toMatch(/miss/);
    expect((await page(category.path, visitor)).status).toMatch(/miss/);
    expect((await page(otherPath, visitor)).status).toMatch(/^hit/);
  });

  it('units coming back from a cancelled order or a return put the size on sale again at once', async () => {
    const visitor = 'optimizelyUserId=visitor-restock-0001';
    const email = 'leo.loyalty@cairn.test';
    const leo = await member(email, '198.19.40.10');
    const { shoe, shoePath, otherPath } = await shoeAndAnother('last');
    // One unit on the shelf, the page as it shows that (an earlier test may have left a sold-out copy).
    await env.DB.prepare('UPDATE inventory SET quantity = 1 WHERE variant_id = ?').bind(shoe.variant).run();
    const { style_id } = await one<{ style_id: string }>('SELECT style_id FROM products WHERE id = ?', shoe.id);
    await purgePages(env, [catalogTags.product(style_id)]);
    const onSale = await page(shoePath, visitor);
    expect(onSale.status).toMatch(/miss/);
    await page(otherPath, visitor);
    /** Sells the last unit and keeps the sold-out page; answers the order's number and that page. */
    const sellLast = async () => {
      const basketId = await readyBasket(leo, shoe.variant, email);
      await review(leo, basketId);
      const placed = await placedOrder(leo, basketId);
      await page(shoePath, visitor);
      const soldOut = await page(shoePath, visitor);
      expect(soldOut.status).toMatch(/^hit/);
      expect(withoutNonce(soldOut.html, soldOut.nonce)).not.toBe(withoutNonce(onSale.html, onSale.nonce));
      return placed.orderNumber as string;
    };
    const backOnSale = async () => {
      const after = await page(shoePath, visitor);
      expect(after.status).toMatch(/miss/);
      expect(withoutNonce(after.html, after.nonce)).toBe(withoutNonce(onSale.html, onSale.nonce));
      expect((await page(otherPath, visitor)).status).toMatch(/^hit/);
    };

    const cancelled = await sellLast();
    await cancelOrder(checkoutDeps, leo, leo.claims.consumerNo as string, cancelled);
    await backOnSale();

    const returned = await sellLast();
    for (const minutes of [3, 14, 80]) await fulfilmentAt(minutes, returned);
    const order = await readOrder(env.DB, returned);
    const itemId = order?.items[0]?.itemId as string;
    await createReturn(checkoutDeps, leo, order as NonNullable<typeof order>, [{ itemId, quantity: 1, reason: 'too_small' }], 'owner');
    await fulfilmentAt(80 + RETURN_TRANSIT_MS / 60_000, returned);
    await backOnSale();
  });

  it('a price change shows at once on its product page and the listings; other products stay cached', async () => {
    const visitor = 'optimizelyUserId=visitor-price-0001';
    const { shoe, shoePath, otherPath } = await shoeAndAnother('last');
    for (const path of [shoePath, otherPath]) await page(path, visitor);
    expect((await page(shoePath, visitor)).status).toMatch(/^hit/);
    const changed = await getJson<Json>(`/admin/prices/${shoe.id}`, {
      method: 'PUT',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ siteId: 'US', listAmount: 24_300, saleAmount: 19_100 }),
    });
    expect(changed.status).toBe(200);
    const after = await page(shoePath, visitor);
    expect(after.status).toMatch(/miss/);
    expect(after.html).toMatch(/\$191\b/);
    expect(after.html).toMatch(/\$243\b/);
    expect((await page(otherPath, visitor)).status).toMatch(/^hit/);
  });

  it('a brand answer to a question shows on its product page at once; other products stay cached', async () => {
    const visitor = 'optimizelyUserId=visitor-answer-0001';
    const { shoe, shoePath, otherPath } = await shoeAndAnother('first');
    const { style_id } = await one<{ style_id: string }>('SELECT style_id FROM products WHERE id = ?', shoe.id);
    const questionId = `Q${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO questions (question_id, style_id, nickname, locale, lang, text, status, created_at) VALUES (?1, ?2, 'Tam', 'en_US', 'en', 'Do these run true to size?', 'pending', ?3)",
    )
      .bind(questionId, style_id, new Date().toISOString())
      .run();
    for (const path of [shoePath, otherPath]) await page(path, visitor);
    const before = await page(shoePath, visitor);
    expect(before.status).toMatch(/^hit/);
    await admin('POST', `/admin/questions/${questionId}/answers`, { text: 'Yes: order your usual size.' });
    const after = await page(shoePath, visitor);
    expect(after.status).toMatch(/miss/);
    expect(withoutNonce(after.html, after.nonce)).not.toBe(withoutNonce(before.html, before.nonce));
    expect((await page(otherPath, visitor)).status).toMatch(/^hit/);
  });

  it('keeps a search, counts each answer toward the popular searches, and purges it with a price change', async () => {
    const path = '/en-us/search?q=Chukka';
    const counted = async () =>
      (await one<{ searches: number } | null>("SELECT searches FROM search_terms WHERE lang = 'en' AND term = 'chukka'"))?.searches ?? 0;
    const before = await counted();
    expect((await page(path)).status).toMatch(/fwd=uri-miss; stored/);
    expect((await page(path)).status).toMatch(/^hit/);
    // Counts are written together at most every five seconds: the next answer, six seconds on, writes both.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 6_000);
    expect((await page(path)).status).toMatch(/^hit/);
    vi.restoreAllMocks();
    expect(await counted()).toBe(before + 3);
    const shoe = await shoeWithWidths();
    await admin('PUT', `/admin/prices/${shoe.id}`, { siteId: 'US', listAmount: 21_000, saleAmount: null });
    expect((await page(path)).status).toMatch(/miss/);
  });

  it('refuses a price change it cannot make, with a coded error, and changes nothing', async () => {
    const shoe = await shoeWithWidths();
    const before = await one<Json>("SELECT * FROM prices WHERE item_id = ? AND site_id = 'GB'", shoe.id);
    const put = (path: string, body: unknown) => getJson<Json>(path, { method: 'PUT', headers: ADMIN_HEADERS, body: JSON.stringify(body) });
    const cases: [string, unknown, number][] = [
      [`/admin/prices/${shoe.id}`, { siteId: 'GB', listAmount: 100, saleAmount: 100 }, 400],
      [`/admin/prices/${shoe.id}`, { siteId: 'GB', listAmount: 99.5, saleAmount: null }, 400],
      [`/admin/prices/${shoe.id}`, { siteId: 'GB', listAmount: -1, saleAmount: null }, 400],
      [`/admin/prices/${shoe.id}`, { siteId: 'XX', listAmount: 100, saleAmount: null }, 400],
      [`/admin/prices/${shoe.id}`, { siteId: 'GB', listAmount: 100 }, 400],
      ['/admin/prices/NOTTHERE', { siteId: 'GB', listAmount: 100, saleAmount: null }, 404],
    ];
    for (const [path, body, status] of cases) {
      const answer = await put(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.errorId).toBe(status === 404 ? 'API404' : 'API400');
    }
    expect(await one<Json>("SELECT * FROM prices WHERE item_id = ? AND site_id = 'GB'", shoe.id)).toEqual(before);
  });

  it('purges go out at most five a minute, a hundred tags each, the rest queued', async () => {
    const tags = Array.from({ length: 650 }, (_, i) => `test-tag:${i}`);
    const first = await purgePages(env, tags);
    expect(first.purged.length).toBeLessThanOrEqual(500);
    expect(first.pending).toBe(650 - first.purged.length);
    const next = await purgePages(env, ['test-tag:late']);
    expect(next.purged).toEqual([]);
    expect(next.pending).toBe(first.pending + 1);
  });

  it('a page whose index reaches the local purge backend after a purge of its tags is deleted then', async () => {
    // Pages stored under load are indexed together, a moment later: a purge may come between.
    const cache = (caches as unknown as { default: Cache }).default;
    const entry = (name: string, renderedAt: number) => ({ url: `${ORIGIN}/__page-cache/test-${name}`, tags: ['test-late:shoe'], renderedAt });
    const keep = (url: string) => cache.put(url, new Response('<p>kept</p>', { headers: { 'Cache-Control': 'public, max-age=600' } }));
    const before = entry('rendered-before', Date.now());
    await keep(before.url);
    expect((await purgePages(env, ['test-late:shoe'])).purged).toEqual(['test-late:shoe']);
    const after = entry('rendered-after', Date.now() + 1);
    await keep(after.url);
    await purgeQueue(env).remember([before, after]);
    expect(await cache.match(before.url)).toBeUndefined();
    // One rendered after the purge shows what the purge was for: kept, and indexed for the next purge.
    expect(await (await cache.match(after.url))?.text()).toBe('<p>kept</p>');
    await aMinuteLater();
    await purgePages(env, ['test-late:shoe']);
    expect(await cache.match(after.url)).toBeUndefined();
  });

  it('a purge first indexes the pages this isolate stored that still wait to be indexed', async () => {
    await aMinuteLater();
    const cache = (caches as unknown as { default: Cache }).default;
    const urls = ['first', 'second'].map((name) => `${ORIGIN}/__page-cache/test-waiting-${name}`);
    const left: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => void left.push(promise) };
    for (const url of urls) await cache.put(url, new Response('<p>kept</p>', { headers: { 'Cache-Control': 'public, max-age=600' } }));
    for (const url of urls) indexForPurges(env, ctx, createLogger({ module: 'test' }), { url, tags: ['test-waiting:shoe'], renderedAt: Date.now() });
    // Stored within one interval of each other, the second waits to be written with later ones: the purge
    // takes it anyway, at once.
    await purgePages(env, ['test-waiting:shoe']);
    for (const url of urls) expect(await cache.match(url), url).toBeUndefined();
    await Promise.all(left);
  });
});
