// Serves the storefront for end-to-end tests: its own migrated and seeded local state, then wrangler dev.
// Usage: node scripts/e2e-server.ts <port>

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { seedSql } from './seed/all.ts';
import { giftCardStatements } from './seed/gift-cards.ts';
import { bulkPutArgs, writeSeedPhotos } from './seed/media-bucket.ts';
import { migrationsSql } from './seed/migrations-sql.ts';

export const E2E_ADMIN_TOKEN = 'e2e-admin-token';
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdef';
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdefghijklmnop';
export const E2E_GIFT_CARD_KEY = 'e2e-gift-card-key-0123456789abcdefghijklmnop';
export const E2E_PAYMENTS_KEY = 'sk_test_e2e_0123456789abcdef';
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const port = process.argv[2] ?? '8788';
/** The sandbox processor, on its own origin as under npm start, on the next port. */
export const sandboxPort = String(Number(port) + 10);
const persist = join(root, `.wrangler/e2e-state-${port}`);
const wrangler = join(root, 'node_modules/.bin/wrangler');

rmSync(persist, { recursive: true, force: true });
mkdirSync(persist, { recursive: true });
const seedFile = join(persist, 'seed.sql');
const giftCards = (await giftCardStatements(E2E_GIFT_CARD_KEY)).join(';\n');
writeFileSync(seedFile, `${migrationsSql(join(root, 'migrations'))}${seedSql()}${giftCards};\n`);
const quiet: { cwd: string; stdio: ('ignore' | 'inherit')[] } = { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] };
execFileSync(wrangler, ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', seedFile], quiet);
execFileSync(wrangler, bulkPutArgs((await writeSeedPhotos(join(persist, 'media'))).listFile, persist), quiet);
// A dev registry of its own: a developer's `npm start` on this machine must not answer for the tests' sandbox.
const env = { ...process.env, WRANGLER_REGISTRY_PATH: join(persist, 'registry') };
const sandbox = spawn(
  wrangler,
  [
    'dev',
    '-c',
    'wrangler.payments.toml',
    '--port',
    sandboxPort,
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(Number(port) + 1000),
    '--persist-to',
    persist,
    '--var',
    `SANDBOX_SECRET_KEY:${E2E_PAYMENTS_KEY}`,
    '--show-interactive-dev-session=false',
  ],
  { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
);
const server = spawn(
  wrangler,
  [
    'dev',
    '--port',
    port,
    '--inspector-port',
    String(Number(port) + 1001),
    '--ip',
    '127.0.0.1',
    '--persist-to',
    persist,
    '--var',
    'ENVIRONMENT:test',
    '--var',
    `ADMIN_TOKEN:${E2E_ADMIN_TOKEN}`,
    '--var',
    `PREVIEW_SECRET:${E2E_PREVIEW_SECRET}`,
    '--var',
    `SESSION_SECRET:${E2E_SESSION_SECRET}`,
    '--var',
    `GIFT_CARD_KEY:${E2E_GIFT_CARD_KEY}`,
    '--var',
    `PAYMENTS_SECRET_KEY:${E2E_PAYMENTS_KEY}`,
    '--var',
    `PAYMENTS_ORIGIN:http://127.0.0.1:${sandboxPort}`,
    '--var',
    // The journeys pay with the sandbox's test cards: its lane, not wrangler.toml's production one.
    'PAYMENTS_MODE:sandbox',
    '--var',
    // The browser follows the links the outbox holds (a reset link): they lead to this server.
    `PUBLIC_ORIGIN:http://127.0.0.1:${port}`,
    '--show-interactive-dev-session=false',
  ],
  { cwd: root, env, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    sandbox.kill(signal);
    server.kill(signal);
  });
for (const child of [sandbox, server])
  child.on('exit', (code) => {
    sandbox.kill('SIGTERM');
    server.kill('SIGTERM');
    process.exit(code ?? 0);
  });
