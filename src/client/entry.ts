// Client entry: finds island markers and hydrates each one when its strategy says, loading only its code.

import { type HydrateStrategy, ISLAND_ATTR, ISLAND_HYDRATE_ATTR, ISLAND_PROPS_ATTR, type IslandName } from '../shared/island.ts';
import { islands } from './islands/registry.ts';
import { pageState } from './stores/snapshot.ts';

const INTERACTION_EVENTS = ['pointerover', 'focusin', 'touchstart', 'keydown'] as const;

async function activate(element: HTMLElement): Promise<void> {
  if (element.dataset.hydrated) return;
  element.dataset.hydrated = 'pending';
  const name = element.getAttribute(ISLAND_ATTR) as IslandName;
  const load = islands[name];
  if (!load) return console.warn('unknown island', name);
  const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as object;
  try {
    const module = await load();
    if ('mount' in module) module.mount(element, props as never);
    else {
      const { hydrate } = await import('./hydrate-react.ts');
      hydrate(element, module.default as never, props);
    }
    element.dataset.hydrated = 'true';
  } catch (error) {
    // The server markup keeps working without its island: log and leave it as it is.
    element.dataset.hydrated = 'failed';
    console.error('island failed', name, error);
  }
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

function onInteraction(element: HTMLElement, run: () => void): void {
  const start = () => {
    for (const type of INTERACTION_EVENTS) element.removeEventListener(type, start, true);
    run();
  };
  for (const type of INTERACTION_EVENTS) element.addEventListener(type, start, { capture: true, passive: true });
}

const strategies: Record<HydrateStrategy, (element: HTMLElement, run: () => void) => void> = {
  load: (_element, run) => run(),
  idle: (_element, run) => whenIdle(run),
  visible: whenVisible,
  interaction: onInteraction,
};

for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
  const strategy = (element.getAttribute(ISLAND_HYDRATE_ATTR) as HydrateStrategy | null) ?? 'idle';
  (strategies[strategy] ?? strategies.idle)(element, () => void activate(element));
}

// Content behaviours are not islands (content blocks render anywhere): their markup carries data
// attributes, and the code loads only when such markup is on the page.
for (const element of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
  whenVisible(element, () => void import('./behaviours/carousel.ts').then((m) => m.mount(element)));
}
const siteHeader = document.querySelector<HTMLElement>('.site-header');
if (siteHeader) whenIdle(() => void import('./behaviours/header.ts').then((m) => m.mount(siteHeader)));
// The menu opens on hover or focus with CSS alone; the script adds hover intent, Escape and one-panel-at-a-time.
const megaMenu = document.querySelector<HTMLElement>('[data-mega-menu]');
if (megaMenu) whenIdle(() => void import('./behaviours/mega-menu.ts').then((m) => m.mount(megaMenu)));
const popups = document.querySelector<HTMLElement>('[data-popups]');
if (popups) whenIdle(() => void import('./behaviours/popup.ts').then((m) => m.mount(popups)));
for (const element of document.querySelectorAll<HTMLElement>('[data-benefit-bar]')) {
  void import('./behaviours/benefit-bar.ts').then((m) => m.mount(element));
}

// The analytics data layer gets the page view and the experiences shown, only where C0002 allows.
const state = pageState();
if (state?.analytics.allowed) {
  const page = window as unknown as { dataLayer?: unknown[] };
  page.dataLayer = page.dataLayer ?? [];
  const layer = page.dataLayer;
  layer.push({ event: 'page_view', pageType: state.pageType, locale: state.locale });
  for (const impression of state.analytics.impressions) layer.push({ event: 'experience_impression', ...impression });
  void import('./behaviours/nav-analytics.ts').then((m) => m.mount());
}
