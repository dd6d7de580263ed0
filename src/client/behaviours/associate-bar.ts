// The bar a store device shows while an associate is connected: who and where, and the way to the
// associate page where the session is cleared. Its wording comes with the header's account link.

export function mount(associate: { storeName: string; employeeName: string }): void {
  // The page is the same for everyone; on a store device the express wallet buttons hide by this mark.
  document.documentElement.dataset.associate = '';
  const link = document.querySelector<HTMLElement>('[data-account-link]');
  if (!link || document.querySelector('.associate-bar')) return;
  const bar = document.createElement('div');
  bar.className = 'associate-bar';
  bar.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = (link.dataset.associate ?? '').replace('{employee}', () => associate.employeeName).replace('{store}', () => associate.storeName);
  const manage = document.createElement('a');
  manage.href = link.dataset.associateHref ?? '';
  manage.textContent = link.dataset.associateManage ?? '';
  bar.appendChild(text);
  bar.appendChild(document.createTextNode(' '));
  bar.appendChild(manage);
  document.body.insertBefore(bar, document.body.firstChild);
}
