// The per-shopper bits of the page chrome, from the session hint cookie (never from the HTML, which is the
// same for everyone): the header names a signed-in shopper; a guest's account link opens the sign-in
// dialog, whose code loads only then; a store device shows who is connected.

import { parseSessionHint, SESSION_HINT_COOKIE, type SessionHint } from '../shared/session.ts';

export const SESSION_CHANGED_EVENT = 'cairn:session-changed';

export function readHint(): SessionHint {
  const prefix = `${SESSION_HINT_COOKIE}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  // The cookie travels URL-encoded, as the server's cookie helper writes it.
  let value: string | undefined;
  try {
    value = entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
  } catch {
    value = undefined;
  }
  return parseSessionHint(value);
}

function showAccount(hint: SessionHint): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-account-link]');
  const label = link?.querySelector('.icon-link__label');
  if (!link || !label) return;
  link.dataset.state = hint.signedIn ? 'signed-in' : 'guest';
  label.textContent = hint.signedIn
    ? hint.firstName
      ? (link.dataset.hello ?? '').replace('{name}', hint.firstName)
      : (link.dataset.signedIn ?? '')
    : label.textContent;
}

/** Opens the sign-in dialog from a control; `variant` is the control's data-sign-in value. */
function openDialog(opener: HTMLElement): void {
  void import('./dialogs/sign-in/open.ts').then((dialog) => dialog.open(opener, opener.dataset.signIn ?? ''));
}

export function mountSessionUi(): void {
  showAccount(readHint());
  document.addEventListener(SESSION_CHANGED_EVENT, () => showAccount(readHint()));
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest<HTMLElement>('[data-sign-in]');
    if (!opener || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // A signed-in shopper's account link simply goes to the account.
    if (opener.matches('[data-account-link]') && readHint().signedIn) return;
    event.preventDefault();
    openDialog(opener);
  });
  // Start fetching the dialog's code as soon as the shopper reaches for a control that opens it.
  const warm = (event: Event) => {
    if ((event.target as Element | null)?.closest?.('[data-sign-in]') && !readHint().signedIn) {
      void import('./dialogs/sign-in/open.ts');
      for (const type of ['pointerover', 'focusin'] as const) document.removeEventListener(type, warm, true);
    }
  };
  for (const type of ['pointerover', 'focusin'] as const) document.addEventListener(type, warm, { capture: true, passive: true });
  const { associate } = readHint();
  if (associate) void import('./behaviours/associate-bar.ts').then((bar) => bar.mount(associate));
}
