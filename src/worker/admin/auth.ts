// Admin bearer authentication. Named tokens and the bootstrap ADMIN_TOKEN are compared in constant time;
// every refused attempt is audited and answered with WWW-Authenticate; an address that keeps guessing is
// slowed, then refused with 429 until its window ends.

import type { Context, MiddlewareHandler } from 'hono';
import { type AttemptPolicy, attemptCounter, verdict } from '../counters/attempts.ts';
import type { AppEnv } from '../env.ts';
import { auditStatement } from '../lib/audit.ts';
import { HttpError } from '../lib/http-error.ts';
import { type AdminRole, credentialFor, markUsed } from './credentials.ts';

export const ADMIN_ATTEMPTS: AttemptPolicy = { slowAfter: 3, refuseAfter: 10, windowSeconds: 15 * 60, delayStepMs: 250, maxDelayMs: 2000 };
const CHALLENGE = 'Bearer realm="cairn-admin"';

function clientAddress(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}

async function auditRefusal(c: Context<AppEnv>, reason: string, failures: number): Promise<void> {
  await auditStatement(c.env.DB, {
    actor: `unauthenticated ${clientAddress(c)}`,
    action: 'admin.refused',
    subject: `${c.req.method} ${c.req.path}`,
    details: { reason, failures },
    correlationId: c.get('correlationId'),
  }).run();
}

function bearerOf(header: string | undefined): string {
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

export function adminAuth(policy: AttemptPolicy = ADMIN_ATTEMPTS): MiddlewareHandler<AppEnv> {
  return async function adminAuthMiddleware(c, next) {
    const attempts = attemptCounter(c.env.COUNTERS, `admin-auth:${clientAddress(c)}`);
    // Counted before the token is judged: concurrent guesses each get their own number.
    const counted = await attempts.count(policy.windowSeconds);
    const judged = verdict(policy, { count: counted.count - 1, resetAt: counted.resetAt });
    if (judged.refused) {
      // The first refusal of a window is audited; the rest would only flood the trail.
      if (counted.count === policy.refuseAfter + 1) await auditRefusal(c, 'rate-limited', counted.count - 1);
      c.header('Retry-After', String(judged.retryAfter));
      throw new HttpError('API429', `Too many refused admin tokens from this address. Try again in ${judged.retryAfter} seconds.`);
    }
    const bearer = bearerOf(c.req.header('authorization'));
    const credential = bearer ? await credentialFor(c.env.DB, c.env.ADMIN_TOKEN, bearer) : null;
    if (!credential) {
      await auditRefusal(c, bearer ? 'invalid-token' : 'missing-token', counted.count);
      // Slower with every guess past the first few: a guesser gets few tries a minute, a typo costs nothing.
      const delayMs = verdict(policy, counted).delayMs;
      if (delayMs > 0) await scheduler.wait(delayMs);
      c.header('WWW-Authenticate', bearer ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE);
      throw new HttpError('AUT401', 'A valid admin bearer token is required.');
    }
    await attempts.forgive();
    c.set('admin', credential);
    await next();
    // Only a request that was carried out counts as a use of its token.
    if (credential.tokenId && c.res.status < 400) await markUsed(c.env.DB, credential.tokenId);
  };
}

/** Token management and other operator work: a marketer's token is refused. */
export function requireRole(role: AdminRole): MiddlewareHandler<AppEnv> {
  return async function requireRoleMiddleware(c, next) {
    if (c.get('admin').role !== role) throw new HttpError('API403', `This needs an ${role} token; yours is a ${c.get('admin').role} token.`);
    await next();
  };
}
