// Applies filters and sort as soon as they change; without this the form's Apply button does the same.

/** True when a control differs from what the server rendered: it changed before this code loaded. */
function changedBeforeMount(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement && element.type === 'checkbox' && element.checked !== element.defaultChecked) return true;
    if (element instanceof HTMLSelectElement && [...element.options].some((o) => o.selected !== o.defaultSelected)) return true;
  }
  return false;
}

export function mount(element: HTMLElement): void {
  const form = element.querySelector<HTMLFormElement>('form.filters');
  if (!form) return;
  form.classList.add('is-live');
  // Filters change the result set: submitting starts again from the first page, as the form has no page field.
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement | HTMLSelectElement).name) form.requestSubmit();
  });
  // The first click both wakes this island and changes a checkbox; its change event fired before the
  // listener above existed, so act on it now.
  if (changedBeforeMount(form)) form.requestSubmit();
}
