// The toast queue (the cart issue, §5): top-level notices that close by themselves after the configured
// delay, one per title (the same title again restarts its time instead of stacking), ticking only while
// one is shown. Pure, so the rules are tested without a page.

export interface Toast {
  title: string;
  message: string;
  kind: 'info' | 'error' | 'success';
  /** When it closes, in the clock's milliseconds. */
  closesAt: number;
}

export class ToastQueue {
  private toasts: Toast[] = [];

  constructor(private readonly delayMs: number) {}

  get shown(): readonly Toast[] {
    return this.toasts;
  }

  /** The ticker runs only while this is true. */
  get running(): boolean {
    return this.toasts.length > 0;
  }

  /** Shows a toast, or restarts the one with the same title; answers whether the list changed. */
  push(toast: Omit<Toast, 'closesAt'>, now: number): boolean {
    const closesAt = now + this.delayMs;
    const existing = this.toasts.find((t) => t.title === toast.title);
    if (existing) {
      const changed = existing.message !== toast.message || existing.kind !== toast.kind;
      Object.assign(existing, toast, { closesAt });
      return changed;
    }
    this.toasts = [...this.toasts, { ...toast, closesAt }];
    return true;
  }

  /** Drops the toasts whose time is up; answers whether any went. */
  tick(now: number): boolean {
    const kept = this.toasts.filter((t) => t.closesAt > now);
    const changed = kept.length !== this.toasts.length;
    this.toasts = kept;
    return changed;
  }

  dismiss(title: string): boolean {
    const kept = this.toasts.filter((t) => t.title !== title);
    const changed = kept.length !== this.toasts.length;
    this.toasts = kept;
    return changed;
  }
}
