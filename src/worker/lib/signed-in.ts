// The signed-in shopper an API call acts for: their number, or AUT401 saying what signing in would let them do.

import type { AppEnv } from '../env.ts';
import { HttpError } from './http-error.ts';

/** `what` finishes "Sign in to …": "write a review", "manage your subscriptions". */
export function signedInShopper(c: { get(key: 'session'): AppEnv['Variables']['session'] }, what: string): string {
  const claims = c.get('session')?.claims;
  if (claims?.type !== 'registered' || !claims.consumerNo) throw new HttpError('AUT401', `Sign in to ${what}.`);
  return claims.consumerNo;
}
