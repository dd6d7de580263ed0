// The card processor as the integration tests run it: the same worker and ledgers, plus the one thing a
// processor's test mode offers that the store never calls, "delete all test data". Each test file starts
// on empty ledgers in both lanes (tests/integration/seeded-state.ts), as it would against a fresh processor
// account: the seeded orders' refund keys repeat from file to file, and a device's card count would carry over.

import { WorkerEntrypoint } from 'cloudflare:workers';
import { LANES } from '../../src/payments/lanes.ts';
import { Ledger as SandboxLedger } from '../../src/payments/ledger.ts';
import { ledger, type SandboxBindings } from '../../src/payments/sandbox-http.ts';
import sandbox from '../../src/payments/worker.ts';

export class Ledger extends SandboxLedger {
  /** Every token, authorization, wallet session and device, gone; the instance is aborted after it. */
  async deleteTestData(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}

export default class SandboxForTests extends WorkerEntrypoint<SandboxBindings> {
  override fetch(request: Request): Response | Promise<Response> {
    return sandbox.fetch(request, this.env, this.ctx);
  }

  async deleteTestData(): Promise<void> {
    await Promise.all(Object.values(LANES).map((lane) => (ledger(this.env, lane) as unknown as DurableObjectStub<Ledger>).deleteTestData()));
  }
}
