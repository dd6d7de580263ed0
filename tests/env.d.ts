// Types of the test environment: the worker's bindings plus the migrations and seed the config passes in.

import type { D1Migration } from 'cloudflare:test';
import type { Bindings } from '../src/worker/env.ts';

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import('../src/worker/index.ts');
    }
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** The seed statements, built once in Node by vitest.config.ts. */
      TEST_SEED: string[];
    }
  }
}
