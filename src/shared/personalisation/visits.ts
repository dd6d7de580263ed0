// The visit-number cookie the personalisation reads (account-content §6): how many visits this browser has
// made, a visit ending after 30 minutes without a page. Counted in the browser, so a page the edge cache
// answered counts too, and only where targeting consent allows; read at the edge as the first-visit and
// returning-visitor segments, which content may target.

export const VISIT_COOKIE = 'visitNumber';
/** Minutes away after which the next page starts a new visit. */
export const VISIT_GAP_MINUTES = 30;

export interface Visits {
  count: number;
  /** Minutes since the epoch of the last page seen. */
  lastSeen: number;
}

/** "<count>.<last seen>", or null when absent or not of this shape. */
export function parseVisits(value: string | null | undefined): Visits | null {
  const match = /^(\d{1,6})\.(\d{1,10})$/.exec(value ?? '');
  if (!match) return null;
  const count = Number(match[1]);
  return count >= 1 ? { count, lastSeen: Number(match[2]) } : null;
}

/** The cookie's value after a page seen at `nowMinutes`. */
export function nextVisits(previous: Visits | null, nowMinutes: number): Visits {
  if (!previous) return { count: 1, lastSeen: nowMinutes };
  const newVisit = nowMinutes - previous.lastSeen >= VISIT_GAP_MINUTES;
  return { count: newVisit ? Math.min(previous.count + 1, 999_999) : previous.count, lastSeen: nowMinutes };
}

export const formatVisits = (visits: Visits): string => `${visits.count}.${visits.lastSeen}`;

/** The visit-number cookie's value in a Cookie header. */
export function visitsIn(cookies: string): Visits | null {
  const entry = cookies.split(/;\s*/).find((part) => part.startsWith(`${VISIT_COOKIE}=`));
  return parseVisits(entry?.slice(VISIT_COOKIE.length + 1));
}
