// The CMS's article search, showcase, category and product content on a fresh store (account-content §7),
// and child pages as a client building a section's navigation uses them.

import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson, previewToken } from './helpers.ts';

type Json = Record<string, any>;
const api = (path: string, headers: Record<string, string> = {}) => getJson<Json>(`/api/publish/caas/v1/${path}`, { headers });

describe('article search', () => {
  it('answers a page of seeded stories, newest first, with the facet and tag counts', async () => {
    const { status, body } = await api('search/US/article?locale=en-us&limit=5');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ total: 18, offset: 0, limit: 5 });
    expect(body.result.items.map((a: Json) => a.id)).toEqual(['story-01', 'story-02', 'story-03', 'story-04', 'story-05']);
    expect(body.facets).toContainEqual({ id: 'gear-care', label: 'Gear care', count: 5, selected: false });
    expect(body.tags[0]).toEqual({ id: 'boots', count: 3, selected: false });
  });

  it('narrows by tag and facet, and pages on with offset', async () => {
    const boots = (await api('search/US/article?locale=en-us&tagId=boots&facet=gear-care')).body;
    expect(boots.result.items.map((a: Json) => a.id)).toEqual(['story-02', 'story-17']);
    expect(boots.facets.find((f: Json) => f.id === 'hiking')).toMatchObject({ count: 1, selected: false });
    const second = (await api('search/US/article?locale=en-us&offset=16&limit=5')).body.result;
    expect(second.items.map((a: Json) => a.id)).toEqual(['story-17', 'story-18']);
  });

  it('searches each locale in its own words', async () => {
    const { body } = await api('search/FR/article?locale=fr-fr&q=cuir');
    expect(body.locale).toBe('fr-fr');
    expect(body.result.items.map((a: Json) => a.id)).toContain('story-02');
  });

  it('refuses a page it cannot serve with a coded 400', async () => {
    for (const query of ['limit=0', 'limit=500', 'offset=-3', 'tagId=%3Cscript%3E']) {
      const { status, body } = await api(`search/US/article?locale=en-us&${query}`);
      expect({ query, status, errorId: body.errorId }).toEqual({ query, status: 400, errorId: 'API400' });
    }
    expect((await api('search/US/nothing?locale=en-us')).status).toBe(404);
  });
});

describe('showcase', () => {
  it('pages through the stories showcase in the layout asked', async () => {
    const { body } = await api('showcase/US/stories?locale=en-us&layoutVariant=hero&limit=2');
    expect(body.result).toMatchObject({ total: 4, limit: 2 });
    expect(body.result.items.map((b: Json) => b.variant)).toEqual(['hero', 'hero']);
    expect(body.layoutVariants).toEqual([
      { id: 'hero', count: 4, selected: true },
      { id: 'split', count: 14, selected: false },
    ]);
    const split = (await api('showcase/US/stories?locale=en-us&layoutVariant=split&offset=12')).body.result;
    expect(split).toMatchObject({ total: 14, offset: 12 });
    expect(split.items).toHaveLength(2);
  });
});

describe('category and product content', () => {
  it('answers the stories about a category, by its catalog id', async () => {
    const boots = (await getJson<Json>('/api/publish/caas/v1/menu/US?locale=en-us')).body;
    const url = JSON.stringify(boots).match(/\/en-us\/c\/mens-boots-(\d+)/);
    expect(url).not.toBeNull();
    const { status, body } = await api(`category/US/${url?.[1]}?locale=en-us`);
    expect(status).toBe(200);
    expect(body.document.items[0]).toMatchObject({ type: 'ArticleGrid', title: 'Stories' });
    expect(body.document.items[0].articles.map((a: Json) => a.id)).toEqual(['story-02']);
  });

  it('answers the stories a product is pictured in, whatever the case of its id', async () => {
    const search = (await api('search/US/article?locale=en-us&tagId=leather')).body.result.items[0];
    const productId = search.picture.source.productId as string;
    const { status, body } = await api(`product/US/${productId.toUpperCase()}?locale=en-us`);
    expect(status).toBe(200);
    expect(body.document.items[0].articles.map((a: Json) => a.id)).toEqual(['story-02']);
  });
});

describe('child pages', () => {
  const page = (key: string) => ({ siteId: 'US', locale: 'en-us', kind: 'page', key });
  const template = async () =>
    (await getJson<Json>('/admin/content?siteId=US&locale=en-us&kind=page&key=events/trail-day', { headers: ADMIN_HEADERS })).body.document.versions.find(
      (version: Json) => version.status === 'published',
    ).body;

  it("list a section's live pages with their titles and addresses; drafts only in preview", async () => {
    const body = { ...(await template()), metadata: { htmlTitle: 'Spring Trail Day | Cairn' } };
    const save = await getJson<Json>('/admin/content', { method: 'PUT', headers: ADMIN_HEADERS, body: JSON.stringify({ ...page('events/spring-day'), body }) });
    expect(save.status).toBe(201);

    expect((await api('children/US/events?locale=en-us')).body.children).toEqual([
      { key: 'events/trail-day', url: '/en-us/events/trail-day', title: 'Trail Day 2027 | Cairn' },
    ]);
    const drafts = await getJson<Json>('/api/preview/caas/v1/children/US/events?locale=en-us', { headers: { 'x-preview-token': await previewToken('US') } });
    expect(drafts.body.children.map((c: Json) => [c.key, c.title])).toEqual([
      ['events/spring-day', 'Spring Trail Day | Cairn'],
      ['events/trail-day', 'Trail Day 2027 | Cairn'],
    ]);
    expect(drafts.headers.get('cache-control')).toContain('no-store');

    const published = await getJson<Json>('/admin/content/publish', {
      method: 'POST',
      headers: ADMIN_HEADERS,
      body: JSON.stringify(page('events/spring-day')),
    });
    expect(published.status).toBe(200);
    expect((await api('children/US/events?locale=en-us')).body.children.map((c: Json) => c.key)).toEqual(['events/spring-day', 'events/trail-day']);
    // Another locale's section is its own.
    expect((await api('children/FR/events?locale=fr-fr')).body.children.map((c: Json) => c.key)).toEqual(['events/trail-day']);
  });

  it('need a preview token to show drafts', async () => {
    const { status, body } = await getJson<Json>('/api/preview/caas/v1/children/US/events?locale=en-us');
    expect(status).toBe(401);
    expect(body.errorId).toBe('AUT401');
  });
});
