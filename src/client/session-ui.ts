// The per-shopper bits of the page chrome, from the session hint cookie (never from the HTML, which is the
// same for everyone): the header names a signed-in shopper and the shopper's store, and a store device
// shows who is connected.
// A guest's page never loads this: the entry opens the sign-in dialog itself (src/client/sign-in-trigger.ts).

import { parseSessionHint, SESSION_HINT_COOKIE, type SessionHint } from '../shared/api/session.ts';

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
      ? (link.dataset.hello ?? '').replace('{name}', () => hint.firstName ?? '')
      : (link.dataset.signedIn ?? '')
    : label.textContent;
}

/** The shopper's store in the header ("US-0012|Cairn Portland Pearl", URL-encoded, from my-store.ts). */
function showMyStore(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-my-store]');
  const label = link?.querySelector('.icon-link__label');
  const entry = document.cookie.split('; ').find((part) => part.startsWith('cairn_store='));
  if (!link || !label || !entry) return;
  let name: string | undefined;
  try {
    name = decodeURIComponent(entry.slice('cairn_store='.length)).split('|')[1];
  } catch {
    name = undefined;
  }
  if (name) label.textContent = (link.dataset.mine ?? '').replace('{store}', () => name);
}

/** The header and the associate bar as the hint cookie has them now: on load, and after the dialog signs a shopper in. */
export function showSession(): void {
  const hint = readHint();
  showAccount(hint);
  showMyStore();
  if (hint.associate) {
    const { associate } = hint;
    void import('./behaviours/associate-bar.ts').then((bar) => bar.mount(associate));
  }
}
