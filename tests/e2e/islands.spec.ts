// The island contract in a real browser, on a page made of the store's own built code: an inline island,
// woken by a control outside it, gets the click that woke it once it is ready.

import { expect, manifest, test } from './fixtures.ts';

async function islandPage(page: import('@playwright/test').Page) {
  const built = manifest();
  const props = JSON.stringify({
    initialCount: 0,
    localeTag: 'en-US',
    messages: { 'header.cartCount': '{count, plural, =0 {Bag, empty} other {Bag, # items}}' },
  });
  const html = `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>Islands</title></head><body>
    <button type="button" id="mini-cart" data-island-wake="cart-count">Open the bag</button>
    <p>In your bag: <span class="island" data-island="cart-count" data-hydrate="interaction" data-props='${props}'><span class="cart-count" data-count="0"><span data-cart-label="">Bag, empty</span><span data-cart-badge=""></span></span></span></p>
    <script type="module" src="${built.entry}"></script></body></html>`;
  // Served from the store's origin, so the built scripts load as they do on a real page.
  await page.route('**/island-contract', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('/island-contract');
}

test('a control outside an island wakes it, and its click arrives once the island is ready', async ({ page }) => {
  await islandPage(page);
  const island = page.locator('[data-island="cart-count"]');
  await expect(island).not.toHaveAttribute('data-hydrated', /./);
  await page.evaluate(() => {
    const seen: (string | undefined)[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    document.getElementById('mini-cart')?.addEventListener('click', () => seen.push(document.querySelector<HTMLElement>('[data-island]')?.dataset.hydrated));
  });
  // Straight to a click, without hovering first: the click itself has to wake the island.
  await page.locator('#mini-cart').dispatchEvent('click');
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['true']);
  // Later clicks pass as usual, once each.
  await page.locator('#mini-cart').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['true', 'true']);
});

test('an island inside text stays inline and keeps its text', async ({ page }) => {
  await islandPage(page);
  const island = page.locator('[data-island="cart-count"]');
  expect(await island.evaluate((element) => element.tagName)).toBe('SPAN');
  await island.hover();
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('p')).toHaveText('In your bag: Bag, empty');
});
