// Unit and integration tests, all inside workerd with the migrated, seeded D1 of wrangler.toml.

import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // wrangler.toml defines NODE_ENV as production, so React's JSX runtime has no jsxDEV: emit production JSX.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: { ENVIRONMENT: 'test', ADMIN_TOKEN: 'test-admin-token', TEST_MIGRATIONS: await readD1Migrations({ migrationsDir: './migrations' }) },
      },
    })),
  ],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    setupFiles: ['./tests/integration/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
