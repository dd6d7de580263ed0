// Bench step 2: the bundled worker on workerd through Miniflare, with a fresh D1 migrated and seeded.

import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { seedStatements } from '../seed/all.ts';

export type Database = Awaited<ReturnType<Miniflare['getD1Database']>>;

export interface WorkerLog {
  level: string;
  message: string;
}

export interface WorkerLogs {
  total: number;
  byLevel: Record<string, number>;
  /** The first warnings and errors: enough to diagnose, without memory growing with every failed request under load. */
  notable: WorkerLog[];
}

export interface BenchServer {
  origin: string;
  db: Database;
  logs: WorkerLogs;
  /** The admin API's token, for the simulated day's publish and price changes. */
  adminToken: string;
  /** A request straight to the sandbox processor (the card fields' token call, which the store never makes). */
  sandbox(path: string, init: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
}

export interface ServerOptions {
  /** The bundle's entry module, then every other module it ships. */
  entry: string;
  modules: string[];
  compatibilityDate: string;
  compatibilityFlags: string[];
  /** The sandbox card processor, bundled (scripts/build.ts): bound as PAYMENTS, as npm start runs it. */
  sandboxScript: string;
  /** 'off' serves every page rendered, as before the page cache (the plain renders misses are set against). */
  pageCache: 'on' | 'off';
  /**
   * False leaves the Cache API's storage out (Miniflare's no-op cache): a page-cache miss then costs what it
   * costs the worker on Cloudflare, where the cache's storage is the runtime's and no isolate's.
   */
  cacheApi?: boolean;
  /** Opens workerd's inspector there, for a CPU profile taken by hand under load. */
  inspectorPort?: number;
}

/** The sandbox's origin as the store addresses it; only the service binding ever reaches it in the bench. */
export const BENCH_SANDBOX_ORIGIN = 'http://payments.bench';
export const BENCH_PUBLISHABLE_KEY = 'pk_test_bench';

export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const logs: WorkerLogs = { total: 0, byLevel: {}, notable: [] };
  const paymentsKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const adminToken = randomBytes(24).toString('base64url');
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          // Listed one by one: automatic module discovery would read any extra .js chunk as CommonJS.
          modules: options.modules.map((path) => ({ type: path.endsWith('.wasm') ? 'CompiledWasm' : 'ESModule', path })),
          modulesRoot: dirname(options.entry),
          compatibilityDate: options.compatibilityDate,
          compatibilityFlags: options.compatibilityFlags,
          bindings: {
            ENVIRONMENT: 'production',
            APP_ID: 'cairn-storefront',
            BRAND: 'CRN',
            SESSION_SECRET: randomBytes(32).toString('base64url'),
            GIFT_CARD_KEY: randomBytes(32).toString('base64url'),
            BOT_CHECK: 'pass',
            // Only in the links of emails the bench never follows; production insists on https.
            PUBLIC_ORIGIN: 'https://store.bench',
            PAYMENTS_ORIGIN: BENCH_SANDBOX_ORIGIN,
            PAYMENTS_SECRET_KEY: paymentsKey,
            ADMIN_TOKEN: adminToken,
            PAGE_CACHE: options.pageCache,
            // The mail queue's consumer sends through Resend as deployed; the bench answers Resend's API itself (below).
            RESEND_API_KEY: 'bench-resend-key',
          },
          // No call leaves the machine: Resend's API is answered as it answers a sent email, anything else refused.
          outboundService: (request: Request) =>
            new URL(request.url).hostname === 'api.resend.com'
              ? Response.json({ id: crypto.randomUUID() })
              : new Response(`the bench makes no outbound call (${new URL(request.url).hostname})`, { status: 502 }),
          serviceBindings: { PAYMENTS: 'cairn-payments-sandbox' },
          ...(options.cacheApi === false ? { cacheAPI: false } : {}),
          d1Databases: ['DB'],
          kvNamespaces: ['CONTENT'],
          r2Buckets: ['MEDIA'],
          // As deployed, business events go to Analytics Engine, not to D1 (which they would without the binding).
          analyticsEngineDatasets: { EVENTS: { dataset: 'cairn_events' } },
          // wrangler.toml's queues: email and order events are handled after the answer, as deployed.
          queueProducers: { MAIL_QUEUE: { queueName: 'cairn-mail' }, ORDER_EVENTS: { queueName: 'cairn-order-events' } },
          queueConsumers: {
            'cairn-mail': { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 5, deadLetterQueue: 'cairn-dead-letters' },
            'cairn-order-events': { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 5, deadLetterQueue: 'cairn-dead-letters' },
            'cairn-dead-letters': { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 10 },
          },
          // wrangler.toml's limit; the bench's lookups never reach it (its buyers come from one address).
          ratelimits: { LOOKUP_LIMIT: { namespace_id: '1001', simple: { limit: 10, period: 60 } } },
          durableObjects: {
            COUNTERS: { className: 'Counters', useSQLite: true },
            CART: { className: 'Cart', useSQLite: true },
            PAGE_PURGE: { className: 'PagePurgeQueue', useSQLite: true },
            FLASH_STOCK: { className: 'FlashStock', useSQLite: true },
          },
        },
        {
          name: 'cairn-payments-sandbox',
          modules: true,
          scriptPath: options.sandboxScript,
          compatibilityDate: options.compatibilityDate,
          bindings: { SANDBOX_SECRET_KEY: paymentsKey, SANDBOX_PUBLISHABLE_KEY: BENCH_PUBLISHABLE_KEY },
          durableObjects: { LEDGER: { className: 'Ledger', useSQLite: true } },
        },
      ],
      // No resourcePersistencePath: storage lives in a temporary directory removed on dispose, so every run starts empty.
      host: '127.0.0.1',
      port: 0,
      ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
      cf: false,
      logRequests: false,
      handleStructuredLogs: (log) => {
        logs.total++;
        logs.byLevel[log.level] = (logs.byLevel[log.level] ?? 0) + 1;
        if (/error|warn/i.test(log.level) && logs.notable.length < 500) logs.notable.push({ level: log.level, message: log.message });
      },
    }),
  );
  try {
    const url = await mf.ready;
    const db = await mf.getD1Database('DB');
    const sandbox = await mf.getWorker('cairn-payments-sandbox');
    return {
      origin: url.origin,
      db,
      adminToken,
      logs,
      sandbox: async (path, init) => (await sandbox.fetch(`${BENCH_SANDBOX_ORIGIN}${path}`, init as never)) as unknown as Response,
      dispose: () => mf.dispose(),
    };
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }
}

export async function migrate(db: Database, root: string): Promise<number> {
  // The same splitter the test pool uses: it keeps trigger bodies (BEGIN ... END) whole.
  const migrations = await readD1Migrations({ migrationsDir: join(root, 'migrations') });
  for (const migration of migrations) await db.batch(migration.queries.map((q) => db.prepare(q)));
  return migrations.length;
}

/** Seeds in batches bounded by size: one batch per call keeps each proxy round-trip well under its limits. */
export async function seed(db: Database): Promise<number> {
  const statements = seedStatements();
  const MAX_BATCH_CHARS = 400_000;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length > 0) await db.batch(batch.map((s) => db.prepare(s)));
    batch = [];
    chars = 0;
  };
  for (const statement of statements) {
    if (chars + statement.length > MAX_BATCH_CHARS) await flush();
    batch.push(statement);
    chars += statement.length;
  }
  await flush();
  return statements.length;
}
