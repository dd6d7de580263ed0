// Whether analytics may run here (C0002, account-content §6), read from the consent cookie in the browser
// rather than written into the page: a page is then the same whatever the visitor chose, and the page cache
// keeps one copy of it (README, The page cache). A choice made in the banner counts from the next event on.

import type { PageState } from '../shared/island.ts';
import { consentCookieIn, consentFor, parseConsentCookie } from '../shared/personalisation/consent.ts';

export function analyticsAllowed(state: Pick<PageState, 'site'>, cookies = document.cookie): boolean {
  return consentFor(state.site.region, parseConsentCookie(consentCookieIn(cookies)), false).analytics;
}
