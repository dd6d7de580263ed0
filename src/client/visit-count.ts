// Counts this page towards the visit-number cookie (shared/personalisation/visits.ts) where targeting
// consent allows, and removes the cookie where it does not (a choice taken back). Read from the consent
// cookie in the browser, like analytics (analytics-consent.ts), so the page stays the same for everyone.

import type { PageState } from '../shared/island.ts';
import { formatVisits, nextVisits, VISIT_COOKIE, visitsIn } from '../shared/personalisation/visits.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

async function targetingAllowed(state: Pick<PageState, 'site'>, cookies: string): Promise<boolean> {
  if (state.site.region !== 'EMEA') return true;
  const { consentCookieIn, consentFor, parseConsentCookie } = await import('../shared/personalisation/consent.ts');
  return consentFor(state.site.region, parseConsentCookie(consentCookieIn(cookies)), false).targeting;
}

export async function countVisit(
  state: Pick<PageState, 'site'>,
  doc: Pick<Document, 'cookie'> = document,
  now = Date.now(),
  https = location.protocol === 'https:',
): Promise<void> {
  const secure = https ? '; Secure' : '';
  const previous = visitsIn(doc.cookie);
  if (!(await targetingAllowed(state, doc.cookie))) {
    if (previous) doc.cookie = `${VISIT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    return;
  }
  const visits = nextVisits(previous, Math.floor(now / 60_000));
  doc.cookie = `${VISIT_COOKIE}=${formatVisits(visits)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}
