// The shopper a service acts for, as a plain value: their number, and the store associate serving them when
// one is (the audit names the associate as the actor). Route files read it from the session.

import type { BuyInStore, SessionClaims } from '../../shared/api/session.ts';

export interface ActingShopper {
  consumerNo: string;
  associate?: BuyInStore | undefined;
}

/** The registered shopper the claims belong to, or null for a guest. */
export function actingShopperOf(claims: SessionClaims | undefined): ActingShopper | null {
  if (claims?.type !== 'registered' || !claims.consumerNo) return null;
  return { consumerNo: claims.consumerNo, ...(claims.buyInStore ? { associate: claims.buyInStore } : {}) };
}
