// npm test: build, lint and types, the workerd tests, then the browser journeys.
// Usage: node scripts/test.ts
//
// The journeys' server (migrated, seeded, two wrangler dev processes) starts first, in the background, and
// comes up while the checks and vitest run, rather than after them. The two runners themselves go one after
// the other: each keeps both cores busy (Chromium, its renderers and the server take about two CPU-seconds for
// each second of the journeys), and side by side they took longer than in turn, with vitest's timing checks
// (an admin guess answered at once, seventy sign-ins in a minute) at risk.

import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const port = process.env.E2E_PORT ?? '8788';
const started = Date.now();
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;
const timings: string[] = [];

/** Runs a step to its end with the terminal's output; its exit code. */
function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      timings.push(`${name} ${seconds(since)}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The journeys' server, in a process group of its own so its wrangler children end with it. */
function startServer(): { child: ChildProcess; errors: () => string } {
  const child = spawn(process.execPath, [join(root, 'scripts/e2e-server.ts'), port], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-20_000);
  });
  return { child, errors: () => errors };
}

function stopServer(child: ChildProcess): void {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Resolves once the storefront answers (by the end of vitest it has long done so), or rejects when its server ends or the time runs out. */
async function serverReady(child: ChildProcess, since: number): Promise<void> {
  const url = `http://127.0.0.1:${port}/en-us`;
  // Four minutes from its start, and a minute at least from now: vitest may itself run past four minutes on a busy machine.
  const deadline = Math.max(since + 240_000, Date.now() + 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the journeys' server ended (exit ${child.exitCode}) before it answered`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the journeys' server did not answer ${url} within ${Math.round((deadline - since) / 1000)} s of its start`);
}

async function main(): Promise<number> {
  if ((await step('build', process.execPath, [join(root, 'scripts/build.ts')])) !== 0) return 1;
  const serverStarted = Date.now();
  const server = startServer();
  try {
    if ((await step('biome', bin('biome'), ['check', '--error-on-warnings', '.'])) !== 0) return 1;
    if ((await step('tsc', bin('tsc'), ['-p', '.'])) !== 0) return 1;
    if ((await step('vitest', bin('vitest'), ['run'])) !== 0) return 1;
    try {
      await serverReady(server.child, serverStarted);
    } catch (error) {
      console.error(`${(error as Error).message}\n${server.errors()}`);
      return 1;
    }
    return await step('playwright', bin('playwright'), ['test'], { ...process.env, E2E_SERVER: 'running' });
  } finally {
    stopServer(server.child);
    console.log(`\ntest: ${timings.join(', ')}; ${seconds(started)} in all`);
  }
}

process.exitCode = await main();
