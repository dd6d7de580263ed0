// The page-reload guard (commerce-core §9): the store reloads a page by itself only to recover (a session
// the cart no longer accepts), and never twice within 10 seconds in a tab, so a fault that a reload does not
// mend cannot turn into a loop of reloads. A reload the shopper asked for (after changing an item) is not
// guarded: it is theirs.

export const RELOAD_GUARD_MS = 10_000;
const KEY = 'cairn:recovery-reload';

interface Clock {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: number;
  reload: () => void;
}

/** Reloads unless this tab reloaded itself less than 10 s ago; answers whether it did. */
export function recoveryReload(clock: Clock = { storage: sessionStorage, now: Date.now(), reload: () => location.reload() }): boolean {
  let last = Number.NaN;
  try {
    last = Number(clock.storage.getItem(KEY));
  } catch {
    // Storage refused (privacy mode): without a memory, the guard cannot know; a reload is still the way out.
  }
  if (Number.isFinite(last) && last > 0 && clock.now - last < RELOAD_GUARD_MS && clock.now >= last) return false;
  try {
    clock.storage.setItem(KEY, String(clock.now));
  } catch {
    // As above.
  }
  clock.reload();
  return true;
}
