// Bad input found by probing the store as an outsider: each answers a fitting coded 4xx (or a plain 404
// page) and changes nothing, where it used to answer 500.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson, ORIGIN, request, shoeWithWidths } from './helpers.ts';

type Json = Record<string, any>;
const JSON_POST = { 'content-type': 'application/json', origin: ORIGIN };

async function post(path: string, body: BodyInit, headers: Record<string, string> = JSON_POST) {
  const response = await request(path, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, text, json: text.startsWith('{') ? (JSON.parse(text) as Json) : null, headers: response.headers };
}

describe('JSON bodies', () => {
  const endpoints = async () => {
    const shoe = await shoeWithWidths();
    return [
      { path: `/api/products/v1/products/${shoe.id}/availability`, headers: JSON_POST },
      { path: '/api/engine/v1/decide/CRN', headers: JSON_POST },
      { path: '/admin/cache/purge', headers: ADMIN_HEADERS },
    ];
  };
  const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);

  it.each([
    ['malformed', '{"storeIds":["US-0001"]', 'not valid JSON'],
    ['empty', '', 'empty'],
    ['invalid UTF-8', invalidUtf8, 'UTF-8'],
    ['nested 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'nests deeper'],
  ] as const)('a %s body is an API400 that says so', async (_name, body, message) => {
    for (const { path, headers } of await endpoints()) {
      const response = await post(path, body as BodyInit, headers);
      expect(response.status, path).toBe(400);
      expect(response.json?.errorId).toBe('API400');
      expect(response.json?.message).toContain(message);
    }
  });

  it('refuses a body that only mentions JSON in its content type', async () => {
    const response = await post('/api/engine/v1/decide/CRN', '{"page":"home"}', { 'content-type': 'text/plain; application/json', origin: ORIGIN });
    expect(response.status).toBe(415);
    expect(response.json?.errorId).toBe('API415');
  });

  it('refuses a body over the limit with a coded 413, smaller for shoppers than for admins', async () => {
    const big = JSON.stringify({ page: 'home', events: [{ eventType: 'x'.repeat(70 * 1024) }] });
    const shopper = await post('/api/engine/v1/decide/CRN', big);
    expect(shopper.status).toBe(413);
    expect(shopper.json?.errorId).toBe('API413');
    const admin = await post('/admin/cache/purge', big, ADMIN_HEADERS);
    expect(admin.status).toBe(400);
    const huge = await post('/admin/cache/purge', JSON.stringify({ tag: 'x'.repeat(1100 * 1024) }), ADMIN_HEADERS);
    expect(huge.status).toBe(413);
  });
});

describe('methods', () => {
  it('answers API405 with Allow for a wrong method on a known path', async () => {
    const response = await request('/api/products/v2/catalog', { method: 'DELETE', headers: { origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(((await response.json()) as Json).errorId).toBe('API405');
    const page = await request('/en-us/c/mens-boots-27713', { method: 'POST', headers: { origin: ORIGIN } });
    expect(page.status).toBe(405);
    expect(await page.text()).toContain('<html');
  });
  it('still answers API404 for an unknown path', async () => {
    const response = await getJson<Json>('/api/nothing/here', { method: 'DELETE', headers: { origin: ORIGIN } });
    expect(response.status).toBe(404);
    expect(response.body.errorId).toBe('API404');
  });
});

describe('keys and queries', () => {
  it('caps content keys before they reach KV', async () => {
    const long = 'a'.repeat(490);
    expect((await request(`/en-us/${long}`)).status).toBe(404);
    const api = await getJson<Json>(`/api/publish/caas/v1/page/US/${long}`);
    expect(api.status).toBe(400);
    expect(api.body.errorId).toBe('API400');
    const decide = await post('/api/engine/v1/decide/CRN', JSON.stringify({ page: long }));
    expect(decide.status).toBe(400);
  });

  it('refuses empty store coordinates instead of reading them as 0,0', async () => {
    const response = await getJson<Json>('/api/utilities/stores?lat=&lng=');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('lat must be a number of degrees');
  });

  it('reads a product content id in either case', async () => {
    const shoe = await shoeWithWidths();
    const upper = await request(`/api/publish/caas/v1/product/US/${shoe.id}`);
    const lower = await request(`/api/publish/caas/v1/product/US/${shoe.id.toLowerCase()}`);
    expect(upper.status).toBe(lower.status);
    expect(upper.status).not.toBe(400);
  });

  it('ignores an oversized test context and does not carry it into links', async () => {
    const huge = encodeURIComponent(JSON.stringify({ 'home-hero-2026': 'x'.repeat(48 * 1024) }));
    const response = await request(`/en-us/c/mens-boots-27713?p13n_testcontext=${huge}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.length).toBeLessThan(400_000);
    expect(html).not.toContain('p13n_testcontext');
  });
});

describe('files and media', () => {
  it('answers a missing asset with a plain 404, never a page or a redirect', async () => {
    const response = await request('/assets/missing-0000.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('Not found');
  });

  it('checks media paths as strictly as links', async () => {
    const body = {
      items: [
        {
          type: 'Banner',
          id: 'offsite',
          variant: 'image',
          media: { type: 'image', source: { kind: 'path', path: '/\\evil.com/x.png' }, alt: '', width: 10, height: 10 },
        },
      ],
    };
    const saved = await getJson<Json>('/admin/content', {
      method: 'PUT',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'fragment', key: 'offsite-image', body }),
    });
    expect(saved.status).toBe(400);
    expect(saved.body.details[0].field).toBe('body.items.0.media.source.path');
  });
});

describe('the consent form', () => {
  const form = (fields: Record<string, string>) =>
    post('/en-us/consent', new URLSearchParams(fields), { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN });

  it('never follows a redirect with a line break or off the store', async () => {
    for (const redirect of ['/en-us/c\r\nSet-Cookie: x=1', '//evil.example', '/en-usx', '/fr-fr/c/x', 'https://evil.example/']) {
      const response = await form({ choice: 'accept', redirect });
      expect(response.status, redirect).toBe(303);
      expect(response.headers.get('location')).toBe('/en-us');
    }
    expect((await form({ choice: 'accept', redirect: '/en-us/c/x?y=1' })).headers.get('location')).toBe('/en-us/c/x?y=1');
  });

  it('answers a malformed multipart body or an unknown choice with a 400 page', async () => {
    const multipart = await post('/en-us/consent', '--x\r\nContent-Disposition: form-data; name="choice"\r\n\r\naccept', {
      'content-type': 'multipart/form-data; boundary=x',
      origin: ORIGIN,
    });
    expect(multipart.status).toBe(400);
    expect(multipart.text).toContain('<html');
    expect((await form({ choice: 'maybe' })).status).toBe(400);
  });

  it('writes the consent cookie encoded once', async () => {
    const response = await form({ choice: 'save', C0002: '1' });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^OptanonConsent=groups%3DC0001%3A1%2CC0002%3A1%2CC0003%3A0%2CC0004%3A0/);
    expect(cookie).not.toContain('%25');
  });
});

describe('nothing is written by refused requests', () => {
  it('leaves the audit log and the cache as they were', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log').first<{ n: number }>();
    const keys = (await env.CONTENT.list()).keys.length;
    await post('/admin/cache/purge', '{"siteId":', ADMIN_HEADERS);
    await post('/admin/cache/purge', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, ADMIN_HEADERS);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log').first<{ n: number }>()).toEqual(before);
    expect((await env.CONTENT.list()).keys.length).toBe(keys);
  });
});

describe('JSON that is not an object', () => {
  it('is an API400 where an object is expected, even when every field is optional', async () => {
    for (const body of ['[1,2,3]', '"home"', '7', 'null']) {
      const response = await post('/api/engine/v1/decide/CRN', body);
      expect(response.status, body).toBe(400);
      expect(response.json?.errorId).toBe('API400');
    }
  });
});

describe('error pages', () => {
  it('answer a refused cross-site form with a localized 403 page', async () => {
    const response = await request('/fr-fr/consent', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'choice=accept',
    });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('<html lang="fr-FR"');
    expect(html).toContain('Vous ne pouvez pas ouvrir cette page');
    expect(response.headers.get('set-cookie') ?? '').not.toContain('OptanonConsent');
  });
});
