// The walk of the hostile-input suite (see hostile-input.test.ts): every registered route meets a table of
// bad input. Split in shards, one per test file, so the two vitest workers share its minutes.

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/shared/errors.ts';
import { LOCALES } from '../../src/shared/locale/sites.ts';
import { createApp } from '../../src/worker/app.ts';
import { type RegisteredRoute, registeredRoutes } from '../../src/worker/lib/registered-routes.ts';
import { ADMIN_HEADERS, ORIGIN, request, shoeWithWidths } from './helpers.ts';

export type Json = Record<string, any>;

/** Page routes repeat per locale: two locales of different sites stand for all of them. */
const WALKED_LOCALES = new Set(['en-us', 'de-de']);
const OTHER_LOCALE = new RegExp(`^/(${LOCALES.map((l) => l.code).join('|')})(/|$)`);

export const routes: RegisteredRoute[] = registeredRoutes(createApp()).filter((route) => {
  const locale = OTHER_LOCALE.exec(route.path)?.[1];
  return !locale || WALKED_LOCALES.has(locale);
});

const values: Record<string, string> = {
  siteId: 'US',
  countryCode: 'US',
  brand: 'CRN',
  page: 'home',
  parent: 'stories',
  slot: 'cart',
  fragmentId: 'promo-bar',
  categoryId: '27713',
  searchType: 'results',
  docType: 'home',
  segment: 'mens-boots-27713',
  id: 'aaaaaaaaaaaaaaaa',
};

/** A concrete path for a route pattern, every parameter given `value` (or a fitting sample). */
function fill(path: string, value?: (name: string) => string | undefined): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => encodeURIComponent(value?.(name) ?? values[name] ?? 'x')).replace(/\*$/, 'stories');
}

/** The path with one parameter at a time given `value`, the others a fitting sample, so the one reaches the route. */
function fillEach(path: string, value: string): string[] {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return names.map((name) => fill(path, (n) => (n === name ? value : undefined)));
}

const isMachine = (path: string) => /^\/(api|admin)(\/|$)/.test(path);
const hasBody = (route: RegisteredRoute) => route.method !== 'GET';

interface Attempt {
  name: string;
  path: string;
  method: string;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/** Keys an object inherits: a lookup keyed by client input that is not an own-property check finds these. */
export const PROTOTYPE_KEYS = ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf'] as const;

/**
 * Search terms and keys just past D1's 50-byte LIKE/GLOB pattern limit once a route wraps them in wildcards:
 * a plain one (49 characters, the shape of a content key), one of wildcards and escapes, one of two-byte
 * characters (short in characters, long in bytes), and a content key as long as content keys may be.
 */
const SEARCH_PATTERNS = ['a'.repeat(49), '%_\\'.repeat(17), 'é'.repeat(26), `stories/${'a-b'.repeat(37)}`] as const;
const SEARCH_NAMES = ['q', 'query', 'search', 'term', 'city', 'postalCode', 'name'] as const;

const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);

/** Bad input in the path, the query and the headers, for any route. */
function anyRouteAttempts(route: RegisteredRoute): Attempt[] {
  const method = route.method;
  const json: Record<string, string> = hasBody(route) ? { 'content-type': 'application/json' } : {};
  const body = hasBody(route) ? '{}' : undefined;
  const at = (name: string, path: string, headers: Record<string, string> = {}): Attempt => ({
    name,
    path,
    method,
    headers: { ...json, ...headers },
    ...(body ? { body } : {}),
  });
  const path = fill(route.path);
  return [
    at(
      'long parameters',
      fill(route.path, () => 'a'.repeat(600)),
    ),
    at(
      'control characters in parameters',
      fill(route.path, () => 'x\u0000\r\ny'),
    ),
    at('a broken percent-encoding', route.path.includes(':') ? route.path.replace(/:(\w+)(\{[^}]*\})?/, '%E0%A4%A') : `${path}/%`),
    at(
      'a path traversal',
      fill(route.path, () => '../../admin'),
    ),
    at('a huge query', `${path}?q=${'x'.repeat(8000)}&locale=${'y'.repeat(2000)}`),
    ...SEARCH_PATTERNS.flatMap((pattern) => [
      // A path parameter meets the plain and the longest pattern: the others only differ inside a query's LIKE.
      ...(pattern === SEARCH_PATTERNS[0] || pattern === SEARCH_PATTERNS[3] ? fillEach(route.path, pattern) : []).map((filled) =>
        at(`a parameter of ${pattern.length} characters (${pattern.slice(0, 4)}…)`, filled),
      ),
      at(
        `search terms of ${pattern.length} characters (${pattern.slice(0, 4)}…)`,
        `${path}?${SEARCH_NAMES.map((n) => `${n}=${encodeURIComponent(pattern)}`).join('&')}`,
      ),
    ]),
    ...SEARCH_NAMES.map((name) => at(`a long ${name} alone`, `${path}?${name}=${'a'.repeat(49)}`)),
    ...PROTOTYPE_KEYS.slice(0, 3).map((key) => at(`a query key ${key}`, `${path}?${key}=1`)),
    at('repeated and odd query values', `${path}?locale=en-us&locale=fr-fr&siteId=../&page=-1&count=1e9&sort[]=x&lat=&lng=&previewDateTime=not-a-date`),
    at('a huge test context', `${path}?p13n_testcontext=${encodeURIComponent(JSON.stringify({ a: 'x'.repeat(40_000) }))}`),
    at('garbage headers', path, {
      'x-locale': '\u00ff\u00fe',
      'x-site-id': '<script>',
      'x-preview': 'true',
      'x-preview-date-time': '9999-99-99',
      'x-preview-token': 'a.b.c',
      'x-correlation-id': 'x'.repeat(500),
      cookie: 'OptanonConsent=%E0%A4%A; locale=zz-zz; cairn-preview-us=%%%; optimizelyUserId=<x>',
      'accept-language': ';;;q=abc,*',
    }),
    { name: 'a wrong method', path, method: method === 'GET' ? 'PATCH' : 'GET' },
  ];
}

/** Bad bodies, for routes that take one. */
function bodyAttempts(route: RegisteredRoute): Attempt[] {
  const path = fill(route.path);
  const json = { 'content-type': 'application/json' };
  const at = (name: string, body: BodyInit | undefined, headers: Record<string, string> = json): Attempt => ({
    name,
    path,
    method: route.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  return [
    at('no body', undefined),
    at('an empty body', ''),
    at('malformed JSON', '{"storeIds":["US-0001"]'),
    at('invalid UTF-8', invalidUtf8),
    at('JSON nested 10,000 deep', deep),
    at('a JSON array', '[1,2,3]'),
    at('a JSON string', '"hello"'),
    at('JSON null', 'null'),
    at(
      'wrong types everywhere',
      JSON.stringify({ siteId: 7, locale: [], kind: {}, key: true, body: 'x', page: 9, storeIds: 'US-0001', name: null, role: 1, choice: [] }),
    ),
    ...PROTOTYPE_KEYS.map((key) => at(`a body key ${key}`, `{"${key}":1}`)),
    at('prototype keys in a form', PROTOTYPE_KEYS.map((key) => `${key}=1`).join('&'), { 'content-type': 'application/x-www-form-urlencoded' }),
    ...SEARCH_PATTERNS.map((pattern) =>
      at(
        `search terms of ${pattern.length} characters in the body (${pattern.slice(0, 4)}…)`,
        JSON.stringify(Object.fromEntries(SEARCH_NAMES.map((n) => [n, pattern]))),
      ),
    ),
    at('huge strings', JSON.stringify({ page: 'a'.repeat(60_000) })),
    at('a body over every limit', JSON.stringify({ x: 'a'.repeat(1_100_000) })),
    at('a misleading content type', '{"page":"home"}', { 'content-type': 'text/plain; application/json' }),
    at('no content type', '{"page":"home"}', {}),
    at('a form where JSON is expected', 'choice=accept', { 'content-type': 'application/x-www-form-urlencoded' }),
    at('a malformed multipart body', '--b\r\nContent-Disposition: form-data; name="choice"\r\n\r\naccept', {
      'content-type': 'multipart/form-data; boundary=b',
    }),
    at('multipart without a boundary', 'x', { 'content-type': 'multipart/form-data' }),
  ];
}

/**
 * Writes to any table, counted by triggers this file adds (its D1 is seeded afresh for the next file). A
 * count rather than a copy of the rows: reading every row of the content tables twice for each route took a
 * good part of the walk. The triggers only fire on a write, which fails the walk anyway, so they cannot
 * change what a route that writes nothing does. Every table but the sessions' refresh tokens: a route that
 * needs a session mints a guest one for whoever calls, bad input or not; and local_events, Analytics Engine's
 * local stand-in, where a page answered 200 is counted as served whatever its query said.
 */
const WRITES = '_walk_writes';

async function countWrites(): Promise<void> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'product_search_%' AND name NOT IN ('refresh_tokens', 'local_events')",
  ).all<{ name: string }>();
  await env.DB.batch([
    env.DB.prepare(`CREATE TABLE ${WRITES} (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL)`),
    ...tables.results.flatMap(({ name }) =>
      ['INSERT', 'UPDATE', 'DELETE'].map((event) =>
        env.DB.prepare(
          `CREATE TRIGGER "_walk_${event}_${name}" AFTER ${event} ON "${name}"
           BEGIN INSERT INTO ${WRITES} (tbl, n) VALUES ('${name}', 1) ON CONFLICT (tbl) DO UPDATE SET n = n + 1; END`,
        ),
      ),
    ),
  ]);
}

/** The tables written since the walk began, with how many rows each. */
async function writtenTables(): Promise<Record<string, number>> {
  const rows = await env.DB.prepare(`SELECT tbl, n FROM ${WRITES} ORDER BY tbl`).all<{ tbl: string; n: number }>();
  return Object.fromEntries(rows.results.map((row) => [row.tbl, row.n]));
}

async function attempt(a: Attempt, auth: Record<string, string>): Promise<{ status: number; text: string; contentType: string }> {
  const response = await request(a.path, {
    method: a.method,
    headers: { origin: ORIGIN, ...auth, ...a.headers },
    ...(a.body === undefined ? {} : { body: a.body }),
  });
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') ?? '' };
}

/** Walks every `shards`-th route, starting at `shard`. */
export function walkRoutes(shard: number, shards: number): void {
  beforeAll(async () => {
    await countWrites();
    values.productId = (await shoeWithWidths()).id;
    values.productSetId = (await env.DB.prepare('SELECT set_id FROM product_set_items LIMIT 1').first<{ set_id: string }>())?.set_id ?? 'x';
  });

  describe.each(routes.filter((_route, index) => index % shards === shard).map((route) => ({ route, label: `${route.method} ${route.path}` })))(
    '$label',
    ({ route }) => {
      const attempts = [...anyRouteAttempts(route), ...(hasBody(route) ? bodyAttempts(route) : [])];
      // Admin routes are tried with a valid token, so the bad input reaches validation rather than stopping at the door.
      const auth: Record<string, string> = route.path.startsWith('/admin') ? { authorization: ADMIN_HEADERS.authorization } : {};

      // Dozens of requests, one after the other; a route that does real work for each (a fulfilment run) needs time.
      it('answers bad input without a 5xx, coded on machine paths, and writes nothing', { timeout: 60_000 }, async () => {
        const before = await writtenTables();
        const failures: string[] = [];
        for (const a of attempts) {
          const { status, text, contentType } = await attempt(a, auth);
          if (status >= 500) failures.push(`${a.name}: ${status} ${text.slice(0, 200)}`);
          if (isMachine(a.path) && status >= 400) {
            const body = contentType.startsWith('application/json') ? (JSON.parse(text) as Json) : null;
            if (!body || !Object.hasOwn(ERROR_CATALOGUE, body.errorId) || !body.correlationId)
              failures.push(`${a.name}: ${status} without a coded envelope: ${text.slice(0, 120)}`);
            if (text.includes('    at ')) failures.push(`${a.name}: a stack trace reached the client`);
          }
        }
        expect(failures).toEqual([]);
        expect(await writtenTables()).toEqual(before);
      });
    },
  );
}
