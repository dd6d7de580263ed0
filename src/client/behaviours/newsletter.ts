// The newsletter form once the shopper reaches for it: the shared rules checked at the fields, the form
// sent in place, and the answer announced in the form's status line. Without this the form posts to the
// newsletter page, which does the same on the server.

import * as v from 'valibot';
import { NewsletterForm } from '../../shared/schema/newsletter.ts';
import { api } from '../api.ts';
import { ApiError, readAnswer } from '../api-answer.ts';

function showError(input: HTMLInputElement, message: string | null): void {
  const field = input.closest('.field');
  const id = `${input.id}-error`;
  field?.querySelector(`#${CSS.escape(id)}`)?.remove();
  input.removeAttribute('aria-invalid');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((ref) => ref && ref !== id);
  if (message) {
    const error = document.createElement('p');
    error.className = 'field__error';
    error.id = id;
    error.textContent = message;
    field?.appendChild(error);
    input.setAttribute('aria-invalid', 'true');
    described.push(id);
  }
  if (described.length) input.setAttribute('aria-describedby', described.join(' '));
  else input.removeAttribute('aria-describedby');
}

export function mount(form: HTMLFormElement): void {
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const policy = form.elements.namedItem('policy') as HTMLInputElement;
  const source = (form.elements.namedItem('source') as HTMLInputElement | null)?.value;
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const message = (name: string) => form.dataset[`message${name}`] ?? '';
  const say = (text: string, kind: 'error' | 'success' | 'progress') => {
    if (!status) return;
    status.textContent = text;
    status.dataset.kind = kind;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const parsed = v.safeParse(NewsletterForm, { email: email.value, policy: policy.checked });
    const issues = parsed.success ? {} : (v.flatten<typeof NewsletterForm>(parsed.issues).nested ?? {});
    showError(email, issues.email ? message(email.value.trim() ? 'Email' : 'Required') : null);
    showError(policy, issues.policy ? message('Required') : null);
    if (!parsed.success) {
      say('', 'error');
      (issues.email ? email : policy).focus();
      return;
    }
    if (submit) submit.disabled = true;
    say(message('Sending'), 'progress');
    try {
      await readAnswer(await api['consumers-v3'].newsletter.$post({ json: { ...parsed.output, ...(source ? { source } : {}) } }));
      form.reset();
      say(message('Sent'), 'success');
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fieldMessage('email') : undefined;
      if (fieldMessage) showError(email, fieldMessage);
      // §8: the newsletter shows the exception's message.
      say(error instanceof ApiError ? error.message : message('Failed'), 'error');
    } finally {
      if (submit) submit.disabled = false;
    }
  });
}
