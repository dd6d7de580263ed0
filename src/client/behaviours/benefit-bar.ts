// The benefit bar's close button: hides the bar and remembers it for the visit (account-content §4).

const KEY = 'cairn:benefit-bar-closed';

export function mount(bar: HTMLElement): void {
  const id = bar.dataset.benefitBar ?? '';
  const closed = sessionStorage.getItem(KEY)?.split(',') ?? [];
  if (closed.includes(id)) {
    bar.hidden = true;
    return;
  }
  bar.querySelector('[data-benefit-bar-close]')?.addEventListener('click', () => {
    bar.hidden = true;
    sessionStorage.setItem(KEY, [...closed, id].join(','));
  });
}
