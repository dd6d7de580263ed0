// The signed-in shopper an API call acts for: their number, or AUT401 saying what signing in would let them do.

import type { AppEnv } from '../env.ts';
import { type ActingShopper, actingShopperOf } from './acting-shopper.ts';
import { HttpError } from './http-error.ts';

type SessionHolder = { get(key: 'session'): AppEnv['Variables']['session'] };

/** `what` finishes "Sign in to …": "write a review", "manage your subscriptions". */
export function signedInShopper(c: SessionHolder, what: string): string {
  return actingShopper(c, what).consumerNo;
}

/** The signed-in shopper as the value services take, or AUT401 as signedInShopper. */
export function actingShopper(c: SessionHolder, what: string): ActingShopper {
  const shopper = actingShopperOf(c.get('session')?.claims);
  if (!shopper) throw new HttpError('AUT401', `Sign in to ${what}.`);
  return shopper;
}
