// Serves the storefront for end-to-end tests: its own migrated and seeded local state, then wrangler dev.
// Usage: node scripts/e2e-server.ts <port>

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { seedSql } from './seed/all.ts';
import { giftCardStatements } from './seed/gift-cards.ts';

export const E2E_ADMIN_TOKEN = 'e2e-admin-token';
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdef';
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdefghijklmnop';
export const E2E_GIFT_CARD_KEY = 'e2e-gift-card-key-0123456789abcdefghijklmnop';
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const port = process.argv[2] ?? '8788';
const persist = join(root, '.wrangler/e2e-state');
const wrangler = join(root, 'node_modules/.bin/wrangler');

rmSync(persist, { recursive: true, force: true });
mkdirSync(persist, { recursive: true });
const seedFile = join(persist, 'seed.sql');
writeFileSync(seedFile, `${seedSql()}${(await giftCardStatements(E2E_GIFT_CARD_KEY)).join(';\n')};\n`);
const quiet: { cwd: string; stdio: ('ignore' | 'inherit')[] } = { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] };
execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], quiet);
execFileSync(wrangler, ['d1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', seedFile], quiet);
const server = spawn(
  wrangler,
  [
    'dev',
    '--port',
    port,
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
    '--show-interactive-dev-session=false',
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
