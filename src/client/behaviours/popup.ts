// CMS pop-up: shows the first pop-up not dismissed, minimized, then expanded; reports its events (account-content §4, §7).

import { analyticsAllowed } from '../analytics-consent.ts';
import { pageState } from '../stores/snapshot.ts';

const KEY = 'cairn:popups-dismissed';
const DEFAULT_DELAY = 2000;

/** The stored comma list; blanks dropped so a stray comma dismisses nothing. */
export function parseDismissed(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** §4: only one pop-up opens, the first in document order that the shopper has not closed. */
export function firstVisible(ids: readonly string[], dismissed: readonly string[]): string | undefined {
  return ids.find((id) => id && !dismissed.includes(id));
}

export function parseDelay(value: string | undefined): number {
  const delay = Number(value);
  return value && Number.isFinite(delay) && delay >= 0 ? delay : DEFAULT_DELAY;
}

// Storage can be blocked (private modes, disabled cookies): the pop-up then simply shows again next time.
function readDismissed(): string[] {
  try {
    return parseDismissed(localStorage.getItem(KEY));
  } catch {
    return [];
  }
}

function storeDismissed(id: string): void {
  try {
    const dismissed = readDismissed();
    if (!dismissed.includes(id)) localStorage.setItem(KEY, [...dismissed, id].join(','));
  } catch {
    // Nothing to do: see readDismissed.
  }
}

export function mount(root: HTMLElement): void {
  const popups = [...root.querySelectorAll<HTMLElement>('[data-popup-id]')];
  const id = firstVisible(
    popups.map((p) => p.dataset.popupId ?? ''),
    readDismissed(),
  );
  const popup = popups.find((p) => p.dataset.popupId === id);
  if (id && popup) show(popup, id);
}

function show(popup: HTMLElement, id: string): void {
  const name = popup.dataset.popupName ?? '';
  const tab = popup.querySelector<HTMLElement>('[data-popup-expand]');
  const panel = popup.querySelector<HTMLElement>('[data-popup-panel]');
  const title = popup.querySelector<HTMLElement>('[data-popup-title]');
  // Tag-manager events only where the consent category allows analytics.
  const state = pageState();
  const allowed = state ? analyticsAllowed(state) : Promise.resolve(false);
  const report = (event: string) =>
    void allowed.then((ok) => {
      if (!ok) return;
      const page = window as unknown as { dataLayer?: unknown[] };
      page.dataLayer = page.dataLayer ?? [];
      page.dataLayer.push({ event, popupId: id, popupName: name });
    });

  let expanded = false;
  let returnFocus: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const expand = (byUser: boolean) => {
    clearTimeout(timer);
    if (expanded) return;
    expanded = true;
    popup.classList.add('is-expanded');
    if (tab) {
      tab.hidden = true;
      tab.setAttribute('aria-expanded', 'true');
    }
    if (panel) panel.hidden = false;
    report('popup_expand');
    // Moving focus on a timer would pull the shopper away from the page; only a deliberate open earns it.
    if (byUser) title?.focus({ preventScroll: true });
  };

  const onKey = (event: KeyboardEvent) => {
    if (expanded && event.key === 'Escape' && !event.defaultPrevented) close();
  };

  const close = () => {
    clearTimeout(timer);
    const hadFocus = popup.contains(document.activeElement);
    popup.hidden = true;
    document.removeEventListener('keydown', onKey);
    storeDismissed(id);
    // Focus inside a now-hidden pop-up would fall back to <body>: return it to where the shopper came from.
    if (hadFocus && returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
  };

  // Once the shopper is using the tab, expanding it under them would be a surprise.
  popup.addEventListener('pointerdown', () => clearTimeout(timer));
  popup.addEventListener('focusin', (event) => {
    clearTimeout(timer);
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !popup.contains(from)) returnFocus = from;
  });
  tab?.addEventListener('click', () => expand(true));
  popup.querySelector('[data-popup-close]')?.addEventListener('click', close);
  popup.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) report('popup_click');
  });
  document.addEventListener('keydown', onKey);

  popup.hidden = false;
  report('popup_impression');
  timer = setTimeout(() => expand(false), parseDelay(popup.dataset.popupDelay));
}
