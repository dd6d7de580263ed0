// Search terms and content keys as long as their schemas allow (issue 23, §5): D1 refuses a LIKE or GLOB
// pattern over 50 bytes, so a term of 49 characters once gave a 500. No pattern is built from them now:
// they are compared as text, what they name is still found, and a % or _ is only a character.

import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, getJson } from './helpers.ts';

type Json = Record<string, any>;

const storeIds = async (q: string) => {
  const { status, body } = await getJson<Json>(`/api/utilities/stores?siteId=US&limit=100&q=${encodeURIComponent(q)}`);
  return { status, ids: (body.stores ?? []).map((s: Json) => s.id) as string[] };
};

describe('the store search', () => {
  it('finds a store by part of its name, city or postal code, whatever the case', async () => {
    expect((await storeIds('newbury st')).ids).toEqual(['US-0001']);
    expect((await storeIds('BOSTON')).ids).toContain('US-0001');
    expect((await storeIds('0211')).ids).toContain('US-0001');
  });

  it('answers a term of 49 characters or more, in bytes or in characters, with no stores rather than a 500', async () => {
    for (const q of ['a'.repeat(49), `Cairn Boston Newbury Street${' '.repeat(10)}${'x'.repeat(60)}`, 'é'.repeat(100), '%_\\'.repeat(33)]) {
      expect(await storeIds(q)).toEqual({ status: 200, ids: [] });
    }
  });

  it('takes % and _ as the characters they are, not as wildcards that match every store', async () => {
    expect(await storeIds('%')).toEqual({ status: 200, ids: [] });
    expect(await storeIds('_')).toEqual({ status: 200, ids: [] });
  });
});

describe('child pages', () => {
  async function publishPage(key: string, template: Json) {
    const document = { siteId: 'US', locale: 'en-us', kind: 'page', key };
    const saved = await getJson<Json>('/admin/content', { method: 'PUT', headers: ADMIN_HEADERS, body: JSON.stringify({ ...document, body: template }) });
    expect([200, 201]).toContain(saved.status);
    const published = await getJson<Json>('/admin/content/publish', { method: 'POST', headers: ADMIN_HEADERS, body: JSON.stringify(document) });
    expect(published.status).toBe(200);
  }

  it('are listed under a parent whose key is longer than a LIKE pattern may be, and only its own', async () => {
    const current = await getJson<Json>('/admin/content?siteId=US&locale=en-us&kind=page&key=events/trail-day', { headers: ADMIN_HEADERS });
    const template = current.body.document.versions.find((version: Json) => version.status === 'published').body;
    const parent = `guides/${'long-'.repeat(12)}read`;
    await publishPage(`${parent}/boots`, template);
    await publishPage(`${parent}-more/boots`, template);
    const children = async (key: string) =>
      (await getJson<Json>(`/api/publish/caas/v1/children/US/${key}?locale=en-us`)).body.children?.map((c: Json) => c.key);
    expect(await children(parent)).toEqual([`${parent}/boots`]);
    expect(await children('events')).toEqual(['events/trail-day']);
    expect(await children(`${parent}/boots/${'x'.repeat(40)}`)).toEqual([]);
  });
});
