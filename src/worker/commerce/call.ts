// What a commerce service call runs with and for whom, as plain values: the route reads them off the request
// (commerce/from-request.ts), the service decides, and what the answer must change in the browser (a cookie,
// the session's basket) comes back as a value for the route to apply.

import type { SessionClaims } from '../../shared/api/session.ts';
import type { ExperimentArm } from '../observe/experiment-arms.ts';
import type { StoreDevice } from './stores/devices.ts';

/** The bindings and the request's logger and correlation id: what every domain service is given (lib/service-deps.ts). */
export type { ServiceDeps } from '../lib/service-deps.ts';

/** The acting shopper: their session's claims (none before one is minted), where they call from, their store. */
export interface Shopper {
  claims: SessionClaims | undefined;
  /** The client's address (cf-connecting-ip), which the bot check and the count of gift card guesses use. */
  address: string | undefined;
  /** The store the cart picks up at by default: the one the call names, else the shopper's own. */
  favStoreId: string | undefined;
  /** The registered store device the call comes from, read only when a rule needs it. */
  device: () => Promise<StoreDevice | null>;
  /** The request's correlation id, which the Cart object logs with (cart/caller.ts). */
  correlationId?: string | undefined;
  /** The experiment arms the shopper was shown, only with targeting consent: their funnel steps are counted under each. */
  arms?: readonly ExperimentArm[] | undefined;
}

/** A cookie the answer sets, with the attributes the route writes it with. */
export interface CookieChange {
  name: string;
  value: string;
  options: {
    path?: string;
    domain?: string;
    secure?: boolean;
    httpOnly?: boolean;
    sameSite?: 'Strict' | 'Lax' | 'None';
    maxAge?: number;
  };
}

/** The session's claims to write with the answer (the basket it now shops with). */
export interface SessionChange {
  basketId: string;
}
