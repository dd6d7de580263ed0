// Journeys that wait on the store's own timers skip them with Playwright's page clock (installed at the start of
// the journey, so the page's time flows as usual). Paused where the journey starts to count, the real time the
// journey itself takes does not count as waiting: a timer then fires only when the journey runs the clock past it.

import type { Page } from '@playwright/test';

/** The clock jumps this far as it stops: the page's time keeps flowing while the journey asks for it. */
export const PAUSE_JUMP_MS = 250;

export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + PAUSE_JUMP_MS);
}
