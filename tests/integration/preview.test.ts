// Preview is for marketers only: drafts and scheduled content need a signed preview token for the site,
// from the admin API, carried as the site's preview cookie (set by a preview link) or a header.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { signPreviewToken } from '../../src/worker/content/preview.ts';
import { ADMIN_HEADERS, getJson, namedAdmin, ORIGIN, previewToken, request } from './helpers.ts';

type Json = Record<string, any>;
const DRAFT_TITLE = 'Draft only: the spring lookbook';
const DRAFT_PATH = '/en-us/spring-lookbook';

async function saveDraftPage() {
  const body = {
    content: { sections: [{ name: 'main', items: [{ type: 'RichText', id: 'lookbook', richText: `<p>${DRAFT_TITLE}</p>` }] }] },
    metadata: { htmlTitle: DRAFT_TITLE },
  };
  const saved = await request('/admin/content', {
    method: 'PUT',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({ siteId: 'US', locale: 'en-us', kind: 'page', key: 'spring-lookbook', body }),
  });
  expect(saved.status).toBe(201);
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await request(path, { headers });
  return { status: response.status, html: await response.text(), cacheControl: response.headers.get('cache-control') };
}

beforeAll(saveDraftPage);

describe('preview on pages', () => {
  it('ignores every preview input without a token: the draft stays a 404', async () => {
    for (const query of ['?preview=true', '?previewDateTime=2030-01-01T00:00:00Z', '']) {
      const response = await page(`${DRAFT_PATH}${query}`);
      expect(response.status, query).toBe(404);
      expect(response.html).not.toContain(DRAFT_TITLE);
    }
    expect((await page(DRAFT_PATH, { 'x-preview': 'true', 'x-preview-date-time': '2030-01-01T00:00:00Z' })).status).toBe(404);
  });

  it('serves the published page, private, when the flags come without a token', async () => {
    const live = await page('/en-us?preview=true');
    expect(live.status).toBe(200);
    expect(live.html).not.toContain('Preview: the winter edit');
    expect(live.cacheControl).toBe('private, no-cache');
    // Links do not carry the refused flag.
    expect(live.html).not.toMatch(/href="\/en-us[^"]*preview=true/);
  });

  it('shows the draft with a token in the header, marked and never stored', async () => {
    const token = await previewToken('US');
    const draft = await page(`${DRAFT_PATH}?preview=true`, { 'x-preview-token': token });
    expect(draft.status).toBe(200);
    expect(draft.html).toContain(DRAFT_TITLE);
    expect(draft.html).toContain('class="preview-bar"');
    expect(draft.cacheControl).toBe('private, no-store');
    // Links keep the preview for the marketer.
    expect(draft.html).toMatch(/href="\/en-us\/c\/[^"]*preview=true/);
  });

  it('refuses a token of another site, a forged one and an expired one', async () => {
    const gb = await previewToken('GB');
    const forged = (await signPreviewToken('not-the-secret', { siteId: 'US', at: null, actor: 'mallory', expiresAt: new Date(Date.now() + 3_600_000) })).token;
    const expired = (await signPreviewToken(env.PREVIEW_SECRET as string, { siteId: 'US', at: null, actor: 'm', expiresAt: new Date(Date.now() - 1000) }))
      .token;
    for (const token of [gb, forged, expired, 'x.y.z', 'garbage']) {
      expect((await page(`${DRAFT_PATH}?preview=true`, { 'x-preview-token': token })).status).toBe(404);
    }
  });

  it('opens a preview link: the token goes into an HttpOnly cookie and out of the address', async () => {
    const granted = await getJson<Json>('/admin/preview', {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify({ siteId: 'US', path: DRAFT_PATH, hours: 2 }),
    });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ siteId: 'US', header: 'x-preview-token', previewDateTime: null });
    expect(Date.parse(granted.body.expiresAt) - Date.now()).toBeGreaterThan(7_000_000);
    const link = new URL(granted.body.link);
    const opened = await request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${DRAFT_PATH}?preview=true`);
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^cairn-preview-us=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    const draft = await page(`${DRAFT_PATH}?preview=true`, { cookie: cookie.split(';')[0] as string });
    expect(draft.status).toBe(200);
    expect(draft.html).toContain(DRAFT_TITLE);
    // The cookie of the US site does not open the German site's preview.
    expect((await page('/de-de?preview=true', { cookie: cookie.replace('cairn-preview-us', 'cairn-preview-de').split(';')[0] as string })).html).not.toContain(
      'class="preview-bar"',
    );
    const audit = await getJson<Json>('/admin/audit?subject=preview:US', { headers: ADMIN_HEADERS });
    expect(audit.body.entries[0]).toMatchObject({ action: 'preview.grant', details: { tokenId: granted.body.tokenId, path: DRAFT_PATH } });
  });

  it('stops a preview token an operator revokes, and every one a revoked admin token made', async () => {
    const revoked = await getJson<Json>('/admin/preview', { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ siteId: 'US' }) });
    const draftWith = (token: string) => page(`${DRAFT_PATH}?preview=true`, { 'x-preview-token': token });
    expect((await draftWith(revoked.body.token)).status).toBe(200);
    const revoke = await getJson<Json>(`/admin/preview/${revoked.body.tokenId}`, { method: 'DELETE', headers: ADMIN_HEADERS });
    expect(revoke.status).toBe(200);
    expect((await draftWith(revoked.body.token)).status).toBe(404);
    const link = new URL(revoked.body.link);
    expect((await request(`${link.pathname}${link.search}`)).status).toBe(401);

    const leaving = await namedAdmin('leaving.marketer@cairn.test');
    const theirs = await getJson<Json>('/admin/preview', { method: 'POST', headers: leaving.headers, body: JSON.stringify({ siteId: 'US' }) });
    expect((await draftWith(theirs.body.token)).status).toBe(200);
    await request(`/admin/tokens/${leaving.id}`, { method: 'DELETE', headers: ADMIN_HEADERS });
    expect((await draftWith(theirs.body.token)).status).toBe(404);
  });

  it('answers an invalid or expired preview link with a page that says so', async () => {
    const response = await request('/preview?token=a.b.c&to=/en-us');
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('robots');
  });

  it('leaves preview through the exit link', async () => {
    const exit = await request(`/preview/exit?site=US&to=${encodeURIComponent('/en-us/stories?preview=true&x=1')}`);
    expect(exit.status).toBe(303);
    expect(exit.headers.get('location')).toBe('/en-us/stories?x=1');
    expect(exit.headers.get('set-cookie')).toMatch(/cairn-preview-us=;.*Max-Age=0/i);
    // Only pages of the named site are a way back.
    for (const to of ['//evil.example/x', '/en-us/..//evil.example/x', '/en-us/%2e%2e//evil.example/x']) {
      const away = await request(`/preview/exit?site=US&to=${encodeURIComponent(to)}`);
      expect(away.headers.get('location'), to).toBe('/en-us');
    }
  });

  it('keeps a time-scoped token on its moment', async () => {
    const token = await previewToken('US', { previewDateTime: '2099-01-01T00:00:00Z' });
    const scoped = await page('/en-us?preview=true&previewDateTime=2000-01-01T00:00:00Z', { 'x-preview-token': token });
    expect(scoped.status).toBe(200);
    // The bar names the token's moment, not the one asked for in the query.
    expect(scoped.html).toMatch(/preview-bar[^<]*<span>[^<]*2099/);
  });

  it('refuses to grant without the admin bearer, or for a page of another site', async () => {
    expect(
      (await request('/admin/preview', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: '{"siteId":"US"}' })).status,
    ).toBe(401);
    const wrongSite = await getJson<Json>('/admin/preview', { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify({ siteId: 'US', path: '/de-de' }) });
    expect(wrongSite.status).toBe(400);
    expect(wrongSite.body.errorId).toBe('API400');
  });
});

describe('preview content API', () => {
  const paths = ['/api/preview/caas/v1/page/US/spring-lookbook?locale=en-us', '/api/pre/publish/caas/v1/page/US/spring-lookbook?locale=en-us'];

  it('answers 401 with a coded error without a token, whatever the flags', async () => {
    for (const path of paths) {
      const attempts: Record<string, string>[] = [{}, { 'x-preview': 'true' }, { 'x-preview-token': 'a.b.c' }, { 'x-preview-token': await previewToken('GB') }];
      for (const headers of attempts) {
        const response = await getJson<Json>(path, { headers });
        expect(response.status).toBe(401);
        expect(response.body.errorId).toBe('AUT401');
        expect(response.headers.get('www-authenticate')).toContain('cairn-preview');
      }
    }
  });

  it('reads drafts with a token for the site, in its header or as a bearer token', async () => {
    const token = await previewToken('US');
    for (const [path, headers] of paths.flatMap((p) => [
      [p, { 'x-preview-token': token }],
      [p, { authorization: `Bearer ${token}` }],
    ])) {
      const response = await getJson<Json>(path as string, { headers: headers as Record<string, string> });
      expect(response.status).toBe(200);
      expect(response.body.document.metadata.htmlTitle).toBe(DRAFT_TITLE);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});
