// `npm start`: set up (build, .dev.vars, migrate, seed), then run the sandbox card processor on its own
// origin and the storefront beside it. Two wrangler dev processes, because the browser must reach the
// sandbox's card fields on an origin of their own; the store reaches the sandbox's API through its
// service binding, wired by wrangler's dev registry (kept inside the project, so other checkouts of it
// on this machine do not answer for this one).
// Usage: node scripts/start.ts

import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { SANDBOX_PORT, STORE_PORT } from './dev-ports.ts';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const wrangler = join(root, 'node_modules/.bin/wrangler');
const env = { ...process.env, WRANGLER_REGISTRY_PATH: join(root, '.wrangler/registry') };

execFileSync(process.execPath, [join(root, 'scripts/setup.ts')], { cwd: root, stdio: 'inherit' });

const quietArgs = ['--show-interactive-dev-session=false'];
const sandbox = spawn(wrangler, ['dev', '-c', 'wrangler.payments.toml', '--port', String(SANDBOX_PORT), '--inspector-port', '9330', ...quietArgs], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const store = spawn(wrangler, ['dev', '--port', String(STORE_PORT), '--inspector-port', '9329', ...quietArgs], { cwd: root, env, stdio: 'inherit' });
console.log(`start: the sandbox card processor at http://localhost:${SANDBOX_PORT} (test cards listed there)`);

const children = [sandbox, store];
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
for (const child of children)
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
