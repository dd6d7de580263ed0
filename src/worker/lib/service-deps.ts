// What a domain service is given by the layer above: the bindings, the request's correlation id (audits
// carry it) and its logger. Route files build it from the request (serviceDeps in lib/http-deps.ts).

import type { Bindings } from '../env.ts';
import type { Logger } from './logger.ts';

export interface ServiceDeps {
  env: Bindings;
  correlationId: string;
  logger: Logger;
}
