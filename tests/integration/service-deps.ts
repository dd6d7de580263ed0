// What a route gives a domain service, for tests that call the service without HTTP: the test's bindings,
// a correlation id naming the test, and a logger.

import { env } from 'cloudflare:workers';
import { createLogger } from '../../src/worker/lib/logger.ts';
import type { ServiceDeps } from '../../src/worker/lib/service-deps.ts';

export function serviceDeps(test: string): ServiceDeps {
  return { env, correlationId: `test-${test}`, logger: createLogger({ test }) };
}
