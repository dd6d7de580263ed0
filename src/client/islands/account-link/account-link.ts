// The header's account link, woken on the first reach for it (its click held until then), and any other
// control that opens the sign-in dialog (data-sign-in="loyalty" and the like, waking this island with
// data-island-wake="account-link"): a click opens the dialog, whose code loads now. A signed-in shopper's
// account link goes to the account page, as does any of these links without script.

// The hint cookie (shared/api/session.ts, SESSION_HINT_COOKIE), by a pattern rather than an import: an import is a chunk of its own.
const signedIn = () => /(^|; )__Host-hint=r/.test(document.cookie);
const dialog = () => import('../../dialogs/sign-in/open.ts');
let listening = false;

export function mount(): void {
  if (!signedIn()) void dialog();
  if (listening) return;
  listening = true;
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest<HTMLElement>('[data-sign-in]');
    if (!opener || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (opener.hasAttribute('data-account-link') && signedIn()) return;
    event.preventDefault();
    void dialog().then((code) => code.open(opener, opener.dataset.signIn ?? '', signedIn()));
  });
}
