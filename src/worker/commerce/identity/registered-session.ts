// Kept for orders/claim-order.ts until the orders refactor calls the sign-in over the request itself
// (http-session.ts signInRequest; the rules are account-session.ts).

import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import type { GuestObjects } from './account-session.ts';
import type { ConsumerRow } from './consumers.ts';
import { signInRequest } from './http-session.ts';
import type { CurrentSession } from './session-state.ts';

export function openRegisteredSession(c: Context<AppEnv>, consumer: ConsumerRow, guestObjects: GuestObjects = {}): Promise<CurrentSession> {
  return signInRequest(c, consumer, guestObjects);
}
