// Sticky header modes (account-content §4, §9): hidden while scrolling down, shown again on scroll up
// ("scrolled-up"), minimized once the page has scrolled. Scroll handling is debounced by 200 ms with a
// maximum wait of 500 ms. It also names a signed-in shopper in the header (see session-ui.ts).

const DEBOUNCE_MS = 200;
const MAX_WAIT_MS = 500;

export function debounce(run: () => void, wait = DEBOUNCE_MS, maxWait = MAX_WAIT_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstCall: number | undefined;
  return () => {
    const now = Date.now();
    firstCall ??= now;
    clearTimeout(timer);
    const fire = () => {
      firstCall = undefined;
      run();
    };
    if (now - firstCall >= maxWait) fire();
    else timer = setTimeout(fire, wait);
  };
}

/**
 * The hint cookie (__Host-hint) "r…" is a signed-in shopper, "…|store|associate" (| encoded as %7C) a store
 * device, cairn_store the shopper's own store: something to show. Unanchored to spare the bundle's bytes.
 */
const SESSION_TO_SHOW = /hint=(r|[^;]*%7C)|cairn_store/;

export function mount(header: HTMLElement): void {
  // The per-shopper bits of the chrome come from the hint cookie, their code only where there is one.
  if (SESSION_TO_SHOW.test(document.cookie)) void import('../session-ui.ts').then((ui) => ui.showSession());
  let last = window.scrollY;
  const update = () => {
    const y = window.scrollY;
    const height = header.offsetHeight;
    // Keep the header while any of its menus or the search suggestions are open.
    const busy = header.querySelector('details[open], [aria-expanded="true"]') !== null;
    header.classList.toggle('site-header--minimized', y > 0);
    header.classList.toggle('site-header--hidden', !busy && y > last && y > height);
    header.classList.toggle('site-header--scrolled-up', y < last && y > height);
    last = y;
  };
  window.addEventListener('scroll', debounce(update), { passive: true });
  // A page opened already scrolled (back, or an anchor) starts in the state its position asks for.
  if (last > 0) update();
  header.addEventListener('focusin', () => header.classList.remove('site-header--hidden'));
}
