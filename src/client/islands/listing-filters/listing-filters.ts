// Applies filters and sort as soon as they change; without this the form's Apply button does the same.

export function mount(element: HTMLElement): void {
  const form = element.querySelector<HTMLFormElement>('form.filters');
  if (!form) return;
  form.classList.add('is-live');
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (!target.name) return;
    // Filters change the result set: start again from the first page.
    form.requestSubmit();
  });
}
