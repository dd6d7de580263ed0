// The account's add-a-card form (the account issue, §1 Payment): the processor's own card fields go in the
// form's slot, the form posts the token they answer, never a number. Vanilla: the fields' loader and one call.

import type { CardFieldsConfig } from '../../../shared/checkout.ts';
import { ApiError, callApi } from '../../api-answer.ts';

interface SaveCardProps {
  config: CardFieldsConfig;
  lang: string;
  title: string;
  /** The toast's title, the 'save failed' message for anything but a card already saved, and the close label. */
  toast: { title: string; failed: string; close: string };
  /** Where to go once saved: the page again, with its notice. */
  done: string;
}

export function mount(element: HTMLElement, props: SaveCardProps): void {
  const form = element.querySelector('form');
  const slot = element.querySelector<HTMLElement>('[data-card-slot]');
  const error = element.querySelector<HTMLElement>('[data-card-error]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !slot || !error || !button) return;
  const main = form.querySelector<HTMLInputElement>('input[name="main"]');
  const ready = import('../checkout/card-fields.ts').then((module) =>
    module.mountCardFields(slot, props.config, { lang: props.lang, mode: 'card', title: props.title }),
  );
  button.disabled = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    error.textContent = '';
    void (async () => {
      try {
        const fields = await ready;
        const tokenized = await fields.tokenize();
        if (!tokenized.ok) return;
        await callApi('POST', '/api/consumers-v3/consumer/payment_instruments', { token: tokenized.token, main: main?.checked === true });
        location.assign(props.done);
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        // account-content §8: a card already saved says so, anything else is 'save failed'; a toast that closes by itself.
        // The toasts' own chunk, imported here rather than through push.ts, which would split into a chunk the product page also loads.
        const toasts = await import('../../toasts/toasts.ts');
        toasts.show(
          { title: props.toast.title, message: failure.errorId === 'PYT300' ? failure.message : props.toast.failed, kind: 'error' },
          props.toast.close,
        );
      } finally {
        button.removeAttribute('aria-busy');
      }
    })();
  });
}
