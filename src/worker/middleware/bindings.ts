// Refuses to serve when a required binding or variable is missing or unusable, saying which one, once per isolate.

import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Bindings } from '../env.ts';
import { publicOriginProblem } from '../lib/public-origin.ts';

/** Every binding the store cannot serve without (GET /healthz asks each whether it answers), then its variables. */
const REQUIRED: readonly (keyof Bindings)[] = [
  'DB',
  'CONTENT',
  'MEDIA',
  'COUNTERS',
  'CART',
  'PAGE_PURGE',
  'FLASH_STOCK',
  'MAIL_QUEUE',
  'ORDER_EVENTS',
  'LOOKUP_LIMIT',
  'APP_ID',
  'BRAND',
  'SESSION_SECRET',
  'PUBLIC_ORIGIN',
];

export function missingBindings(env: Partial<Bindings> | undefined): string[] {
  return REQUIRED.filter((name) => !env?.[name]);
}

export function requireBindings(): MiddlewareHandler<AppEnv> {
  let verified = false;
  return async function requireBindingsMiddleware(c, next) {
    if (!verified) {
      const missing = missingBindings(c.env);
      if (missing.length > 0) {
        throw new Error(
          `Missing bindings or variables: ${missing.join(', ')}. Declare them in wrangler.toml, or set secrets with \`wrangler secret put\` (see the README, Configuration).`,
        );
      }
      // Present but unusable: links in emails would lead nowhere, or wherever a request's Host said.
      const problem = publicOriginProblem(c.env);
      if (problem) throw new Error(problem);
      verified = true;
    }
    await next();
  };
}
