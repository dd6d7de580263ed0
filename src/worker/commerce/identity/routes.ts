// Identity API (commerce-core §7, Authentication): the token call that gives a shopper a session. A guest
// asks for one with an empty body (or { "type": "guest" }); the session rides in HttpOnly cookies, and the
// answer says what it is, never the tokens themselves.

import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { ensureSession } from '../../middleware/session.ts';
import { SESSION_SECONDS } from './session-token.ts';

const TokenBody = v.strictObject({ type: v.optional(v.literal('guest', 'type is guest.')) }, 'The token call takes { "type": "guest" } for a guest session.');

export const identityRoutes = new Hono<AppEnv>().post('/token/v2/auth/token', valid('json', TokenBody), async (c) => {
  // A shopper who already has a session keeps it: asking again never downgrades a signed-in session.
  const { claims } = await ensureSession(c);
  c.header('Cache-Control', 'no-store');
  return c.json(
    envelope(c, {
      usid: claims.usid,
      type: claims.type,
      ...(claims.consumerNo ? { consumerNo: claims.consumerNo, consumerType: claims.consumerType ?? null } : {}),
      expiresIn: SESSION_SECONDS,
    }),
  );
});
