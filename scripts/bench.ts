// `npm run bench`: builds the worker as deployed, serves it on workerd and reports throughput, JS bytes and budgets.
// Usage: node scripts/bench.ts [--duration N] [--quick] [--js] [--only kind,kind...]

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, bundleWorker, readWranglerConfig } from './bench/build.ts';
import { cartTargets } from './bench/cart.ts';
import { checkoutTargets } from './bench/checkout.ts';
import { type DayReport, simulateDay } from './bench/day.ts';
import { FLASH_BUYERS, type FlashSaleReport, flashSaleBudgets, flashSaleRow } from './bench/flash-sale.ts';
import { JsSizer, type PageJs } from './bench/js-bytes.ts';
import { baselineByConcurrency, CONCURRENCIES, type LoadOptions, pairedShare, runLoad } from './bench/load.ts';
import { budgetTable, checkBudgets, dayTable, jsTable, kb, loadTable, type MissShare, table } from './bench/report.ts';
import { type BenchServer, migrate, seed, startServer, type WorkerLogs } from './bench/server.ts';
import { signedInSession } from './bench/session.ts';
import { fetchTargets, missTarget, pickTargets, type Target, type TargetKind } from './bench/targets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (message: string) => console.log(`bench [${elapsed()}]: ${message}`);

const USAGE = 'usage: node scripts/bench.ts [--duration N] [--quick] [--js] [--only kind,kind...] (kinds: the page types, day, flash-sale)';

interface BenchOptions extends LoadOptions {
  jsOnly: boolean;
  /** The page types to load (the baseline always runs): a change to one page measured in a minute, not ten. */
  only: ReadonlySet<string> | null;
}

function parseOptions(args: string[]): BenchOptions {
  const options: BenchOptions = { warmupSeconds: 1, durationSeconds: 5, jsOnly: false, only: null };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--quick') options.durationSeconds = 2;
    // The JavaScript each page type loads, without the load runs: a minute, for a change to an island.
    else if (arg === '--js') options.jsOnly = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const kinds = (arg.includes('=') ? arg.split('=')[1] : args[++i]) ?? '';
      options.only = new Set(kinds.split(',').filter(Boolean));
      if (options.only.size === 0) throw new Error(`--only takes page types, e.g. --only product,product-signed-in; ${USAGE}`);
    } else if (arg === '--duration' || arg.startsWith('--duration=')) {
      const value = Number(arg.includes('=') ? arg.split('=')[1] : args[++i]);
      if (!Number.isFinite(value) || value < 1 || value > 120) throw new Error('--duration takes whole seconds, 1 to 120');
      options.durationSeconds = Math.round(value);
    } else throw new Error(`Unknown option ${arg}; ${USAGE}`);
  }
  return options;
}

let server: BenchServer | undefined;
/** Two more of the same worker, for misses set against plain renders: Cache API storage left out, and the page cache off. */
let missServers: BenchServer[] = [];
/** Page views in the simulated day, and the time it is given on a busy 2-core machine (it took 1,700 s on one, 2026-11-28). */
const DAY_REQUESTS = Number(process.env.BENCH_DAY_REQUESTS ?? 200_000);
const DAY_SECONDS = 2400;
const FLASH_SECONDS = 900;

async function shutdown(code: number): Promise<never> {
  // Miniflare's workerd child outlives this process unless disposed; bound the wait so exit is certain.
  const disposed = Promise.all([server?.dispose(), ...missServers.map((s) => s.dispose())]);
  await Promise.race([disposed, new Promise((resolve) => setTimeout(resolve, 10_000))]).catch(() => {});
  process.exit(code);
}

function printLogs(logs: WorkerLogs): void {
  const levels = Object.entries(logs.byLevel).map(([level, count]) => `${count} ${level}`);
  console.log(`\nWorker logs: ${logs.total} lines${levels.length > 0 ? ` (${levels.join(', ')})` : ''}`);
  const distinct = new Map<string, number>();
  for (const log of logs.notable) {
    // Per-request fields would make every line unique; group by what went wrong.
    const message = log.message.replace(/"(time|correlationId|durationMs)":("[^"]*"|[\d.]+),?/g, '');
    const key = `${log.level}: ${message.slice(0, 400)}`;
    distinct.set(key, (distinct.get(key) ?? 0) + 1);
  }
  for (const [line, count] of [...distinct].slice(0, 10)) console.log(`  ${count}x ${line}`);
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  // Every page type (19) or the chosen ones, and the baseline first and last; the simulated day on top.
  const plannedRuns = (options.only?.size ?? 19) + 2;
  const loadSeconds = plannedRuns * CONCURRENCIES.length * (options.warmupSeconds + options.durationSeconds);
  // A hung step must not hold a shared machine: the load itself is bounded, the rest gets generous slack.
  setTimeout(
    () => {
      console.error(`bench: gave up after ${elapsed()}`);
      void shutdown(1);
    },
    (loadSeconds +
      300 +
      (options.only === null || options.only.has('day') ? DAY_SECONDS : 0) +
      // The flash sale: 2,000 baskets made, the rush, 50 checkouts, then its pairs, each run waiting for a quiet machine.
      (options.only === null || options.only.has('flash-sale') ? FLASH_SECONDS : 0)) *
      1000,
  ).unref();

  say('client build');
  console.log(`  ${await buildClient(root)}`);
  const config = await readWranglerConfig(root);
  say('bundling the worker (wrangler deploy --dry-run)');
  const worker = await bundleWorker(root, join(root, 'dist/bench-worker'), config.main);

  say(`starting workerd via Miniflare (${relative(root, worker.entry)}, compatibility ${config.compatibilityDate})`);
  const serverOptions = {
    entry: worker.entry,
    modules: [worker.entry, ...worker.files.map((f) => f.file).filter((f) => f !== worker.entry)],
    compatibilityDate: config.compatibilityDate,
    compatibilityFlags: config.compatibilityFlags,
    sandboxScript: join(root, 'dist/payments-sandbox.js'),
  };
  // BENCH_INSPECTOR_PORT=9230 opens workerd's inspector, so a CPU profile can be taken under load.
  const inspectorPort = process.env.BENCH_INSPECTOR_PORT ? Number(process.env.BENCH_INSPECTOR_PORT) : undefined;
  try {
    server = await startServer({
      ...serverOptions,
      pageCache: process.env.BENCH_PAGE_CACHE === 'off' ? 'off' : 'on',
      ...(inspectorPort ? { inspectorPort } : {}),
    });
  } catch (error) {
    console.error(`bench: the server did not start: ${(error as Error).message}`);
    return 1;
  }
  const migrations = await migrate(server.db, root);
  const statements = await seed(server.db);
  say(`D1 ready: ${migrations} migrations, ${statements} seed statements; serving on ${server.origin}`);

  const targets = await pickTargets(server.db);
  const byKind = (kind: TargetKind) => targets.find((t) => t.kind === kind) as Target;
  let bodies: Map<TargetKind, string>;
  try {
    bodies = await fetchTargets(server.origin, targets);
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    printLogs(server.logs);
    return 1;
  }
  for (const t of targets) console.log(`  ${t.kind.padEnd(8)} ${t.path} (${t.note}), ${(bodies.get(t.kind)?.length ?? 0).toLocaleString('en')} chars`);

  const wanted = (kind: TargetKind | 'day' | 'flash-sale') => options.only === null || options.only.has(kind);
  const cart = !options.jsOnly && (['cart-get', 'cart-get-fresh', 'cart-add'] as const).some(wanted) ? await cartTargets(server.origin, server.db) : null;
  // Enough ready baskets that no order of the place-order runs (c1 and c16, warm-up included) finds none.
  const checkout =
    options.jsOnly || (['checkout-step', 'place-order'] as const).some(wanted)
      ? await checkoutTargets(server, options.jsOnly ? 3 : Number(process.env.BENCH_ORDER_POOL ?? 3000))
      : null;
  if (checkout) say(`checkout: ${checkout.prepared} baskets ready to pay`);

  // A registered session for the signed-in runs, and what signing in costs, timed one after another. After
  // the baskets: on a busy machine their preparation outlasted the session's ten minutes.
  const signedIn = await signedInSession(server.origin);
  say(`sign-in + token exchange, ${signedIn.timings.samples} in a row: p50 ${signedIn.timings.p50Ms} ms, p99 ${signedIn.timings.p99Ms} ms`);
  const productSignedIn: Target = {
    ...byKind('product'),
    kind: 'product-signed-in',
    note: 'the product page with a registered session',
    headers: { cookie: signedIn.cookie },
  };
  // The account issue's pages, with the same registered session: the overview and the order history.
  const account: Target = { kind: 'account', path: '/en-us/account', note: 'the account overview, signed in', headers: { cookie: signedIn.cookie } };
  const orderHistory: Target = {
    kind: 'order-history',
    path: '/en-us/account/orders',
    note: 'the order history, signed in',
    headers: { cookie: signedIn.cookie },
  };

  const sizer = await JsSizer.create(root);
  const pages = new Map<TargetKind, PageJs>();
  // The control each page type is for: the search box at home, filters on listings, pickers on a product.
  const used = { home: ['search-suggest'], category: ['listing-filters'], product: ['product-picker'], search: ['listing-filters'] } as const;
  for (const kind of ['home', 'category', 'product', 'search'] as const) pages.set(kind, sizer.analyse(bodies.get(kind) ?? '', used[kind]));
  if (checkout) pages.set('checkout', sizer.analyse(checkout.pageHtml, ['checkout']));
  if (options.jsOnly) {
    console.log(`\nJavaScript per page (gzip -9, 1 KB = 1024 B; "HTML preloads" = entry + every modulepreload link)\n${jsTable(pages)}`);
    // The files behind the two pages whose budgets are nearest their limits, largest first.
    for (const kind of ['product', 'checkout'] as const) {
      const files = (pages.get(kind)?.afterFiles ?? []).map((file) => [file, kb(sizer.gzipBytes(file))]).sort((a, b) => Number(b[1]) - Number(a[1]));
      console.log(`\nThe ${kind} page's files after use\n${table(['file', 'KB gz'], files, new Set([1]))}`);
    }
    const budgets = checkBudgets([], new Map(), pages, worker).filter((budget) => /JS/.test(budget.name));
    console.log(`\nBudgets\n${budgetTable(budgets)}`);
    return budgets.every((budget) => budget.pass) ? 0 : 1;
  }

  const every = [
    byKind('home'),
    byKind('content'),
    byKind('category'),
    byKind('department'),
    byKind('product'),
    byKind('product-reviews'),
    productSignedIn,
    account,
    orderHistory,
    byKind('search'),
    byKind('store-locator'),
    cart?.get,
    cart?.getFresh,
    cart?.add,
    checkout?.step,
    checkout?.place,
    // Misses last: a run of them fills the isolate with hundreds of new pages, the state every run after
    // them would start from (measured: product hits 0.57 after category misses, 0.82 to 1.0 before them).
    missTarget(byKind('home'), 'home-miss'),
    missTarget(byKind('category'), 'category-miss'),
    missTarget(byKind('product'), 'product-miss'),
    missTarget(byKind('search'), 'search-miss'),
  ];
  const unknown = [...(options.only ?? [])].filter((kind) => kind !== 'day' && kind !== 'flash-sale' && !every.some((target) => target?.kind === kind));
  if (unknown.length > 0) {
    console.error(
      `bench: --only names no page type ${unknown.join(', ')}; the types are ${every.flatMap((target) => (target ? [target.kind] : [])).join(', ')}`,
    );
    return 1;
  }
  say(`load: ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s per run, concurrency ${CONCURRENCIES.join(' and ')}`);
  const runs = await runLoad(
    server.origin,
    byKind('baseline'),
    every.filter((target): target is Target => target !== undefined && wanted(target.kind)),
    options,
    (run) => say(`  ${run.label} c${run.connections}: ${run.requestsPerSecond.toFixed(1)} req/s, p99 ${run.p99Ms} ms`),
  );
  const baseline = baselineByConcurrency(runs);
  const pairs = Number(process.env.BENCH_PAIRS ?? 7);
  const signedInShare =
    wanted('product') && wanted('product-signed-in') && pairs > 0
      ? await pairedShare({ origin: server.origin, target: byKind('product') }, { origin: server.origin, target: productSignedIn }, 16, 2, pairs)
      : undefined;
  if (signedInShare) say(`  product signed in vs guest, ${pairs} interleaved pairs at c16: ${signedInShare.shares.map((s) => s.toFixed(3)).join(', ')}`);
  // Misses against the same pages uncached. The miss runs above carry Miniflare's Cache API writes, each about
  // 3 ms of workerd's one thread (as much as rendering a home page), where on Cloudflare the cache's storage is
  // the runtime's and no isolate's. Here a miss (looked up, rendered, answered, kept, indexed for purges) runs on
  // a worker whose Cache API storage is Miniflare's no-op, against the page rendered with the page cache off, in
  // interleaved pairs.
  const missShares: MissShare[] = [];
  const misses = every.filter((target): target is Target => target?.kind.endsWith('-miss') === true && wanted(target.kind));
  if (misses.length > 0 && process.env.BENCH_PAGE_CACHE !== 'off') {
    say('misses against plain renders: the same worker with Cache API storage left out, and with the page cache off');
    missServers = await Promise.all([startServer({ ...serverOptions, pageCache: 'on', cacheApi: false }), startServer({ ...serverOptions, pageCache: 'off' })]);
    const [keeping, uncached] = missServers as [BenchServer, BenchServer];
    for (const each of missServers) {
      await migrate(each.db, root);
      await seed(each.db);
    }
    for (const target of misses) {
      const share = await pairedShare({ origin: uncached.origin, target }, { origin: keeping.origin, target }, 16, 2, pairs);
      missShares.push({ kind: target.kind, share });
      say(`  ${target.kind} over the page uncached at c16: ${share.shares.map((x) => x.toFixed(3)).join(', ')}`);
    }
    await Promise.all(missServers.map((each) => each.dispose()));
    missServers = [];
  }
  // The flash sale row (scripts/bench/flash-sale.ts): its own variant and buyers, after the page runs.
  let flashSale: FlashSaleReport | undefined;
  if (wanted('flash-sale')) {
    say(`flash sale: ${FLASH_BUYERS.toLocaleString('en')} buyers at once for 50 units of one size`);
    flashSale = await flashSaleRow(server, byKind('baseline'), pairs, say);
  }
  let day: DayReport | undefined;
  if (wanted('day')) {
    say(`simulated day: ${DAY_REQUESTS.toLocaleString('en')} anonymous page views, six sites, two consent states, both variants`);
    day = await simulateDay(server.origin, server.db, server.adminToken, DAY_REQUESTS, (done) => say(`  ${done.toLocaleString('en')} views`));
    say(`  ${day.anonymousViews} views in ${day.seconds} s: ${(day.ratio * 100).toFixed(1)} % from the cache`);
  }
  const budgets = [...checkBudgets(runs, baseline, pages, worker, signedInShare, day, missShares), ...(flashSale ? flashSaleBudgets(flashSale) : [])];

  console.log(`\nThroughput (127.0.0.1, workerd via Miniflare, autocannon on the same host)\n${loadTable(runs, baseline)}`);
  const failing = runs.filter((r) => r.errors + r.non2xx + r.timeouts > 0);
  for (const r of failing) console.log(`  note: ${r.label} c${r.connections} had ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  console.log(`\nJavaScript per page (gzip -9, 1 KB = 1024 B; "HTML preloads" = entry + every modulepreload link)\n${jsTable(pages)}`);
  const workerRows = worker.files.map((f) => [relative(root, f.file), kb(f.bytes), kb(f.gzipBytes)]);
  console.log(`\nWorker bundle: ${kb(worker.gzipBytes)} KB gz\n${table(['file', 'KB', 'KB gz'], workerRows, new Set([1, 2]))}`);
  if (flashSale) console.log(`\nA flash sale (scripts/bench/flash-sale.ts)\n${JSON.stringify(flashSale, null, 2)}`);
  if (day) console.log(`\nA simulated day through the page cache (scripts/bench/day.ts)\n${dayTable(day)}`);
  console.log(`\nBudgets\n${budgetTable(budgets)}`);
  printLogs(server.logs);

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    options,
    targets,
    load: runs,
    baseline: Object.fromEntries(baseline),
    js: Object.fromEntries(pages),
    worker: {
      ...worker,
      dir: relative(root, worker.dir),
      entry: relative(root, worker.entry),
      files: worker.files.map((f) => ({ ...f, file: relative(root, f.file) })),
    },
    budgets,
    signIn: signedIn.timings,
    day,
    flashSale,
    missShares,
    workerLogs: server.logs,
  };
  const out = join(root, 'dist/bench/results.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  say(`done; results in ${relative(root, out)}; ${budgets.filter((b) => !b.pass).length} of ${budgets.length} budgets failed`);
  // A failed budget is part of the report, not a failure of the bench.
  return 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(130));

try {
  await shutdown(await main());
} catch (error) {
  console.error(`bench: ${(error as Error).stack ?? error}`);
  if (server) printLogs(server.logs);
  await shutdown(1);
}
