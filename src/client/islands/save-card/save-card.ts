// The account's add-a-card form (the account issue, §1 Payment): the processor's own card fields go in the
// form's slot, the form posts the token they answer, never a number, with the bot check's token
// (recaptcha_response, account-content §6) where the site runs Turnstile. Vanilla: the fields' loader and one call.

import type { CardFieldsConfig } from '../../../shared/commerce/checkout.ts';
import { api } from '../../api.ts';
import { ApiError, readAnswer } from '../../api-answer.ts';
import { mountBotCheck, noBotToken } from '../../bot-token.ts';
import { pageState } from '../../stores/snapshot.ts';

interface SaveCardProps {
  config: CardFieldsConfig;
  lang: string;
  title: string;
  /** The toast's title, the 'save failed' message for anything but a card already saved, and the close label. */
  toast: { title: string; failed: string; close: string };
  /** The gift card form beside it: its 'save failed' message and where a saved card leads. */
  giftCard: { failed: string; done: string };
  /** Where to go once saved: the page again, with its notice. */
  done: string;
}

async function toast(props: SaveCardProps, message: string): Promise<void> {
  // The toasts' own chunk, imported here rather than through push.ts, which would split into a chunk the product page also loads.
  const toasts = await import('../../toasts/toasts.ts');
  toasts.show({ title: props.toast.title, message, kind: 'error' }, props.toast.close);
}

/** The gift card form, with script: saved through the API, a refusal as a toast (account-content §8). */
function enhanceGiftCardForm(props: SaveCardProps): void {
  const form = document.querySelector<HTMLFormElement>('form[data-gift-card-save]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !button) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    const data = new FormData(form);
    // The form's own text inputs: FormData answers strings for them.
    const json = { paymentMethodId: 'GIFT_CARD' as const, cardNumber: data.get('cardNumber') as string, pin: data.get('pin') as string };
    void api['consumers-v3'].consumer.payment_instruments
      .$post({ json })
      .then(readAnswer)
      .then(() => location.assign(props.giftCard.done))
      .catch((failure: unknown) => {
        if (!(failure instanceof ApiError)) throw failure;
        return toast(props, failure.errorId === 'GFC300' ? failure.message : props.giftCard.failed);
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
}

export function mount(element: HTMLElement, props: SaveCardProps): void {
  enhanceGiftCardForm(props);
  const form = element.querySelector('form');
  const slot = element.querySelector<HTMLElement>('[data-card-slot]');
  const error = element.querySelector<HTMLElement>('[data-card-error]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !slot || !error || !button) return;
  const main = form.querySelector<HTMLInputElement>('input[name="main"]');
  // A card is saved by a person: the widget's token goes with the call, and a token vouches once.
  const bot = { current: noBotToken() };
  const siteKey = pageState()?.botSiteKey;
  const botSlot = form.querySelector<HTMLElement>('[data-bot-slot]');
  if (siteKey && botSlot) mountBotCheck(botSlot, siteKey, 'saveCard', bot);
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
        const recaptcha = bot.current.token;
        bot.current.reset();
        await readAnswer(
          await api['consumers-v3'].consumer.payment_instruments.$post({
            json: { token: tokenized.token, main: main?.checked === true, ...(recaptcha ? { recaptcha_response: recaptcha } : {}) },
          }),
        );
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
