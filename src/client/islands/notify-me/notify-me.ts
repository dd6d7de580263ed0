// Sends the notify-me form in place: the answer (or the refusal at its field) is said in the form's
// status line. A few hundred bytes, no React; without JavaScript the form posts to the page.

import { api } from '../../api.ts';
import { ApiError, readAnswer } from '../../api-answer.ts';
import type { NotifyMeProps } from './NotifyMe.tsx';

export function mount(element: HTMLElement, props: NotifyMeProps): void {
  const form = element.querySelector<HTMLFormElement>('[data-notify-form]');
  const status = element.querySelector<HTMLElement>('[data-notify-status]');
  if (!form || !status) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const button = form.querySelector('button');
    button?.setAttribute('aria-busy', 'true');
    // The form's own text inputs: FormData answers strings for them.
    const json = { productId: data.get('productId') as string, email: data.get('email') as string };
    void api.products.v1.notifications
      .$put({ json })
      .then(readAnswer)
      .then(
        () => {
          status.textContent = props.labels.done;
          form.reset();
        },
        (error: unknown) => {
          status.textContent = error instanceof ApiError && error.status < 500 ? (error.details[0]?.message ?? error.message) : props.labels.failed;
        },
      )
      .finally(() => button?.removeAttribute('aria-busy'));
  });
}
