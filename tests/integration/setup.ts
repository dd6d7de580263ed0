// Before each test file: the seeded state, whatever the file before it in this isolate did. The files of a
// worker share one isolate (isolate: false in vitest.config.ts), which spares loading the worker's module
// graph for each file; so each file starts by waiting for the last file's requests to finish their work,
// wiping every binding and every Durable Object, forgetting what the isolate keeps in memory, then migrating
// and seeding D1 again (the seed is built once by vitest.config.ts). Every migration goes in one batch and
// the seed in a few large ones: a batch is a round trip to D1's object, and one per migration cost more than
// the statements in it.

import { abortAllDurableObjects, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, expect } from 'vitest';
import { forgetIsolateMemory } from '../../src/worker/lib/isolate-memory.ts';
import { forgetLogs, printLogs, report } from './held-logs.ts';
import { settleRequests } from './helpers.ts';

/** The file that ran last in this isolate, named when its state outlives a wipe. */
const state = globalThis as { lastFile?: string };

/**
 * Deletes every Durable Object, D1's included. Twice in about ten full runs D1 came through a wipe with the
 * last file's tables; D1 is asked after the wipe and wiped again until it is empty.
 */
async function wipe(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await settleRequests();
    await reset();
    const left = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").first<{ n: number }>();
    if (!left?.n) break;
    if (attempt === 5) throw new Error(`D1 keeps ${left.n} tables of ${state.lastFile} through ${attempt} wipes`);
    report(`setup: D1 came through wipe ${attempt} with ${left.n} tables of ${state.lastFile}; wiping again`);
    await scheduler.wait(100);
  }
  state.lastFile = expect.getState().testPath;
}

beforeEach(({ onTestFailed }) => {
  forgetLogs();
  onTestFailed(printLogs);
});

// The file before may have left work running after its last response (a waitUntil write to D1 or KV):
// wiping the state under it would let that write land in this file's fresh state.
await wipe();
await abortAllDurableObjects();
forgetIsolateMemory();
const migrations = env.TEST_MIGRATIONS;
await env.DB.batch([
  ...migrations.flatMap((migration) => migration.queries.map((sql) => env.DB.prepare(sql))),
  // The table wrangler keeps of applied migrations, as a deployed database has it.
  env.DB.prepare(
    'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
  ),
  ...migrations.map((migration) => env.DB.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name)),
]);
const BATCH = 150;
for (let i = 0; i < env.TEST_SEED.length; i += BATCH) {
  await env.DB.batch(env.TEST_SEED.slice(i, i + BATCH).map((sql) => env.DB.prepare(sql)));
}
