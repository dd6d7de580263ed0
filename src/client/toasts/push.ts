// Pushes a top-level notice (commerce-core §4, notification level "top"): the toast code loads with the
// first one, so a page that never shows a toast never pays for it.

import type { Toast } from './queue.ts';

export function pushToast(toast: Omit<Toast, 'closesAt'>, closeLabel: string): void {
  void import('./toasts.ts').then((module) => module.show(toast, closeLabel));
}
