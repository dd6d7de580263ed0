// Unit tests of pure logic in Node; the few that need workerd's own APIs and the integration tests inside
// workerd. Only the integration project migrates and seeds D1.

import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { seedStatements } from './scripts/seed/all.ts';
import { giftCardStatements } from './scripts/seed/gift-cards.ts';

const SANDBOX_SECRET_KEY = 'sk_test_vitest_0123456789';
// The processor's production lane (under /p/) has keys of its own, live ones.
const LIVE_SECRET_KEY = 'sk_live_vitest_0123456789';
const GIFT_CARD_KEY = 'test-gift-card-key-0123456789abcdefghijklmn';
// Built once here in Node and handed to every test file's runtime as a binding: building it (and
// loading the seed modules) inside workerd cost each file several seconds.
const TEST_SEED = [...seedStatements(), ...(await giftCardStatements(GIFT_CARD_KEY))];

export default defineConfig({
  // wrangler.toml defines NODE_ENV as production, so React's JSX runtime has no jsxDEV: emit production JSX.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          ENVIRONMENT: 'test',
          ADMIN_TOKEN: 'test-admin-token',
          PREVIEW_SECRET: 'test-preview-secret-0123456789abcdef',
          SESSION_SECRET: 'test-session-secret-0123456789abcdefghijklmnop',
          // The store's address in the links it mails: the tests' own origin (tests/integration/helpers.ts).
          PUBLIC_ORIGIN: 'https://store.test',
          GIFT_CARD_KEY,
          TEST_MIGRATIONS: await readD1Migrations({ migrationsDir: './migrations' }),
          TEST_SEED,
          PAYMENTS_ORIGIN: 'http://payments.test',
          PAYMENTS_SECRET_KEY: SANDBOX_SECRET_KEY,
          PAYMENTS_LIVE_SECRET_KEY: LIVE_SECRET_KEY,
          // wrangler.toml's production default is for deployments: the store under test pays in the sandbox lane.
          PAYMENTS_MODE: 'sandbox',
          // The files share one Cache and change the database under the pages without the purges the app makes;
          // the page cache's own tests turn it on for their requests (tests/integration/page-cache.test.ts).
          PAGE_CACHE: 'off',
          // A failing queue message is retried at once, so its way to the dead letters takes moments, not minutes.
          QUEUE_RETRY_BASE_SECONDS: '0',
        },
        serviceBindings: { PAYMENTS: 'cairn-payments-sandbox' },
        // wrangler.toml's consumers, but delivering at once: a test waits for its email, not for a batch to fill.
        queueConsumers: {
          'cairn-mail': { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 5, deadLetterQueue: 'cairn-dead-letters' },
          'cairn-order-events': { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 5, deadLetterQueue: 'cairn-dead-letters' },
          'cairn-dead-letters': { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 10 },
        },
        // The sandbox processor beside the store, as npm start runs it (bundled by scripts/build.ts).
        workers: [
          {
            name: 'cairn-payments-sandbox',
            modules: true,
            scriptPath: './dist/payments-sandbox-test.js',
            compatibilityDate: '2026-11-01',
            bindings: {
              SANDBOX_SECRET_KEY,
              SANDBOX_PUBLISHABLE_KEY: 'pk_test_vitest',
              LIVE_SECRET_KEY,
              LIVE_PUBLISHABLE_KEY: 'pk_live_vitest',
              REQUEST_LOGS: 'off',
            },
            durableObjects: { LEDGER: { className: 'Ledger', useSQLite: true } },
          },
        ],
      },
    })),
  ],
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // vitest's default on a 2-core machine is one worker; a second keeps both cores busy while the other waits on workerd.
    maxWorkers: 2,
    projects: [
      // Pure logic runs in Node: starting workerd for each of these files cost far more than the assertions.
      // A test of code that leans on a workerd-only API (crypto.subtle.timingSafeEqual) is named *.workerd.test.ts.
      {
        oxc: { jsx: { runtime: 'automatic', development: false } },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['**/*.workerd.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      { extends: true, test: { name: 'unit-workerd', include: ['src/**/*.workerd.test.ts'] } },
      // One isolate per worker for all its files (tests/integration/setup.ts resets the state between them):
      // loading the worker's module graph into a fresh runtime for each file took most of the run.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          setupFiles: ['./tests/integration/setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
