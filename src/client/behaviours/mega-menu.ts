// Mega menu enhancement (account-content §4): hover intent or click, one panel at a time, closed by Escape, outside clicks and navigation.

/** Hover intent: a pointer crossing the bar on its way elsewhere should not flash panels open. */
const OPEN_DELAY = 120;
/** Grace period so a diagonal move from the bar into a panel does not close it. */
const CLOSE_DELAY = 200;

type Part = { item: HTMLElement; button: HTMLButtonElement; panel: HTMLElement };

function partsOf(nav: HTMLElement): Part[] {
  const parts: Part[] = [];
  for (const button of nav.querySelectorAll<HTMLButtonElement>('.mega__toggle[aria-controls]')) {
    const item = button.closest<HTMLElement>('.mega__item');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (item && panel) parts.push({ item, button, panel });
  }
  return parts;
}

/** The phone drawer: Escape and link clicks close it, so it is not found open when the shopper comes back. */
function mountDrawer(drawer: HTMLDetailsElement): void {
  if (drawer.dataset.megaMounted) return;
  drawer.dataset.megaMounted = '1';
  const shut = () => {
    drawer.open = false;
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !drawer.open) return;
    shut();
    drawer.querySelector('summary')?.focus();
  });
  drawer.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) shut();
  });
  window.addEventListener('pagehide', shut);
}

export function mount(nav: HTMLElement): void {
  for (const drawer of document.querySelectorAll<HTMLDetailsElement>('details.mega-mobile')) mountDrawer(drawer);
  if (nav instanceof HTMLDetailsElement) return;

  const hover = nav.dataset.openOn !== 'click';
  const parts = partsOf(nav);
  let open: Part | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const set = (part: Part, on: boolean) => {
    part.item.classList.toggle('is-open', on);
    part.button.setAttribute('aria-expanded', String(on));
    part.panel.hidden = !on;
  };
  const close = (returnFocus = false) => {
    clearTimeout(timer);
    const part = open;
    if (!part) return;
    open = null;
    set(part, false);
    if (returnFocus) part.button.focus();
  };
  const show = (part: Part) => {
    clearTimeout(timer);
    if (open === part) return;
    close();
    open = part;
    set(part, true);
  };
  const later = (run: () => void, delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  };

  // From here on the script decides which panel shows; the CSS :hover and :focus-within fallbacks stand down.
  // A panel the fallback is already showing (the pointer, or focus inside the panel, got there first) stays
  // open. Focus on the toggle alone does not keep it: the toggle's own press opens it from now on.
  const showing = parts.find((part) => (hover && part.item.matches(':hover')) || part.panel.matches(':focus-within'));
  nav.classList.add('is-enhanced');
  if (showing) show(showing);

  for (const part of parts) {
    part.button.addEventListener('click', () => (open === part ? close() : show(part)));
    part.item.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (open === part && next && !part.item.contains(next)) close();
    });
    if (!hover) continue;
    // Touch has no hover: a tap would open the panel and follow the link at once.
    part.item.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'touch') later(() => show(part), open ? 0 : OPEN_DELAY);
    });
    part.item.addEventListener('pointerleave', (event) => {
      if (event.pointerType !== 'touch') later(() => open === part && close(), CLOSE_DELAY);
    });
  }

  nav.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) close();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    // Focus goes back to the button only when it was in the menu; a hover-opened panel must not steal it.
    close(open.item.contains(document.activeElement));
  });
  document.addEventListener('click', (event) => {
    if (open && !open.item.contains(event.target as Node)) close();
  });
  window.addEventListener('pagehide', () => close());
  window.addEventListener('popstate', () => close());
}
