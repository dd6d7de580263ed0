// Before each test file: the seeded state, whatever the file before it in this isolate did. The files of a
// worker share one isolate (isolate: false in vitest.config.ts), which spares loading the worker's module
// graph for each file; so each file starts by wiping every binding and every Durable Object, forgetting
// what the isolate keeps in memory, then migrating and seeding D1 again (the seed is built once by
// vitest.config.ts).

import { abortAllDurableObjects, applyD1Migrations, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { forgetIsolateMemory } from '../../src/worker/lib/isolate-memory.ts';

await reset();
await abortAllDurableObjects();
forgetIsolateMemory();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const BATCH = 50;
for (let i = 0; i < env.TEST_SEED.length; i += BATCH) {
  await env.DB.batch(env.TEST_SEED.slice(i, i + BATCH).map((sql) => env.DB.prepare(sql)));
}
