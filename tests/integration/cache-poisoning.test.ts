// The publish cache cannot be poisoned: publish reads are always "now", whatever preview input comes with
// them (query flags, preview headers, even a valid preview token), and a background refresh of a live key
// stores only what is live now. Each cached kind is tried through each input on the German site, where
// every document also has a draft and a version scheduled for 2099.

import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetAll } from '../../src/worker/content/memory.ts';
import { purge } from '../../src/worker/content/purge.ts';
import { contentKey } from '../../src/worker/content/service.ts';
import { ADMIN_HEADERS, getJson, previewToken, request } from './helpers.ts';

type Json = Record<string, any>;
const SCHEDULED = 'Scheduled for 2099';
const DRAFT = 'Unpublished draft';

interface Kind {
  name: string;
  kind: string;
  key: string;
  /** The KV kind of the live entry (augmented documents are cached apart from raw ones). */
  cached: string;
  path: string;
}

const KINDS: Kind[] = [
  { name: 'page', kind: 'page', key: 'home', cached: 'page', path: '/api/publish/caas/v1/page/DE/home?locale=de-de' },
  { name: 'augmented page', kind: 'page', key: 'home', cached: 'augmented-page', path: '/api/publish/caas/v1/canvas/augmentedpage/DE/home?locale=de-de' },
  { name: 'menu', kind: 'menu', key: '', cached: 'menu', path: '/api/publish/caas/v1/menu/DE?locale=de-de' },
  { name: 'footer', kind: 'footer', key: '', cached: 'augmented-footer', path: '/api/publish/caas/v1/footer/DE?locale=de-de' },
  { name: 'popups', kind: 'popups', key: '', cached: 'popups', path: '/api/publish/caas/v1/popups/DE?locale=de-de' },
  { name: 'fragment', kind: 'fragment', key: 'promo-bar', cached: 'fragment', path: '/api/publish/caas/v1/fragment/promo-bar?siteId=DE&locale=de-de' },
  { name: 'espot', kind: 'espot', key: 'cart', cached: 'augmented-espot', path: '/api/publish/caas/v1/espot/DE/cart?locale=de-de' },
];

/** Every way a request can ask for preview content; the token is filled in before the tests run. */
const INPUTS: { name: string; query?: string; headers?: Record<string, string> }[] = [
  { name: 'preview=true', query: 'preview=true' },
  { name: 'a past previewDateTime', query: 'previewDateTime=2000-01-01T00:00:00Z' },
  { name: 'a future previewDateTime', query: 'previewDateTime=2099-06-01T00:00:00Z' },
  { name: 'the x-preview header', headers: { 'x-preview': 'true' } },
  { name: 'a past x-preview-date-time', headers: { 'x-preview-date-time': '2000-01-01T00:00:00Z' } },
  { name: 'a future x-preview-date-time', headers: { 'x-preview-date-time': '2099-06-01T00:00:00Z' } },
  { name: 'a valid preview token', query: 'preview=true&previewDateTime=2099-06-01T00:00:00Z', headers: {} },
];

/** The same document with a marker where its kind shows text. */
function marked(kind: string, body: Json, marker: string): Json {
  const copy = structuredClone(body);
  const text: Json = { type: 'RichText', id: `marker-${marker.length}`, richText: `<p>${marker}</p>` };
  if (kind === 'page') copy.content.sections[0].items.unshift(text);
  else if (kind === 'menu') copy.items[0].title = marker;
  else if (kind === 'popups') copy.popups[0].minimizedTitle = marker;
  else copy.items.unshift(text);
  return copy;
}

async function admin(method: string, path: string, body: Json) {
  const response = await getJson<Json>(path, { method, headers: ADMIN_HEADERS, body: JSON.stringify(body) });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
}

/** Waits for background cache writes (waitUntil) to land. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 50 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

const liveKey = (kind: Kind) => contentKey('DE', 'publish', kind.cached, 'de-de', kind.key);

beforeAll(async () => {
  const token = await previewToken('DE');
  (INPUTS.at(-1) as { headers: Record<string, string> }).headers = { 'x-preview-token': token };
  for (const { kind, key } of new Map(KINDS.map((k) => [`${k.kind}:${k.key}`, k])).values()) {
    const ref = { siteId: 'DE', locale: 'de-de', kind, key };
    const current = await getJson<Json>(`/admin/content?${new URLSearchParams(ref)}`, { headers: ADMIN_HEADERS });
    const live = current.body.document.versions.find((v: Json) => v.status === 'published').body;
    await admin('PUT', '/admin/content', { ...ref, body: marked(kind, live, SCHEDULED) });
    await admin('POST', '/admin/content/publish', { ...ref, publishFrom: '2099-01-01T00:00:00Z' });
    await admin('PUT', '/admin/content', { ...ref, body: marked(kind, live, DRAFT) });
  }
});

beforeEach(() => purge(env.CONTENT, { by: 'all', siteId: 'DE', mode: 'publish' }));

describe('publish reads ignore every preview input', () => {
  const cases = KINDS.flatMap((kind) => INPUTS.map((input) => ({ kind, input, label: `${kind.name} through ${input.name}` })));

  it.each(cases)('$label: live content answered and stored', async ({ kind, input }) => {
    const separator = kind.path.includes('?') ? '&' : '?';
    const response = await request(`${kind.path}${input.query ? `${separator}${input.query}` : ''}`, { headers: input.headers ?? {} });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(SCHEDULED);
    expect(text).not.toContain(DRAFT);
    const stored = await settled(
      () => env.CONTENT.get(liveKey(kind)),
      (value) => value !== null,
    );
    expect(stored, 'the live entry is stored').not.toBeNull();
    expect(stored).not.toContain(SCHEDULED);
    expect(stored).not.toContain(DRAFT);
  });

  it.each(cases)('$label: a stale live entry is refreshed with live content, never removed', async ({ kind, input }) => {
    const key = liveKey(kind);
    await request(kind.path);
    const fresh = await settled(
      () => env.CONTENT.getWithMetadata<{ fetchedAt: number; freshSeconds: number; tags: string[] }>(key),
      (entry) => entry.value !== null,
    );
    const staleAt = Date.now() - 7 * 24 * 3_600_000;
    await env.CONTENT.put(key, fresh.value as string, { metadata: { ...fresh.metadata, fetchedAt: staleAt } });
    // The isolate's few seconds of memory in front of KV would answer first.
    forgetAll();
    const separator = kind.path.includes('?') ? '&' : '?';
    const response = await request(`${kind.path}${input.query ? `${separator}${input.query}` : ''}`, { headers: input.headers ?? {} });
    expect(response.headers.get('cache-status')).toContain('stale-while-revalidate');
    const refreshed = await settled(
      () => env.CONTENT.getWithMetadata<{ fetchedAt: number }>(key),
      (entry) => entry.value === null || (entry.metadata?.fetchedAt ?? 0) > staleAt,
    );
    expect(refreshed.value, 'the entry is still there').not.toBeNull();
    expect(refreshed.metadata?.fetchedAt).toBeGreaterThan(staleAt);
    expect(refreshed.value).not.toContain(SCHEDULED);
    expect(refreshed.value).not.toContain(DRAFT);
  });
});

describe('pages ignore preview input without a token', () => {
  it('a German page asked for 2099 renders and caches only live content', async () => {
    for (const query of ['previewDateTime=2099-06-01T00:00:00Z', 'preview=true', 'previewDateTime=2000-01-01T00:00:00Z']) {
      const response = await request(`/de-de?${query}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain(SCHEDULED);
      expect(html).not.toContain(DRAFT);
    }
    for (const kind of KINDS.filter((k) => ['augmented-page', 'menu', 'augmented-footer', 'popups'].includes(k.cached))) {
      const stored = await settled(
        () => env.CONTENT.get(liveKey(kind)),
        (value) => value !== null,
      );
      expect(stored, kind.name).not.toBeNull();
      expect(stored).not.toContain(SCHEDULED);
      expect(stored).not.toContain(DRAFT);
    }
  });
});

describe('answers chosen by a header say so', () => {
  it('sends Vary on the country list and the content API', async () => {
    const countries = await request('/api/utilities/countryList', { headers: { 'x-locale': 'fr-fr' } });
    expect(countries.headers.get('vary')).toMatch(/x-locale/i);
    const menu = await request('/api/publish/caas/v1/menu/CA', { headers: { 'x-locale': 'fr-ca' } });
    expect(menu.headers.get('vary')).toMatch(/x-locale/i);
    expect(((await menu.json()) as Json).locale).toBe('fr-ca');
  });
});
