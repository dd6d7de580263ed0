// Admin bearer authentication: the token is compared in constant time (as SHA-256 digests, so the
// comparison does not even depend on the token's length).

import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { HttpError } from '../lib/http-error.ts';

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  // Workers' SubtleCrypto has timingSafeEqual; the DOM typings the client shares do not know it.
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean }).timingSafeEqual(a, b);
}

export function adminAuth(): MiddlewareHandler<AppEnv> {
  return async function adminAuthMiddleware(c, next) {
    const expected = c.env.ADMIN_TOKEN;
    // Without a configured token the admin API is closed, never open.
    if (!expected) throw new HttpError('AUT401', 'The admin API is not configured on this deployment.');
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!token || !(await sameSecret(token, expected))) throw new HttpError('AUT401', 'A valid admin bearer token is required.');
    await next();
  };
}
