// Saves the consent choice without leaving the page: writes the cookie the server reads and hides the
// banner. The next page is rendered with the new choice (pages are never cached with a variant).

import { CONSENT_COOKIE, type ConsentChoices, consentCookieText } from '../../../shared/personalisation/consent.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

function choicesFor(choice: string, form: HTMLFormElement): ConsentChoices {
  const all = choice === 'accept';
  const picked = (name: string) => all || (choice === 'save' && (form.elements.namedItem(name) as HTMLInputElement | null)?.checked === true);
  return { C0001: true, C0002: picked('C0002'), C0003: picked('C0003'), C0004: picked('C0004') };
}

export function mount(element: HTMLElement): void {
  const banner = element.querySelector<HTMLElement>('.consent');
  const form = element.querySelector<HTMLFormElement>('form');
  if (!banner || !form) return;
  form.addEventListener('submit', (event) => {
    const submitter = event.submitter as HTMLButtonElement | null;
    if (!submitter?.value) return;
    event.preventDefault();
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the store serves; the value is built by consentCookieText and encoded once.
    document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(consentCookieText(choicesFor(submitter.value, form)))}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure}`;
    banner.hidden = true;
    element.dispatchEvent(new CustomEvent('consent:changed', { bubbles: true }));
  });
}
