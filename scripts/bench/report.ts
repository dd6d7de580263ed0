// Bench step 6: fixed-width tables, the budget checks and the JSON record of one run.

import type { WorkerBundle } from './build.ts';
import type { DayReport } from './day.ts';
import type { PageJs } from './js-bytes.ts';
import { type LoadRun, type PairedShare, ratioToBaseline } from './load.ts';
import type { TargetKind } from './targets.ts';

const KB = 1024;
const MB = 1024 * 1024;

export interface Budget {
  name: string;
  actual: string;
  limit: string;
  pass: boolean;
}

/** A markdown table whose columns are padded, so it reads the same in a terminal and rendered. */
export function table(head: string[], rows: string[][], rightAligned: ReadonlySet<number> = new Set()): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (rightAligned.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

const fixed = (value: number | undefined, digits: number) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));
export const kb = (bytes: number) => (bytes / KB).toFixed(1);

export function loadTable(runs: readonly LoadRun[], baseline: ReadonlyMap<number, number>): string {
  const rows = runs.map((r) => [
    r.label,
    String(r.connections),
    fixed(r.requestsPerSecond, 1),
    fixed(r.p50Ms, 1),
    fixed(r.p99Ms, 1),
    String(r.errors + r.non2xx),
    r.kind === 'baseline' ? '-' : fixed(ratioToBaseline(r, baseline), 3),
    r.path,
  ]);
  for (const [connections, rps] of baseline) rows.push(['baseline (mean)', String(connections), fixed(rps, 1), '', '', '', '1.000', '']);
  return table(['target', 'conc', 'req/s', 'p50 ms', 'p99 ms', 'err+non2xx', 'x baseline', 'path'], rows, new Set([1, 2, 3, 4, 5, 6]));
}

export function jsTable(pages: ReadonlyMap<TargetKind, PageJs>): string {
  const rows = [...pages].map(([kind, js]) => [
    kind,
    kb(js.beforeBytes),
    kb(js.afterBytes),
    kb(js.preloadBytes),
    js.islands.map((i) => `${i.name}:${i.hydrate}${i.react ? ' (React)' : ''}`).join(', ') || '(none)',
  ]);
  return table(['page', 'before interaction KB gz', 'after using its controls KB gz', 'HTML preloads KB gz', 'islands (strategy)'], rows, new Set([1, 2, 3]));
}

/** A page-cache miss's throughput over the same page uncached (bench.ts: Cache API storage left to the platform). */
export interface MissShare {
  kind: TargetKind;
  share: PairedShare;
}

/** "No slower" within what pairs of runs move: the same page against itself spreads 0.9 to 1.1. */
const MISS_SHARE_LIMIT = 0.9;

export function checkBudgets(
  runs: readonly LoadRun[],
  baseline: ReadonlyMap<number, number>,
  pages: ReadonlyMap<TargetKind, PageJs>,
  worker: WorkerBundle,
  signedInShare?: PairedShare,
  day?: DayReport,
  missShares: readonly MissShare[] = [],
): Budget[] {
  const budgets: Budget[] = [];
  const throughput: [TargetKind, number][] = [
    // The page-cache issue: anonymous pages answered from the cache at 0.8 of the trivial route, and search at
    // 0.15 (it is answered from the page cache too). Misses are budgeted by CPU below.
    ['home', 0.8],
    ['category', 0.8],
    ['product', 0.8],
    ['search', 0.15],
    // The store services issue: a product's reviews page.
    ['product-reviews', 0.12],
    ['store-locator', 0.12],
    ['content', 0.3],
    // The cart issue's budgets: reading a basket, and adding to one.
    ['cart-get', 0.3],
    ['cart-add', 0.15],
    // The account issue's budgets: the overview and the order history, with a registered session.
    ['account', 0.12],
    ['order-history', 0.12],
  ];
  for (const [kind, limit] of throughput) {
    const ratio = (c: number) => {
      const run = runs.find((r) => r.kind === kind && r.connections === c);
      return run ? ratioToBaseline(run, baseline) : undefined;
    };
    const at16 = ratio(16);
    budgets.push({
      name: `${kind} throughput vs baseline at c16`,
      actual: `${fixed(at16, 3)} (c1 ${fixed(ratio(1), 3)})`,
      limit: `>= ${limit}`,
      pass: at16 !== undefined && at16 >= limit,
    });
  }
  // The page-cache issue: a miss (looked up, rendered, answered and kept) no slower than the page uncached.
  for (const { kind, share } of missShares) {
    budgets.push({
      name: `${kind} vs the page uncached at c16`,
      actual: `${fixed(share.median, 3)} (median of ${share.shares.length} pairs, ${fixed(Math.min(...share.shares), 3)} to ${fixed(Math.max(...share.shares), 3)})`,
      limit: `>= ${MISS_SHARE_LIMIT}`,
      pass: share.median >= MISS_SHARE_LIMIT,
    });
  }
  // Verifying a session must cost almost nothing: a signed-in page keeps 0.9 of the same page's guest throughput,
  // measured in interleaved pairs when they ran (the two main runs alone are a minute apart on a shared machine).
  const at16 = (kind: TargetKind) => runs.find((r) => r.kind === kind && r.connections === 16)?.requestsPerSecond;
  const guest = at16('product');
  const registered = at16('product-signed-in');
  const share = signedInShare?.median ?? (guest && registered ? registered / guest : undefined);
  const spread = signedInShare
    ? ` (median of ${signedInShare.shares.length} pairs, ${fixed(Math.min(...signedInShare.shares), 3)} to ${fixed(Math.max(...signedInShare.shares), 3)})`
    : '';
  budgets.push({
    name: 'product signed in vs guest at c16',
    actual: `${fixed(share, 3)}${spread}`,
    limit: '>= 0.9',
    pass: share !== undefined && share >= 0.9,
  });
  const category = pages.get('category');
  budgets.push({
    name: 'category JS before interaction',
    actual: category ? `${kb(category.beforeBytes)} KB` : 'not measured',
    limit: '<= 15 KB gz',
    pass: category !== undefined && category.beforeBytes <= 15 * KB,
  });
  const product = pages.get('product');
  // The cart issue's budgets: React loads on the first interaction with the picker.
  budgets.push({
    name: 'product JS before interaction',
    actual: product ? `${kb(product.beforeBytes)} KB` : 'not measured',
    limit: '<= 15 KB gz',
    pass: product !== undefined && product.beforeBytes <= 15 * KB,
  });
  budgets.push({
    name: 'product JS after choosing a size and adding to the cart',
    actual: product ? `${kb(product.afterBytes)} KB` : 'not measured',
    limit: '<= 80 KB gz',
    pass: product !== undefined && product.afterBytes <= 80 * KB,
  });
  // The checkout issue's budgets, under load (c16, separate baskets): a step change and placing an order stay
  // within 10 times the trivial route's p99 of the same run; c1 is reported beside it.
  const p99Ratio = (kind: TargetKind, connections: number) => {
    const run = runs.find((r) => r.kind === kind && r.connections === connections);
    const base = runs.filter((r) => r.kind === 'baseline' && r.connections === connections).map((r) => r.p99Ms);
    const baseP99 = base.length > 0 ? Math.max(...base) : undefined;
    return { run, ratio: run && baseP99 ? run.p99Ms / Math.max(baseP99, 1) : undefined };
  };
  for (const kind of ['checkout-step', 'place-order'] as const) {
    const { run, ratio } = p99Ratio(kind, 16);
    const single = p99Ratio(kind, 1);
    budgets.push({
      name: `${kind} p99 vs baseline p99 at c16`,
      actual: run
        ? `${fixed(ratio, 2)} (p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.requestsPerSecond.toFixed(1)}/s; c1 ${fixed(single.ratio, 2)}, p99 ${single.run?.p99Ms} ms)`
        : 'not measured',
      limit: '< 10',
      pass: ratio !== undefined && ratio < 10 && run !== undefined && run.non2xx === 0,
    });
  }
  const checkoutPage = pages.get('checkout');
  budgets.push({
    name: 'checkout JS before the card fields',
    actual: checkoutPage ? `${kb(checkoutPage.afterBytes)} KB` : 'not measured',
    limit: '<= 80 KB gz',
    pass: checkoutPage !== undefined && checkoutPage.afterBytes <= 80 * KB,
  });
  if (day) {
    budgets.push({
      name: 'simulated day: anonymous page views from the page cache',
      actual: `${(day.ratio * 100).toFixed(1)} % of ${day.anonymousViews.toLocaleString('en')}`,
      limit: '>= 95 %',
      pass: day.ratio >= 0.95 && day.failures === 0,
    });
  }
  budgets.push({ name: 'worker bundle', actual: `${(worker.gzipBytes / MB).toFixed(3)} MB`, limit: '<= 1 MB gz', pass: worker.gzipBytes <= MB });
  budgets.push({
    name: 'React production build in worker',
    actual: worker.devMarkers.length > 0 ? `found ${worker.devMarkers.join(', ')}` : 'no dev-build marker',
    limit: 'no development build',
    pass: worker.devMarkers.length === 0,
  });
  return budgets;
}

export function dayTable(day: DayReport): string {
  const rows = Object.entries(day.byType).map(([type, row]) => [
    type,
    String(row.views),
    String(row.hits),
    `${((row.hits / Math.max(row.views, 1)) * 100).toFixed(1)} %`,
  ]);
  rows.push(['all', String(day.anonymousViews), String(day.hits), `${(day.ratio * 100).toFixed(1)} %`]);
  const outcomes = Object.entries(day.outcomes)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  return `${table(['page type', 'views', 'hits', 'hit ratio'], rows, new Set([1, 2, 3]))}\n  outcomes: ${outcomes}; failures: ${day.failures}; ${day.events.join('; ')}; ${day.seconds} s`;
}

export function budgetTable(budgets: readonly Budget[]): string {
  return table(
    ['budget', 'actual', 'limit', 'result'],
    budgets.map((b) => [b.name, b.actual, b.limit, b.pass ? 'PASS' : 'FAIL']),
  );
}
