// Every route the app registers, read from the app itself (so routes added later are walked too), meets a
// table of bad input: empty, malformed, wrong type, deep, huge, long keys, control characters, wrong
// method, wrong content type, keys every object inherits (toString, __proto__), search terms and keys past
// D1's 50-byte LIKE/GLOB pattern limit. None may answer 5xx; /api and /admin answer a coded envelope; no row of
// any table a request could write is added, changed or removed (the audit trail included: admin routes
// are walked with a valid token, so nothing is refused at the door).

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, ORIGIN, request } from './helpers.ts';
import { type Json, PROTOTYPE_KEYS, routes, walkRoutes } from './hostile-input.ts';

describe('the routes the app registers', () => {
  it('are found from the app itself, across pages, /api and /admin', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(60);
    for (const known of ['POST /api/engine/v1/decide/:brand', 'PUT /admin/content', 'POST /en-us/consent', 'GET /de-de/c/:segment', 'GET /preview']) {
      expect(paths).toContain(known);
    }
  });
});

walkRoutes(0, 3);

describe('a strict body, right but for one key every object inherits', () => {
  const promotion = {
    id: 'PROTO-KEYS',
    siteId: 'GB',
    name: 'Prototype keys',
    level: 'ORDER',
    discount: { type: 'percent', percent: 5 },
    startsAt: '2026-01-01T00:00:00Z',
  };
  const cases = [
    { path: '/api/consumers-v3/consumer/auth/signout', body: { refreshToken: 'x' }, headers: { 'content-type': 'application/json' } },
    { path: '/admin/promotions', body: promotion, headers: ADMIN_HEADERS },
  ];

  it.each(cases)('is refused with API400 naming the key at $path', async ({ path, body, headers }) => {
    for (const key of PROTOTYPE_KEYS) {
      // JSON.stringify would leave out a __proto__ given as an object literal's key: write the key by hand.
      const text = `${JSON.stringify(body).slice(0, -1)},"${key}":1}`;
      const response = await request(path, { method: 'POST', headers: { origin: ORIGIN, ...headers }, body: text });
      const answer = (await response.json()) as Json;
      expect([key, response.status, answer.errorId, answer.details?.[0]?.field]).toEqual([key, 400, 'API400', key]);
    }
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM promotions WHERE id = 'PROTO-KEYS'").first<{ n: number }>())?.n).toBe(0);
  });
});
