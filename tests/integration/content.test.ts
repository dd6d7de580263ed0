import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { findLocale, type Locale } from '../../src/shared/locale/sites.ts';
import { catalogIndex } from '../../src/worker/commerce/catalog/catalog-index.ts';
import { LIVE } from '../../src/worker/content/preview.ts';
import { purge } from '../../src/worker/content/purge.ts';
import { contentKey, createContentService } from '../../src/worker/content/service.ts';
import { createLogger } from '../../src/worker/lib/logger.ts';
import { getJson, namedAdmin, ORIGIN, previewToken, request } from './helpers.ts';

type Json = Record<string, any>;
const ADMIN = { authorization: 'Bearer test-admin-token', 'content-type': 'application/json', origin: ORIGIN };
const us = findLocale('en-us') as Locale;

async function clearCache() {
  await purge(env.CONTENT, { by: 'all', siteId: 'US', mode: 'publish' });
}

async function service(options: { origin?: string } = {}) {
  const pending: Promise<unknown>[] = [];
  const content = createContentService({
    db: env.DB,
    kv: env.CONTENT,
    index: await catalogIndex(env.DB),
    locale: us,
    preview: LIVE,
    logger: createLogger({ test: true }),
    waitUntil: (p) => pending.push(p),
    origin: options.origin,
    outbound: { locale: us, brand: 'CRN', appId: 'cairn-storefront', logger: createLogger({}) },
  });
  return { content, settle: () => Promise.all(pending) };
}

beforeEach(clearCache);

describe('content API and cache', () => {
  it('misses, stores, then hits, saying so in Cache-Status', async () => {
    const first = await request('/api/publish/caas/v1/canvas/augmentedpage/US/home?locale=en-us');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-status')).toMatch(/^cairn-content; fwd=uri-miss; stored/);
    const body = (await first.json()) as Json;
    expect(body.document.content.sections.length).toBeGreaterThan(3);
    expect(JSON.stringify(body.document)).not.toContain('FragmentRef');
    const second = await request('/api/publish/caas/v1/canvas/augmentedpage/US/home?locale=en-us');
    expect(second.headers.get('cache-status')).toMatch(/^cairn-content; hit; ttl=\d+/);
    expect(second.headers.get('cache-control')).toContain('stale-while-revalidate');
  });

  it('serves a stale entry while it refreshes, and again when the source fails', async () => {
    const key = contentKey('US', 'publish', 'page', 'en-us', 'home');
    await env.CONTENT.put(key, JSON.stringify({ stale: true }), { metadata: { fetchedAt: Date.now() - 3_600_000, freshSeconds: 60, tags: [] } });
    const failing = await service({ origin: 'http://127.0.0.1:9' });
    const read = await failing.content.read('page', 'home');
    expect(read.outcome.status).toBe('stale');
    expect(read.value).toEqual({ stale: true });
    await failing.settle();
    // The failed refresh left the stale copy in place.
    expect(JSON.parse((await env.CONTENT.get(key)) as string)).toEqual({ stale: true });
  });

  it('answers an error, not a page, when the source fails and nothing is cached', async () => {
    const failing = await service({ origin: 'http://127.0.0.1:9' });
    const read = await failing.content.read('page', 'home');
    expect(read.outcome.status).toBe('error');
    expect(read.value).toBeNull();
  });

  it('keeps preview apart: drafts shown, nothing cached, no-store', async () => {
    const preview = await request('/api/preview/caas/v1/page/US/home?locale=en-us', { headers: { 'x-preview-token': await previewToken('US') } });
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('cache-status')).toContain('fwd=bypass');
    expect(JSON.stringify(await preview.json())).toContain('Preview: the winter edit');
    const live = await getJson<Json>('/api/publish/caas/v1/page/US/home?locale=en-us');
    expect(JSON.stringify(live.body)).not.toContain('Preview: the winter edit');
    const keys = (await env.CONTENT.list({ prefix: 'US:preview:' })).keys;
    expect(keys).toEqual([]);
  });

  it('reads drafts under the /pre prefix', async () => {
    const pre = await request('/api/pre/publish/caas/v1/page/US/home?locale=en-us', { headers: { 'x-preview-token': await previewToken('US') } });
    expect(pre.headers.get('cache-control')).toBe('private, no-store');
    expect(JSON.stringify(await pre.json())).toContain('Preview: the winter edit');
  });

  it('shows content scheduled for a preview date and time', async () => {
    const now = await getJson<Json>('/api/publish/caas/v1/fragment/promo-bar?siteId=US&locale=en-us');
    const later = await getJson<Json>('/api/preview/caas/v1/fragment/promo-bar?siteId=US&locale=en-us&previewDateTime=2027-01-02T00:00:00Z', {
      headers: { 'x-preview-token': await previewToken('US') },
    });
    expect(now.status).toBe(200);
    expect(later.status).toBe(200);
    expect(JSON.stringify(later.body.document)).not.toEqual(JSON.stringify(now.body.document));
  });

  it('removes nulls on request and refuses bad paths', async () => {
    const withNulls = await getJson<Json>('/api/publish/caas/v1/menu/US?locale=en-us&removeNulls=true');
    expect(withNulls.status).toBe(200);
    expect(JSON.stringify(withNulls.body.document)).not.toContain(':null');
    expect((await getJson<Json>('/api/publish/caas/v1/page/XX/home')).body.errorId).toBe('API400');
    expect((await getJson<Json>('/api/publish/caas/v1/page/US/nothing-here')).status).toBe(404);
  });
});

describe('admin API', () => {
  it('refuses a missing or wrong token', async () => {
    const none = await request('/admin/audit');
    expect(none.status).toBe(401);
    expect(((await none.json()) as Json).errorId).toBe('AUT401');
    expect((await request('/admin/audit', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('saves a draft, publishes it, purges, and the next request is a miss with the new content', async () => {
    const marketer = await namedAdmin('marketer@cairn.test');
    await request('/api/publish/caas/v1/canvas/augmentedpage/US/home?locale=en-us');
    const current = await getJson<Json>('/admin/content?siteId=US&locale=en-us&kind=page&key=home', { headers: ADMIN });
    const published = current.body.document.versions.find((version: Json) => version.status === 'published');
    const body = structuredClone(published.body);
    body.metadata.htmlTitle = 'Cairn | A new season';
    const saved = await request('/admin/content', {
      method: 'PUT',
      headers: { ...marketer.headers, 'x-actor': 'someone-else@cairn.test' },
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'page', key: 'home', body }),
    });
    expect(saved.status).toBe(200);
    const publish = await getJson<Json>('/admin/content/publish', {
      method: 'POST',
      headers: marketer.headers,
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'page', key: 'home' }),
    });
    expect(publish.body.purged).toContain('US:publish:augmented-page:en-us:home');
    const after = await request('/api/publish/caas/v1/canvas/augmentedpage/US/home?locale=en-us');
    expect(after.headers.get('cache-status')).toContain('fwd=uri-miss');
    expect(((await after.json()) as Json).document.metadata.htmlTitle).toBe('Cairn | A new season');
    const audit = await getJson<Json>('/admin/audit?subject=US:en-us:page:home', { headers: ADMIN });
    expect(audit.body.entries.map((e: Json) => e.action)).toEqual(expect.arrayContaining(['content.update', 'content.publish']));
    expect(audit.body.entries[0].actor).toBe('marketer@cairn.test');
  });

  it('purges by tag every document that embeds a fragment, and a whole site', async () => {
    await request('/api/publish/caas/v1/canvas/augmentedpage/US/home?locale=en-us');
    await request('/api/publish/caas/v1/fragment/promo-bar?siteId=US&locale=en-us');
    const byTag = await getJson<Json>('/admin/cache/purge', {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ tag: 'fragment:promo-bar', siteId: 'US' }),
    });
    expect(byTag.body.purged).toEqual(['US:publish:augmented-page:en-us:home']);
    const all = await getJson<Json>('/admin/cache/purge', { method: 'POST', headers: ADMIN, body: JSON.stringify({ siteId: 'US', all: true }) });
    expect(all.body.purged).toContain('US:publish:fragment:en-us:promo-bar');
    expect((await env.CONTENT.list({ prefix: 'US:publish:' })).keys).toEqual([]);
    const log = await getJson<Json>('/admin/audit', { headers: ADMIN });
    expect(log.body.entries[0].action).toBe('cache.purge');
  });

  it('validates documents and publishing windows with clear messages', async () => {
    const bad = await getJson<Json>('/admin/content', {
      method: 'PUT',
      headers: ADMIN,
      body: JSON.stringify({ siteId: 'US', locale: 'fr-fr', kind: 'page', key: 'home', body: { items: [] } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('locale must be one of the site’s locales');
    const window = await getJson<Json>('/admin/content/publish', {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({
        siteId: 'US',
        locale: 'en-us',
        kind: 'page',
        key: 'home',
        publishFrom: '2027-02-01T00:00:00Z',
        publishUntil: '2027-01-01T00:00:00Z',
      }),
    });
    expect(window.body.message).toContain('publishUntil must come after publishFrom');
  });
});

describe('decisions and consent', () => {
  const decide = (headers: Record<string, string>, body: Json = {}, query = '') =>
    getJson<Json>(`/api/engine/v1/decide/CRN${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify({ events: [{ eventType: 'monetate:context:PageView', pageType: 'home' }], ...body }),
    });
  const granted = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:1')}`;
  const refused = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:0,C0003:0,C0004:0')}`;

  it('decides on NA sites without a consent cookie', async () => {
    const { body } = await decide({ 'x-locale': 'en-us' }, { locale: 'en-us' }, `?p13n_testcontext=${encodeURIComponent('{"home-hero-2026":"winter"}')}`);
    expect(body.consented).toBe(true);
    expect(body.decisions[0]).toMatchObject({ variationKey: 'winter', impressionReporting: { experience_id: 'home-hero-2026', variant_label: 'B' } });
  });
  it('gives EMEA visitors the baseline without C0004, whatever the test context', async () => {
    const context = `?p13n_testcontext=${encodeURIComponent('{"home-hero-2026":"winter"}')}`;
    expect((await decide({}, { locale: 'en-gb' }, context)).body.decisions[0]).toMatchObject({ variationKey: 'baseline', reasons: ['no-targeting-consent'] });
    expect((await decide({ cookie: refused }, { locale: 'en-gb' }, context)).body.decisions[0].variationKey).toBe('baseline');
    expect((await decide({ cookie: granted }, { locale: 'en-gb' }, context)).body.decisions[0].variationKey).toBe('winter');
  });
  it('lets preview personalise in EMEA without consent', async () => {
    const context = `?preview=true&p13n_testcontext=${encodeURIComponent('{"home-hero-2026":"winter"}')}`;
    expect((await decide({ 'x-preview-token': await previewToken('GB') }, { locale: 'en-gb' }, context)).body.decisions[0].variationKey).toBe('winter');
    // Without the token the flag is ignored, and a token for another site does not count.
    expect((await decide({}, { locale: 'en-gb' }, context)).body.decisions[0].variationKey).toBe('baseline');
    expect((await decide({ 'x-preview-token': await previewToken('US') }, { locale: 'en-gb' }, context)).body.decisions[0].variationKey).toBe('baseline');
  });
  it('answers ATTR200 for another organisation, ATTR300 without a payload and ATTR100 for an event without its type', async () => {
    const post = (brand: string, body: string) =>
      getJson<Json>(`/api/engine/v1/decide/${brand}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body });
    const other = await post('OTHER', '{}');
    expect([other.status, other.body.errorId]).toEqual([404, 'ATTR200']);
    for (const payload of ['{}', JSON.stringify({ page: 'home', events: [] })]) {
      const empty = await post('CRN', payload);
      expect([empty.status, empty.body.errorId, empty.body.details[0].field]).toEqual([400, 'ATTR300', 'events']);
    }
    const untyped = await post('CRN', JSON.stringify({ events: [{ eventType: 'monetate:context:PageView' }, { pageType: 'home' }] }));
    expect([untyped.status, untyped.body.errorId, untyped.body.details]).toEqual([
      400,
      'ATTR100',
      [{ field: 'events.1.eventType', message: 'Every event needs an eventType.' }],
    ]);
    expect((await post('CRN', JSON.stringify({ events: [{ eventType: 'monetate:context:PageView' }] }))).status).toBe(200);
  });
});
