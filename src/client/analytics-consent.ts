// Whether analytics may run here (C0002, account-content §6), read from the consent cookie in the browser
// rather than written into the page: a page is then the same whatever the visitor chose, and the page cache
// keeps one copy of it (README, The page cache). A choice made in the banner counts from the next event on.
// Only EMEA asks for consent (consentFor), so only EMEA pages load the cookie's parser.

import type { PageState } from '../shared/island.ts';

export async function analyticsAllowed(state: Pick<PageState, 'site'>, cookies = document.cookie): Promise<boolean> {
  return (await consentOf(state, cookies))?.analytics ?? true;
}

/** Whether the decision engine may be told what this visitor saw (C0004, targeting), read the same way. */
export async function targetingAllowed(state: Pick<PageState, 'site'>, cookies = document.cookie): Promise<boolean> {
  return (await consentOf(state, cookies))?.targeting ?? true;
}

/** The visitor's choices where the region asks for them; null elsewhere (everything allowed). */
async function consentOf(state: Pick<PageState, 'site'>, cookies: string) {
  if (state.site.region !== 'EMEA') return null;
  const { consentCookieIn, consentFor, parseConsentCookie } = await import('../shared/personalisation/consent.ts');
  return consentFor(state.site.region, parseConsentCookie(consentCookieIn(cookies)), false);
}
