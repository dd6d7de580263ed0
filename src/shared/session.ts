// The shopper's session as both sides know it (ARCHITECTURE.md, Sessions and identity): the claims the
// worker signs into the session cookie, the segment tags derived from a consumer (account-content §6),
// and the small hint cookie islands read, which says nothing a shared page could leak.

import { ANONYMOUS_VISITOR, type Visitor } from './personalisation.ts';

export type SessionType = 'guest' | 'registered';

/** Derived segment tags (account-content §6). */
export const SEGMENT_TAGS = ['LoyaltyMember', 'Wranx', 'Ipa', 'WranxOrIpa', 'Athlete'] as const;
export type SegmentTag = (typeof SEGMENT_TAGS)[number];

/** Buy-in-store session (commerce-core §3): set when an in-store associate sells for a shopper. */
export interface BuyInStore {
  storeId: string;
  storeName: string;
  storeEmployeeId: string;
  storeEmployeeName: string;
}

export interface SessionClaims {
  /** Anonymous session id: the same for the whole session, guest and registered alike. */
  usid: string;
  type: SessionType;
  consumerNo?: string;
  /** EMPLOYEE, ... (commerce-core §3, Auth data). */
  consumerType?: string;
  memberId?: string;
  basketId?: string;
  favoriteId?: string;
  saveForLaterId?: string;
  tags?: SegmentTag[];
  buyInStore?: BuyInStore;
}

/** The non-HttpOnly cookie islands read to show the signed-in state: no ids, no tokens. */
export const SESSION_HINT_COOKIE = 'cairn_hint';

export interface SessionHint {
  signedIn: boolean;
  firstName?: string;
}

export function sessionHintText(hint: SessionHint): string {
  return hint.signedIn ? `r${hint.firstName ? `:${hint.firstName.slice(0, 40)}` : ''}` : 'g';
}

export function parseSessionHint(value: string | null | undefined): SessionHint {
  if (!value?.startsWith('r')) return { signedIn: false };
  const firstName = value.slice(2);
  return firstName ? { signedIn: true, firstName } : { signedIn: true };
}

/** The flags personalisation reads (account-content §6), from a session: a guest is logged out. */
export function visitorOf(claims: SessionClaims | null | undefined, cartItems = 0): Visitor {
  if (claims?.type !== 'registered') return { ...ANONYMOUS_VISITOR, cartItems };
  const tags = new Set(claims.tags ?? []);
  return {
    loggedIn: true,
    loyalty: tags.has('LoyaltyMember'),
    employee: claims.consumerType === 'EMPLOYEE',
    athlete: tags.has('Athlete'),
    identities: [...(tags.has('Wranx') ? (['WRANX'] as const) : []), ...(tags.has('Ipa') ? (['IPA'] as const) : [])],
    cartItems,
  };
}
