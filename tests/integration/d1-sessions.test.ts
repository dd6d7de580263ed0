// D1 read replication through the Sessions API (src/worker/middleware/d1-session.ts) against Miniflare's D1: a change
// answers its bookmark, the shopper's next read carries it, and a cacheable page sets no cookie.

import { describe, expect, it } from 'vitest';
import { D1_BOOKMARK_COOKIE } from '../../src/worker/middleware/d1-session.ts';
import { request } from './helpers.ts';
import { Jar } from './jar.ts';

describe('D1 sessions', () => {
  it('answer a change with its bookmark, and the shopper reads their own write with it', async () => {
    const jar = new Jar();
    jar.address = '198.19.40.1';
    const created = await jar.api('POST', '/api/cart/v1/cart', {});
    expect(created.status).toBe(201);
    const bookmark = jar.cookies[D1_BOOKMARK_COOKIE];
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    // The next read starts at that bookmark (the cookie is sent back) and finds the basket the change made.
    const basketId = (created.body as { basketId: string }).basketId;
    const read = await jar.api('GET', `/api/cart/v1/cart/${basketId}`);
    expect(read.status).toBe(200);
  });

  it('set no cookie on a cacheable page, and ignore a forged bookmark', async () => {
    // A returning visitor (their first visit set the visitor and locale cookies): the page sets no cookie at all.
    const jar = new Jar();
    await jar.get('/en-us');
    const page = await request('/en-us', { headers: { cookie: jar.header } });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    const forged = await request('/en-us', { headers: { cookie: `${D1_BOOKMARK_COOKIE}=first-primary` } });
    expect(forged.status).toBe(200);
    const future = await request('/en-us', { headers: { cookie: `${D1_BOOKMARK_COOKIE}=ffffffff-ffffffff-ffffffff-ffffffffffffffff` } });
    expect(future.status).toBe(200);
  });
});
