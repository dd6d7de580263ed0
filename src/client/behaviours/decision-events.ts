// Tells the decision engine what this visitor saw (account-content §7: POST /api/engine/v1/decide/{brand}
// with context events): once per page, the page view and the page's event list; and each recommendation
// rail once, when half of it has been in view (a rec-impressions event). Only where targeting is allowed:
// without it the engine records nothing, so nothing is sent. The page's own experiences were decided when it
// was rendered, so these calls ask for no decision (page: null).

import type { PageState } from '../../shared/island.ts';
import { browserHeaders } from '../api-answer.ts';

/** The page events a page type raises (Monetate's page-event list): what a marketer targets and counts. */
const PAGE_EVENTS: Record<string, string> = {
  'product detail': 'product-view',
  'category listing': 'category-view',
  search: 'search',
  cart: 'cart-view',
  checkout: 'checkout-start',
  'order confirmation': 'purchase',
};

type ContextEvent = Record<string, unknown> & { eventType: string };

function send(state: PageState, events: ContextEvent[]): void {
  // A plain call: one the shopper leaves the page during is lost, which a count can afford (a keepalive call
  // would outlive the page, but is then invisible to the page's own idle tracking and the tests that wait on it).
  void fetch(`/api/engine/v1/decide/${state.brand}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...browserHeaders() },
    body: JSON.stringify({ channel: 'web', locale: state.locale, page: null, events }),
  })
    // The answer is read to its end although nothing in it is needed: an unread body keeps the call open.
    .then((answer) => answer.arrayBuffer())
    .catch(() => undefined);
}

/** The page view and its events now; each rail's impressions when it has been seen. */
export function mount(state: PageState): void {
  const pageEvent = PAGE_EVENTS[state.pageType];
  send(state, [
    { eventType: 'monetate:context:PageView', pageType: state.pageType },
    ...(pageEvent ? [{ eventType: 'monetate:record:PageEvents', pageEvents: [pageEvent] }] : []),
  ]);
  const rails = document.querySelectorAll<HTMLElement>('[data-rec-impressions]');
  if (rails.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const rail = entry.target as HTMLElement;
        const products = (rail.dataset.recImpressions ?? '').split(' ').filter(Boolean);
        if (products.length === 0) continue;
        send(state, [
          { eventType: 'monetate:context:PageView', pageType: state.pageType },
          { eventType: 'monetate:record:RecImpressions', widget: rail.dataset.recWidget ?? 'recommendations', recImpressions: products },
        ]);
      }
    },
    { threshold: 0.5 },
  );
  for (const rail of rails) observer.observe(rail);
}
