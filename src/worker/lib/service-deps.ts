// What a domain service is given by the layer above: the bindings, the request's correlation id (audits
// carry it) and its logger. Route files build it from the request (depsOf in lib/http-deps.ts).

import type { Bindings } from '../env.ts';
import type { Logger } from './logger.ts';

export interface ServiceDeps {
  env: Bindings;
  correlationId: string;
  logger: Logger;
  /** Keeps work (a business event's write) alive after the answer; without it the work is awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** What the content service of a request needs: a background cache refresh outlives the answer. */
export interface ContentDeps {
  env: Bindings;
  logger: Logger;
  /** Keeps background work (a cache refresh) alive after the answer. */
  waitUntil: (promise: Promise<unknown>) => void;
}
