// A bad document never takes the store down: the admin API refuses bodies that do not fit their kind, and
// a broken document that reaches the store anyway (written around the API, or from an external content
// service) costs only its own part of the page, logged with the request's correlation id.

import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAll } from '../../src/worker/content/memory.ts';
import { purge } from '../../src/worker/content/purge.ts';
import { ADMIN_HEADERS, getJson, ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;

/** Publishes a body as the live version of a US document, straight into D1 as an old import or another tool would. */
async function publishAround(kind: string, key: string, body: unknown) {
  const id = `US:en-us:${kind}:${key}`;
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare('INSERT OR IGNORE INTO content_documents (id, site_id, locale, kind, key, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)').bind(
      id,
      'US',
      'en-us',
      kind,
      key,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO content_versions (document_id, version, status, body, tags, publish_from, created_at, created_by) SELECT ?1, COALESCE(MAX(version), 0) + 1, 'published', ?2, '[]', ?3, ?3, 'import' FROM content_versions WHERE document_id = ?1",
    ).bind(id, JSON.stringify(body), new Date(Date.now() - 60_000).toISOString()),
  ]);
  await purge(env.CONTENT, { by: 'all', siteId: 'US', mode: 'publish' });
  forgetAll();
}

async function liveBody(kind: string, key = ''): Promise<Json> {
  const current = await getJson<Json>(`/admin/content?siteId=US&locale=en-us&kind=${kind}&key=${key}`, { headers: ADMIN_HEADERS });
  return structuredClone(current.body.document.versions.find((version: Json) => version.status === 'published').body);
}

async function save(kind: string, key: string, body: unknown) {
  return getJson<Json>('/admin/content', { method: 'PUT', headers: ADMIN_HEADERS, body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind, key, body }) });
}

let errors: string[] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    errors.push(String(line));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the admin API checks a body against its kind', () => {
  it.each([
    ['a page that is a list of blocks', 'page', 'refused-page', { items: [] }, 'body.content'],
    ['a menu node without an id', 'menu', '', { items: [{ title: 'Men' }] }, 'body.items.0.id'],
    ['a pop-up with only an id', 'popups', '', { popups: [{ id: 'p1' }] }, 'body.popups.0.name'],
    ['a block of no known type', 'espot', 'cart', { items: [{ type: 'Marquee', id: 'm' }] }, 'body.items.0.type'],
    ['a banner without its variant', 'fragment', 'refused-banner', { items: [{ type: 'Banner', id: 'b' }] }, 'body.items.0.variant'],
  ])('refuses %s with API400 naming the field', async (_name, kind, key, body, field) => {
    const response = await save(kind, key, body);
    expect(response.status).toBe(400);
    expect(response.body.errorId).toBe('API400');
    expect(response.body.message.startsWith(field)).toBe(true);
    expect(response.body.details[0].field).toBe(field);
  });

  it('refuses to publish a broken draft written around the API', async () => {
    const id = 'US:en-us:fragment:broken-draft';
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO content_documents (id, site_id, locale, kind, key, created_at) VALUES (?1, 'US', 'en-us', 'fragment', 'broken-draft', ?2)",
      ).bind(id, now),
      env.DB.prepare(
        "INSERT INTO content_versions (document_id, version, status, body, tags, created_at, created_by) VALUES (?1, 1, 'draft', ?2, '[]', ?3, 'import')",
      ).bind(id, JSON.stringify({ items: [{ type: 'PromoBar', id: 'p' }] }), now),
    ]);
    const response = await getJson<Json>('/admin/content/publish', {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'fragment', key: 'broken-draft' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('body.items.0.messages');
  });
});

describe('a broken document in the store', () => {
  it('a menu node without an id is left out; the other nodes and every page stay up', async () => {
    const menu = await liveBody('menu');
    const dropped = menu.items[0].title;
    menu.items[0] = { title: dropped };
    await publishAround('menu', '', menu);
    for (const path of ['/en-us', '/en-us/c/mens-boots-27713', '/en-us/no-such-page']) {
      const response = await request(path, { headers: { 'x-correlation-id': 'broken-menu-0001' } });
      expect(response.status, path).toBe(path.endsWith('no-such-page') ? 404 : 200);
      const html = await response.text();
      expect(html).toMatch(/<\/html>$/);
      expect(html).toContain('class="mega"');
      expect(html).toContain(menu.items[1].title);
    }
    const logged = errors.map((line) => JSON.parse(line) as Json).find((entry) => entry.event === 'content.invalid_document');
    expect(logged).toMatchObject({ correlationId: 'broken-menu-0001', kind: 'menu', problems: [expect.stringContaining('items.0.id')] });
  });

  it('a menu that is no menu at all gives way to the category navigation', async () => {
    await publishAround('menu', '', { items: 'Men, Women' });
    const response = await request('/en-us');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('class="mega"');
    expect(html).toContain('class="main-nav"');
    expect(html).toMatch(/<\/html>$/);
  });

  it('a pop-up with only an id is left out and the page completes', async () => {
    await publishAround('popups', '', { popups: [{ id: 'p1' }] });
    const response = await request('/en-us/c/mens-boots-27713', { headers: { 'x-correlation-id': 'broken-popup-0001' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('data-popup-id="p1"');
    expect(html).toContain('class="site-footer"');
    expect(html).toMatch(/<\/html>$/);
    expect(errors.some((line) => line.includes('"broken-popup-0001"') && line.includes('content.invalid_document'))).toBe(true);
  });

  it('a home page that is not a page falls back to the catalog home, and the decision endpoint answers 404', async () => {
    await publishAround('page', 'home', { items: [] });
    const home = await request('/en-us');
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/href="\/en-us\/c\/[^"]+"/);
    const decide = await getJson<Json>('/api/engine/v1/decide/CRN', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ page: 'home', locale: 'en-us', events: [{ eventType: 'monetate:context:PageView' }] }),
    });
    expect(decide.status).toBe(404);
    expect(decide.body.errorId).toBe('API404');
  });

  it('one broken block in a page costs only that block', async () => {
    const page = {
      content: {
        sections: [
          {
            name: 'main',
            items: [
              { type: 'RichText', id: 'kept', richText: '<p>Still here</p>' },
              { type: 'Accordion', id: 'broken', items: 'nope' },
            ],
          },
        ],
      },
      metadata: { htmlTitle: 'Half broken' },
    };
    await publishAround('page', 'half-broken', page);
    const response = await request('/en-us/half-broken');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Still here');
  });
});

describe('chrome shared by every page', () => {
  it('marks the current link per request, not as the first visitor saw it', async () => {
    const footer = await liveBody('footer');
    footer.items.unshift({
      type: 'SecondaryNavigation',
      id: 'footer-subnav',
      title: 'Explore',
      targets: [
        { text: 'Stories', url: '/en-us/stories' },
        { text: 'Trail Day', url: '/en-us/events/trail-day' },
      ],
    });
    await publishAround('footer', '', footer);
    const footerOf = async (path: string) => {
      const html = await (await request(path)).text();
      return html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
    };
    const stories = await footerOf('/en-us/stories');
    const event = await footerOf('/en-us/events/trail-day');
    expect(stories).toMatch(/class="subnav__link is-current" href="\/en-us\/stories" aria-current="page"/);
    expect(stories).not.toMatch(/href="\/en-us\/events\/trail-day" aria-current/);
    expect(event).toMatch(/class="subnav__link is-current" href="\/en-us\/events\/trail-day" aria-current="page"/);
    expect(event).not.toMatch(/href="\/en-us\/stories" aria-current/);
    // Apart from the marks, both pages get the very same footer.
    const unmarked = (html: string) => html.replace(/ is-current/g, '').replace(/ aria-current="page"/g, '');
    expect(unmarked(stories)).toBe(unmarked(event));
  });
});

describe('page metadata', () => {
  it('refuses a canonical that is no URL, and a page that has one anyway renders with its own address instead', async () => {
    const page = {
      content: { sections: [{ name: 'main', items: [{ type: 'RichText', id: 'x', richText: '<p>Canonical test</p>' }] }] },
      metadata: { canonical: 'http://[' },
    };
    const refused = await save('page', 'bad-canonical', page);
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe('body.metadata.canonical');
    await publishAround('page', 'bad-canonical', page);
    const response = await request('/en-us/bad-canonical');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Canonical test');
    expect(html).toContain('<link rel="canonical" href="https://store.test/en-us/bad-canonical"/>');
  });
});
