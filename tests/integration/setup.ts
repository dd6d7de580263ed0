// Before each test file: the seeded state, whatever the file before it in this isolate did. The files of a
// worker share one isolate (isolate: false in vitest.config.ts), which spares loading the worker's module
// graph for each file; so each file starts by waiting for the last file's requests to finish their work,
// putting back the seeded state (seeded-state.ts), aborting every Durable Object and forgetting what the
// isolate keeps in memory.

import { abortAllDurableObjects } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import { forgetIsolateMemory } from '../../src/worker/lib/isolate-memory.ts';
import { forgetLogs, printLogs } from './held-logs.ts';
import { queuesSettled, settleRequests } from './helpers.ts';
import { seededState } from './seeded-state.ts';

beforeEach(({ onTestFailed }) => {
  forgetLogs();
  onTestFailed(printLogs);
});

// The file before may have left work running after its last response (a waitUntil write to D1 or KV):
// putting the state back under it would let that write land in this file's state.
await settleRequests();
// Likewise the email and order events the file before queued: delivered now, not into this file's state.
await queuesSettled();
await seededState();
await abortAllDurableObjects();
forgetIsolateMemory();
