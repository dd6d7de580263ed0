// End-to-end journeys in a real Chromium against the storefront served by wrangler dev.

import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/chromium.ts';

// E2E_PORT lets two runs share a machine (each server keeps its state under its own port).
const port = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two files at a time against the one server: each journey makes its own shopper, basket and orders,
  // so they do not meet; the tests inside a file still run in order.
  fullyParallel: false,
  workers: 2,
  // One retry, reported as flaky rather than passed, so a journey that fails once on a busy machine is named
  // in the report without failing the run. The race that first made this necessary (an Add to cart click
  // overtaking a held size click's replay) is fixed in client/wake-on-interaction.ts.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    launchOptions: {
      executablePath: await chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A trace only for a journey's retry: recording one for every journey (screencast and DOM snapshots at each
    // step) cost about a third of the run's CPU, for traces kept only when a journey failed.
    trace: 'on-first-retry',
  },
  // npm test (scripts/test.ts) starts the server itself, while the checks and vitest run, and says so.
  webServer:
    process.env.E2E_SERVER === 'running'
      ? undefined
      : {
          command: `node scripts/e2e-server.ts ${port}`,
          url: `http://127.0.0.1:${port}/en-us`,
          timeout: 180_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          stderr: 'pipe',
        },
});
