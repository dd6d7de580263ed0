// The toast region: top-level notices in a polite live region at the foot of the screen, each with a
// close button. Loaded only when the first toast is pushed; its 200 ms tick runs only while a toast shows.

import { TOAST_AUTO_CLOSE_MS, TOAST_TICK_MS } from '../../shared/commerce/commerce-config.ts';
import { type Toast, ToastQueue } from './queue.ts';

const queue = new ToastQueue(TOAST_AUTO_CLOSE_MS);
let region: HTMLElement | null = null;
let ticker: ReturnType<typeof setInterval> | undefined;

function regionElement(): HTMLElement {
  if (!region?.isConnected) {
    region = document.createElement('div');
    region.className = 'toasts';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.appendChild(region);
  }
  return region;
}

function render(): void {
  const host = regionElement();
  host.replaceChildren(
    ...queue.shown.map((toast) => {
      const item = document.createElement('div');
      item.className = `toast toast--${toast.kind}`;
      const text = document.createElement('p');
      const title = document.createElement('strong');
      title.textContent = toast.title;
      text.appendChild(title);
      text.appendChild(document.createTextNode(` ${toast.message}`));
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'toast__close';
      close.setAttribute('aria-label', `${host.dataset.closeLabel ?? 'Close'}: ${toast.title}`);
      close.textContent = '×';
      close.addEventListener('click', () => {
        if (queue.dismiss(toast.title)) update();
      });
      item.appendChild(text);
      item.appendChild(close);
      return item;
    }),
  );
}

/** Redraws, and runs the tick only while something shows. */
function update(): void {
  render();
  if (queue.running && ticker === undefined) {
    ticker = setInterval(() => {
      if (queue.tick(Date.now())) update();
    }, TOAST_TICK_MS);
  } else if (!queue.running && ticker !== undefined) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

export function show(toast: Omit<Toast, 'closesAt'>, closeLabel: string): void {
  regionElement().dataset.closeLabel = closeLabel;
  queue.push(toast, Date.now());
  // Redrawn either way: a repeated title keeps its place with its time restarted.
  update();
}
