// No layout shift on the main page types at phone width, through the pop-up expanding after its delay.

import { expect, test } from './fixtures.ts';

const PAGES = ['/en-us', '/en-us/c/mens-boots-27713', '/en-us/search?q=boot'];

test.use({ viewport: { width: 412, height: 823 } });

for (const path of PAGES) {
  test(`${path} shifts nothing while it loads and its pop-up expands`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          // Named by what moved, so a failure says where to look.
          const moved = entry.sources.map((s) =>
            s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
          );
          if (!entry.hadRecentInput) shifts.push(`${entry.value.toFixed(4)} ${moved.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await expect(page.locator('.popup.is-expanded .popup__panel')).toBeVisible({ timeout: 8000 });
    // Until the card has slid in and the page is idle, so any shift it caused has been reported.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished'));
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
  });
}
