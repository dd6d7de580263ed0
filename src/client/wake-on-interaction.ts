// Islands that wait for the shopper: woken on the first sign of interaction, with the clicks and submits that
// come before their code is ready held and replayed once it is (entry.ts hydrates them).

export const WAKE_EVENTS = ['pointerover', 'focusin', 'touchstart', 'keydown'] as const;
/** Events whose effect would be lost or wrong before the island runs: held, then replayed. */
const HELD_EVENTS = ['click', 'submit'] as const;
/**
 * Clicks on these are held: before the island runs they would do nothing (a button) or leave the page (a
 * link the island means to handle). Form controls are not: their state changes natively and the island
 * reads it when it mounts.
 */
const ACTIONS = 'button, a[href], [role="button"], summary';

/** A click the browser must handle itself: another button, or a key held (a new tab, a download). */
export const isModifiedClick = (event: MouseEvent) => event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;

/** True while a held event is replayed: it reaches the island, not the hold again. */
let replaying = false;

/**
 * Replays a held event on its control (the form, or the button or link clicked: the click may have landed
 * on an icon inside it, and an SVG element has no click()), as the shopper would have triggered it.
 */
function replay(event: Event, control: HTMLElement): Promise<void> {
  if (control.isConnected) {
    // Neither throws: a listener's error is reported, not passed to the caller, and the submitter is the form's own.
    replaying = true;
    if (event.type === 'submit') (control as HTMLFormElement).requestSubmit((event as SubmitEvent).submitter);
    else control.click();
    replaying = false;
  }
  // The next one a task later: React renders what this one did (a size chosen) before the next (add to
  // cart) reads it.
  return new Promise((resolve) => setTimeout(resolve));
}

/**
 * Wakes the islands `activate` hydrates on the first interaction with `trigger`. Clicks and submits before
 * they are ready are held and replayed after, in order; later ones pass as usual once every held one has
 * been replayed.
 */
export function wakeOnInteraction(trigger: HTMLElement, activate: () => Promise<unknown>): void {
  let pending: Promise<unknown> | null = null;
  // What clicks still wait for before they may pass: the islands' code, then every held one's replay. Replays
  // are a task apart, so a click let through while one still waits (Add to cart, with the width chosen
  // before it not yet replayed) would overtake it: until the last has been replayed, new clicks are held too.
  let waiting = 1;
  const wake = () => {
    pending ??= activate().then(() => {
      waiting--;
    });
    return pending;
  };
  for (const type of WAKE_EVENTS) trigger.addEventListener(type, () => void wake(), { capture: true, passive: true, once: true });
  const release = () => {
    for (const type of HELD_EVENTS) trigger.removeEventListener(type, hold, true);
  };
  // One replay after another, in order.
  let replays: Promise<unknown> | null = null;
  function hold(event: Event) {
    if (replaying) return;
    if (!waiting) return release();
    void wake();
    // Not an action, or a click the browser must handle itself (a new tab): let it through.
    const modified = event instanceof MouseEvent && isModifiedClick(event);
    const target = event.target as HTMLElement | null;
    const control = event.type === 'submit' ? target : target?.closest<HTMLElement>(ACTIONS);
    if (modified || !control) return;
    // Every click before then is held, and replayed in the order it came: a second size chosen while React
    // loads must not navigate away from the first.
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting++;
    replays = (replays ?? wake()).then(() => {
      waiting--;
      return replay(event, control);
    });
  }
  for (const type of HELD_EVENTS) trigger.addEventListener(type, hold, { capture: true });
}
