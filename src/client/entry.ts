// Client entry: finds island markers and hydrates each one when its strategy says, loading only its code.
// An island that waits for the shopper wakes on the first sign of interaction (pointer, focus, touch), on
// itself or on a control outside it that names it; a click or submit that comes before its code is ready
// is held and replayed once it is, so the shopper's first actions are not lost.

import { type HydrateStrategy, ISLAND_ATTR, ISLAND_HYDRATE_ATTR, ISLAND_PROPS_ATTR, ISLAND_WAKE_ATTR, type IslandName } from '../shared/island.ts';
import { analyticsAllowed, targetingAllowed } from './analytics-consent.ts';
import { islands } from './islands/registry.ts';
import { pageState } from './stores/snapshot.ts';
import { isModifiedClick, WAKE_EVENTS, wakeOnInteraction } from './wake-on-interaction.ts';

// Outside production, mock mode may answer calls (mock-mode.ts): every call waits for it to load, so none can
// pass before it. Production pages never load it.
if (pageState()?.mockable) {
  const network = window.fetch.bind(window);
  const mockMode = import('./mock-mode.ts').then((m) => m.installMockMode(window, network));
  window.fetch = (input, init) => mockMode.then(() => window.fetch(input, init));
}

const activations = new WeakMap<HTMLElement, Promise<void>>();

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.getAttribute(ISLAND_ATTR) as IslandName;
  const load = islands[name];
  if (!load) return console.error('unknown island', name);
  const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as object;
  element.dataset.hydrated = 'pending';
  try {
    const module = await load();
    // One rule, in shared/island.ts, says what an island is.
    // A vanilla island's module mounts itself; a React island's exports its component (registry.ts).
    if (!('mount' in module)) {
      const { hydrate } = await import('./hydrate-react.ts');
      hydrate(element, (module as { default: never }).default, props);
    } else {
      (module as { mount: (element: HTMLElement, props: never) => void }).mount(element, props as never);
    }
    element.dataset.hydrated = 'true';
  } catch (error) {
    // The server markup keeps working without its island: log and leave it as it is.
    element.dataset.hydrated = 'failed';
    console.error('island failed', name, error);
  }
}

function activate(element: HTMLElement): Promise<void> {
  let activation = activations.get(element);
  if (!activation) {
    activation = hydrateIsland(element);
    activations.set(element, activation);
  }
  return activation;
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

function whenVisible(element: HTMLElement, run: () => void): void {
  // The marker uses display: contents and has no box of its own: watch its first child.
  const target = (element.firstElementChild as HTMLElement | null) ?? element;
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    { rootMargin: '200px' },
  );
  observer.observe(target);
}

const strategies: Record<HydrateStrategy, (element: HTMLElement) => void> = {
  load: (element) => void activate(element),
  idle: (element) => whenIdle(() => void activate(element)),
  visible: (element) => whenVisible(element, () => void activate(element)),
  interaction: (element) => wakeOnInteraction(element, () => activate(element)),
};

for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
  const strategy = (element.getAttribute(ISLAND_HYDRATE_ATTR) as HydrateStrategy | null) ?? 'idle';
  (strategies[strategy] ?? strategies.idle)(element);
}

// A control outside an island that names it (data-island-wake="cart-drawer") wakes every island of that name.
for (const control of document.querySelectorAll<HTMLElement>(`[${ISLAND_WAKE_ATTR}]`)) {
  const name = control.getAttribute(ISLAND_WAKE_ATTR) ?? '';
  wakeOnInteraction(control, () => Promise.all([...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}="${CSS.escape(name)}"]`)].map(activate)));
}

// Behaviours are not islands (content blocks render anywhere; the chrome is on every page): their markup
// carries data attributes, and the code loads only when such markup is on the page. Content waits until it
// is near the viewport (a gallery of shoppers' photos ships no script before, account-content §9); the
// chrome waits for an idle moment; the benefit bar starts at once. Apple Pay exists only in Safari: elsewhere
// its button stays hidden and its code never loads.
const idle = (_element: HTMLElement, run: () => void) => whenIdle(run);
const now = (_element: HTMLElement, run: () => void) => run();
const BEHAVIOURS: readonly [string, () => Promise<{ mount: (element: HTMLElement) => void }>, typeof whenVisible][] = [
  ['[data-carousel]', () => import('./behaviours/carousel.ts'), whenVisible],
  ['[data-ugc-widget]', () => import('./behaviours/ugc-widget.ts'), whenVisible],
  ['[data-video-autoplay]', () => import('./behaviours/video-autoplay.ts'), whenVisible],
  ['.site-header', () => import('./behaviours/header.ts'), idle],
  ['[data-popups]', () => import('./behaviours/popup.ts'), idle],
  ['[data-benefit-bar]', () => import('./behaviours/benefit-bar.ts'), now],
  ['[data-apple-pay]', () => import('./behaviours/apple-pay.ts'), (_element, run) => 'ApplePaySession' in window && run()],
];
for (const [selector, load, when] of BEHAVIOURS) {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) when(element, () => void load().then((m) => m.mount(element)));
}
// The menu opens on hover or focus with CSS alone; its script (hover intent, Escape, one panel at a time,
// the phone drawer's closing) loads when the shopper first reaches for a menu, so a visit that never uses
// one never pays for it. A click on a panel's toggle before then is held and replayed.
const menus = [...document.querySelectorAll<HTMLElement>('[data-mega-menu], details.mega-mobile')];
const megaNav = document.querySelector<HTMLElement>('[data-mega-menu]');
if (menus.length > 0) {
  let loaded = false;
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= import('./behaviours/mega-menu.ts').then((m) => {
      m.mount(megaNav ?? (menus[0] as HTMLElement));
      loaded = true;
    }));
  for (const menu of menus) {
    for (const type of WAKE_EVENTS) menu.addEventListener(type, () => void load(), { capture: true, passive: true, once: true });
    menu.addEventListener(
      'click',
      (event) => {
        const toggle = (event.target as Element).closest<HTMLButtonElement>('.mega__toggle');
        if (loaded || !toggle) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        // The hover that came first may have opened this very panel: then the shopper already has it.
        void load().then(() => toggle.getAttribute('aria-expanded') !== 'true' && toggle.click());
      },
      { capture: true },
    );
  }
}
// Dialogs opened from the page: quick shop from a product card or a cart line (its link leads to the product
// page without script), a cart line's delivery and a gift card line's gift option (each summary opens the
// line's own form without script), writing a review and asking a question (their links lead to the forms'
// own pages). A plain click opens the dialog, whose code (and React) loads only then.
document.addEventListener('click', (event) => {
  const opener = (event.target as Element | null)?.closest<HTMLElement>('[data-quick-shop], [data-delivery], [data-gift-option], [data-review-dialog]');
  if (!opener || event.defaultPrevented || isModifiedClick(event)) return;
  event.preventDefault();
  const { dataset } = opener;
  void (
    dataset.delivery
      ? import('./dialogs/delivery/open.ts')
      : dataset.giftOption
        ? import('./dialogs/gift-option/open.ts')
        : dataset.reviewDialog
          ? import('./dialogs/review/open.ts')
          : import('./dialogs/quick-shop/open.ts')
  ).then((dialog) => dialog.open(opener));
});
// A country and language choice in the footer keeps the shopper on the page they are on (localePath), and is
// remembered; without script it opens that locale's home.
document.addEventListener('click', (event) => {
  const choice = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-locale-switch]');
  if (!choice || event.defaultPrevented || isModifiedClick(event)) return;
  event.preventDefault();
  const here = window.location.pathname.split('/').slice(2).join('/');
  const localePath = here ? `?localePath=${encodeURIComponent(`/${here}${window.location.search}`)}` : '';
  window.location.assign(`/${choice.dataset.localeSwitch}/location${localePath}`);
});
// Newsletter forms post to the newsletter page without script; the behaviour loads when one is reached for
// (a submit before it has loaded simply posts, which works as well).
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) {
  let loading: Promise<void> | null = null;
  const load = () => (loading ??= import('./behaviours/newsletter.ts').then((m) => m.mount(form)));
  for (const type of WAKE_EVENTS) form.addEventListener(type, () => void load(), { capture: true, passive: true, once: true });
}

// The analytics data layer gets the page view and the experiences shown, only where C0002 allows.
const state = pageState();
// The page's decisions, read by experience id (account-content §7): for a tag a marketer adds and for code that
// varies by a variant. Not tracking: the page was rendered with them, whatever the consent.
Object.assign(window, {
  cairnDecisions: {
    get(experienceId: string) {
      const shown = state?.analytics.impressions.find((impression) => impression.experience_id === experienceId);
      return shown ? { experienceId, variationKey: shown.variation_key, label: shown.variant_label } : null;
    },
  },
});
// Every page counts towards the visit number, at an idle moment (visit-count.ts).
if (state) whenIdle(() => void import('./visit-count.ts').then((m) => m.countVisit(state)));
// The decision engine hears what the visitor saw, only where targeting is allowed (decision-events.ts).
if (state) {
  whenIdle(() => {
    void targetingAllowed(state).then((allowed) => {
      if (allowed) void import('./behaviours/decision-events.ts').then((m) => m.mount(state));
    });
  });
}
void (state ? analyticsAllowed(state) : Promise.resolve(false)).then((allowed) => {
  if (!allowed || !state) return;
  const page = window as unknown as { dataLayer?: unknown[] };
  page.dataLayer ??= [];
  const layer = page.dataLayer;
  layer.push({ event: 'page_view', pageType: state.pageType, locale: state.locale });
  for (const { tracking_event, ...impression } of state.analytics.impressions) layer.push({ event: tracking_event ?? 'experience_impression', ...impression });
  void import('./behaviours/nav-analytics.ts').then((m) => m.mount());
});
