// The route files' side of lib/service-deps.ts: a service's dependencies read off the request.

import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { ContentDeps, ServiceDeps } from './service-deps.ts';

export function depsOf(c: Context<AppEnv>): ServiceDeps {
  return { env: c.env, correlationId: c.get('correlationId'), logger: c.get('logger'), waitUntil: waitUntilOf(c) };
}

function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    // No execution context (a unit test calling app.request): finish the work in the background anyway.
    return (promise) => void promise;
  }
}

/** What the content service of this request needs. */
export function contentDeps(c: Context<AppEnv>): ContentDeps {
  return { env: c.env, logger: c.get('logger'), waitUntil: waitUntilOf(c) };
}
