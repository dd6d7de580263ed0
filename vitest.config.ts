// Unit and integration tests, all inside workerd. Only the integration project migrates and seeds D1:
// unit tests of pure logic start without it.

import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const SANDBOX_SECRET_KEY = 'sk_test_vitest_0123456789';

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
          GIFT_CARD_KEY: 'test-gift-card-key-0123456789abcdefghijklmn',
          TEST_MIGRATIONS: await readD1Migrations({ migrationsDir: './migrations' }),
          PAYMENTS_ORIGIN: 'http://payments.test',
          PAYMENTS_SECRET_KEY: SANDBOX_SECRET_KEY,
        },
        serviceBindings: { PAYMENTS: 'cairn-payments-sandbox' },
        // The sandbox processor beside the store, as npm start runs it (bundled by scripts/build.ts).
        workers: [
          {
            name: 'cairn-payments-sandbox',
            modules: true,
            scriptPath: './dist/payments-sandbox.js',
            compatibilityDate: '2026-11-01',
            bindings: { SANDBOX_SECRET_KEY, SANDBOX_PUBLISHABLE_KEY: 'pk_test_vitest' },
            durableObjects: { LEDGER: { className: 'Ledger', useSQLite: true } },
          },
        ],
      },
    })),
  ],
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'], setupFiles: ['./tests/integration/setup.ts'] } },
    ],
  },
});
