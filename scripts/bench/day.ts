// Bench step 5: a simulated day of anonymous traffic through the page cache (README, The page cache). Visitors
// on six sites ask for pages in a long-tailed distribution (a few pages most, most pages rarely), in two
// consent states where consent is asked, each with their own visitor id (so both experiment variants are met);
// halfway a marketer publishes a new home page and a merchandiser changes prices. The report is the share of
// page views answered from the cache, by page type.
//
// The volume matters: a cache's hit ratio is the share of views that are not the first of their page, so the
// day has 200,000 views (BENCH_DAY_REQUESTS), still far fewer than six sites see in a day.
//
// What it does not simulate: a clock. The day runs in minutes, so no copy reaches its 120 s freshness; in a
// real day a popular page past it is still a hit (stale while revalidating), a page asked less often than every
// twelve minutes is not.

import { randomUUID } from 'node:crypto';
import type { Database } from './server.ts';

const LOCALES: { code: string; site: string; weight: number; emea: boolean }[] = [
  { code: 'en-us', site: 'US', weight: 40, emea: false },
  { code: 'en-ca', site: 'CA', weight: 6, emea: false },
  { code: 'fr-ca', site: 'CA', weight: 3, emea: false },
  { code: 'en-gb', site: 'GB', weight: 18, emea: true },
  { code: 'fr-fr', site: 'FR', weight: 12, emea: true },
  { code: 'de-de', site: 'DE', weight: 14, emea: true },
  { code: 'it-it', site: 'IT', weight: 7, emea: true },
];
const PAGE_TYPES = [
  { type: 'product', weight: 50 },
  { type: 'category', weight: 25 },
  { type: 'home', weight: 15 },
  { type: 'store', weight: 5 },
  { type: 'content', weight: 5 },
] as const;
type PageType = (typeof PAGE_TYPES)[number]['type'];
const VIEWS_PER_VISIT = 5;
const CONTENT_PAGES = ['privacy', 'sale-terms'];

// biome-ignore lint/suspicious/noExplicitAny: the admin API's answers, read as the tests read them.
type Json = Record<string, any>;

export interface DayReport {
  requests: number;
  anonymousViews: number;
  hits: number;
  ratio: number;
  byType: Record<string, { views: number; hits: number }>;
  outcomes: Record<string, number>;
  failures: number;
  events: string[];
  seconds: number;
}

/** A deterministic generator, so two runs ask for the same day. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function weighted<T extends { weight: number }>(items: readonly T[], roll: number): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let point = roll * total;
  for (const item of items) {
    point -= item.weight;
    if (point < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** Index into n items ranked by popularity, with Zipf's law (exponent s). */
function zipf(n: number, s: number): (roll: number) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= n; k++) {
    sum += 1 / k ** s;
    cumulative.push(sum);
  }
  return (roll) => {
    const target = roll * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

interface Universe {
  products: { id: string; slug: string }[];
  categories: { id: number; slug: string }[];
  stores: Record<string, string[]>;
}

async function universe(db: Database): Promise<Universe> {
  const products = (await db.prepare('SELECT id, slug FROM products ORDER BY position, id').all<{ id: string; slug: string }>()).results;
  const categories = (
    await db
      .prepare('SELECT c.id, c.slug FROM categories c WHERE EXISTS (SELECT 1 FROM styles s WHERE s.category_id = c.id) ORDER BY c.id')
      .all<{ id: number; slug: string }>()
  ).results;
  const stores: Record<string, string[]> = {};
  for (const row of (await db.prepare('SELECT id, site_id FROM stores ORDER BY id').all<{ id: string; site_id: string }>()).results) {
    stores[row.site_id] = [...(stores[row.site_id] ?? []), row.id];
  }
  return { products, categories, stores };
}

async function adminCall(origin: string, token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(new URL(path, origin), {
    method,
    headers: { authorization: `Bearer ${token}`, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

/** Halfway through the day: a new US home page is published and five popular products change price. */
async function middayChanges(origin: string, token: string, products: Universe['products']): Promise<string[]> {
  const ref = { siteId: 'US', locale: 'en-us', kind: 'page', key: 'home' };
  const current = await adminCall(origin, token, 'GET', `/admin/content?${new URLSearchParams(ref)}`);
  const body = structuredClone(current.document.versions.find((v: { status: string }) => v.status === 'published').body);
  body.content.sections[0].items.unshift({ type: 'RichText', id: 'bench-midday', richText: '<p>Midday news</p>' });
  await adminCall(origin, token, 'PUT', '/admin/content', { ...ref, body });
  await adminCall(origin, token, 'POST', '/admin/content/publish', ref);
  const events = ['published a new US home page'];
  for (const product of products.slice(0, 5)) {
    await adminCall(origin, token, 'PUT', `/admin/prices/${product.id}`, { siteId: 'US', listAmount: 19_900, saleAmount: 14_900 });
  }
  events.push('changed the US price of the 5 most viewed products');
  return events;
}

export async function simulateDay(
  origin: string,
  db: Database,
  adminToken: string,
  requests: number,
  progress: (done: number) => void,
  concurrency = 16,
): Promise<DayReport> {
  const started = performance.now();
  const world = await universe(db);
  const roll = random(20261127);
  const pickProduct = zipf(world.products.length, 1.1);
  const pickCategory = zipf(world.categories.length, 1.0);
  const pathFor = (type: PageType, locale: (typeof LOCALES)[number]): string => {
    if (type === 'home') return `/${locale.code}`;
    if (type === 'content') return `/${locale.code}/${CONTENT_PAGES[Math.floor(roll() * CONTENT_PAGES.length)]}`;
    if (type === 'category') {
      const c = world.categories[pickCategory(roll())] as { id: number; slug: string };
      return `/${locale.code}/c/${c.slug}-${c.id}`;
    }
    if (type === 'store') {
      const stores = world.stores[locale.site] ?? [];
      return stores.length > 0 && roll() < 0.7 ? `/${locale.code}/stores/${stores[Math.floor(roll() * stores.length)]}` : `/${locale.code}/stores`;
    }
    const p = world.products[pickProduct(roll())] as { id: string; slug: string };
    return `/${locale.code}/p/${p.slug}-${p.id}`;
  };
  // The day's visits, decided up front: each visitor's locale, consent and whether they come back with an id.
  const visits: { views: { path: string; type: PageType }[]; cookie: string; fresh: boolean }[] = [];
  for (let n = 0; n < Math.ceil(requests / VIEWS_PER_VISIT); n++) {
    const locale = weighted(LOCALES, roll());
    const consent = locale.emea ? (roll() < 0.6 ? 'C0002:1,C0003:1,C0004:1' : 'C0002:0,C0003:0,C0004:0') : null;
    const fresh = roll() < 0.3;
    const cookies = [
      ...(consent ? [`OptanonConsent=${encodeURIComponent(`groups=C0001:1,${consent}`)}`] : []),
      ...(fresh ? [] : [`optimizelyUserId=${randomUUID()}`]),
    ];
    const views = Array.from({ length: VIEWS_PER_VISIT }, () => {
      const type = weighted(PAGE_TYPES, roll()).type;
      return { path: pathFor(type, locale), type };
    });
    visits.push({ views, cookie: cookies.join('; '), fresh });
  }

  const report: DayReport = { requests: 0, anonymousViews: 0, hits: 0, ratio: 0, byType: {}, outcomes: {}, failures: 0, events: [], seconds: 0 };
  const halfway = Math.floor(visits.length / 2);
  let next = 0;
  let changes: Promise<void> | undefined;
  const worker = async () => {
    while (next < visits.length) {
      const index = next++;
      if (index === halfway && !changes) {
        changes = middayChanges(origin, adminToken, world.products).then((events) => {
          report.events.push(...events);
        });
        await changes;
      }
      const visit = visits[index] as (typeof visits)[number];
      let cookie = visit.cookie;
      for (const view of visit.views) {
        const response = await fetch(new URL(view.path, origin), { headers: cookie ? { cookie } : {}, redirect: 'manual' });
        await response.arrayBuffer();
        report.requests++;
        if (report.requests % Math.ceil(requests / 10) === 0) progress(report.requests);
        if (response.status !== 200) {
          report.failures++;
          continue;
        }
        // A first-time visitor keeps the id a page with an experiment gave them, as a browser would.
        const given = /optimizelyUserId=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
        if (given && !cookie.includes('optimizelyUserId=')) cookie = [cookie, `optimizelyUserId=${given}`].filter(Boolean).join('; ');
        const status = /cairn-page; ([^,;]+)/.exec(response.headers.get('cache-status') ?? '')?.[1] ?? 'none';
        report.outcomes[status] = (report.outcomes[status] ?? 0) + 1;
        const hit = status === 'hit';
        const row = report.byType[view.type] ?? { views: 0, hits: 0 };
        row.views++;
        if (hit) row.hits++;
        report.byType[view.type] = row;
        report.anonymousViews++;
        if (hit) report.hits++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  report.ratio = report.anonymousViews > 0 ? report.hits / report.anonymousViews : 0;
  report.seconds = Math.round((performance.now() - started) / 1000);
  return report;
}
