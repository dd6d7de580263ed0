// The shopper's session as both sides know it (ARCHITECTURE.md, Sessions and identity): the claims the
// worker signs into the session cookie, the segment tags derived from a consumer (account-content §6),
// and the small hint cookie islands read, which says nothing a shared page could leak.

import { ANONYMOUS_VISITOR, type Visitor } from '../personalisation/personalisation.ts';

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

/** The session token and its refresh token: HttpOnly, for the worker alone (middleware/session.ts). */
export const SESSION_COOKIE = '__Host-cairn_session';
export const REFRESH_COOKIE = '__Host-cairn_refresh';

/** The non-HttpOnly cookie islands read to show the signed-in state: no ids, no tokens. */
export const SESSION_HINT_COOKIE = '__Host-hint';

export interface SessionHint {
  signedIn: boolean;
  firstName?: string;
  /** The store device's associate, when one is connected: the associate bar shows them. */
  associate?: { storeName: string; employeeName: string };
}

const part = (text: string, max: number) => encodeURIComponent(text.slice(0, max));

/** "g" or "r[:name]", then "|store|associate" when an associate is connected; each free text encoded. */
export function sessionHintText(hint: SessionHint): string {
  const who = hint.signedIn ? `r${hint.firstName ? `:${part(hint.firstName, 40)}` : ''}` : 'g';
  return hint.associate ? `${who}|${part(hint.associate.storeName, 60)}|${part(hint.associate.employeeName, 40)}` : who;
}

function decoded(text: string | undefined): string | undefined {
  if (!text) return undefined;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function parseSessionHint(value: string | null | undefined): SessionHint {
  const [who = '', store, employee] = (value ?? '').split('|');
  const firstName = who.startsWith('r:') ? decoded(who.slice(2)) : undefined;
  const storeName = decoded(store);
  const employeeName = decoded(employee);
  return {
    signedIn: who.startsWith('r'),
    ...(firstName ? { firstName } : {}),
    ...(storeName && employeeName ? { associate: { storeName, employeeName } } : {}),
  };
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
