// Navigation clicks for the tag manager (account-content §8): top navigation, mobile menu sections and
// footer links. Loaded only where the visitor allows analytics (C0002); labels prefer the CMS's
// delocalised tracking name, so reports read the same in every language.

export interface NavEvent {
  event: 'top_nav_click' | 'mobile_menu_section_click' | 'footer_link_click';
  label: string;
  url?: string;
}

/** The event a click on `target` reports, if it is a navigation click. */
function navEvent(target: Element): NavEvent | null {
  const control = target.closest<HTMLElement>('a[href], summary');
  if (!control) return null;
  const label = (control.dataset.menuTrack ?? control.textContent ?? '').trim();
  const url = control instanceof HTMLAnchorElement ? (control.getAttribute('href') ?? '') : undefined;
  if (control.closest('.mega, .main-nav')) return url === undefined ? null : { event: 'top_nav_click', label, url };
  if (control.closest('.mega-mobile__panel, .mobile-menu__panel')) return { event: 'mobile_menu_section_click', label, ...(url === undefined ? {} : { url }) };
  if (control.closest('.site-footer')) return url === undefined ? null : { event: 'footer_link_click', label, url };
  return null;
}

export function mount(): void {
  document.addEventListener(
    'click',
    (event) => {
      const reported = event.target instanceof Element ? navEvent(event.target) : null;
      if (!reported) return;
      const page = window as unknown as { dataLayer?: unknown[] };
      page.dataLayer = page.dataLayer ?? [];
      page.dataLayer.push(reported);
    },
    { capture: true },
  );
}
