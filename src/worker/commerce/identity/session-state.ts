// The session as a request holds it, typed apart from the middleware so the app's variables can name it
// without importing code that imports them back.

import type { SessionClaims } from '../../../shared/api/session.ts';
import type { IssuedRefresh } from './refresh-tokens.ts';

export interface CurrentSession {
  claims: SessionClaims;
  /** The refresh-token family: revoked as one at sign-out, on reuse, or when the password changes. */
  familyId: string;
}

/** What the session middleware writes once the route has answered. */
export type SessionCookies = { set: { token: string; refresh?: IssuedRefresh; firstName?: string } } | { clear: true };
