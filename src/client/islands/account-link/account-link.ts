// The header's account link, woken on the first reach for it (its click held until then): a guest's
// click opens the sign-in dialog, whose code loads now; a signed-in shopper's goes to the account page,
// as does any click without script.

const signedIn = () => /(?:^|; )cairn_hint=r/.test(document.cookie);
const dialog = () => import('../../dialogs/sign-in/open.ts');

export function mount(element: HTMLElement): void {
  const link = element.querySelector<HTMLAnchorElement>('a[data-sign-in]');
  if (!link) return;
  if (!signedIn()) void dialog();
  link.addEventListener('click', (event) => {
    if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || signedIn()) return;
    event.preventDefault();
    void dialog().then((code) => code.open(link, link.dataset.signIn ?? '', false));
  });
}
