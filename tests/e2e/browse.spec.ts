import { builtFile, expect, manifest, test } from './fixtures.ts';

test('a shopper browses from home to a category, filters, opens a product and picks a size', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/en-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A category from the home page's content (category cards, banners).
  await page.locator('main a[href*="/c/"]').first().click();
  await expect(page).toHaveURL(/\/en-us\/c\/[a-z0-9-]+-\d{4,10}$/);
  const count = page.locator('.listing-header__count');
  const before = Number((await count.textContent())?.replace(/\D/g, ''));
  expect(before).toBeGreaterThan(0);

  // Filter by colour: the filter island submits on change once the shopper interacts.
  const firstColour = page.locator('.facet--color input[type="checkbox"]:not([disabled])').first();
  // A click, not check(): the island submits the change and the page moves on before check() could look.
  await firstColour.click();
  await expect(page).toHaveURL(/color=/);
  await expect(page.locator('.chip').first()).toBeVisible();
  const after = Number((await count.textContent())?.replace(/\D/g, ''));
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(before);

  // Open a product that has sizes to choose.
  await page.locator('.card__link').first().click();
  await expect(page).toHaveURL(/\/en-us\/p\/[a-z0-9-]+-[A-Z0-9]{8}/);
  await expect(page.locator('.pdp__name')).toBeVisible();
  const picker = page.locator('[data-island="product-picker"]');
  // The picker waits for the shopper: React is not loaded until they reach for it.
  await page.waitForLoadState('networkidle');
  expect(await picker.getAttribute('data-hydrated')).toBeNull();

  // Choosing every option updates stock and the address bar without a reload; the first click, made
  // before React is there, is not lost.
  await page.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });
  for (const group of await picker.locator('.picker__group').all()) {
    await group.locator('.picker__option').first().click();
  }
  await expect(picker).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('.stock__status')).toHaveText(/In stock|Only \d+ left|Out of stock/);
  await expect(page.locator('.stock__sku')).toContainText('Item');
  await expect(page).toHaveURL(/size=/);
  expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
});

test('the search box suggests products and categories', async ({ page }) => {
  await page.goto('/en-us');
  const input = page.getByRole('combobox', { name: 'Search' });
  await input.click();
  await input.pressSequentially('boot', { delay: 30 });
  const option = page.locator('.search-box__option').first();
  await expect(option).toBeVisible();
  await input.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await input.press('Escape');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/en-us\/search\?q=boot/);
  await expect(page.locator('.card').first()).toBeVisible();
});

test('home and category pages load no React, before interaction or after using the filters', async ({ page }) => {
  const built = manifest();
  // React's own code, recognised by the symbol every React element carries, wherever the bundler put it.
  const loadedReact: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    // Built scripts are served as they are in public/: read what the browser asked for from there.
    if (request.resourceType() === 'script' && builtFile(path).includes('react.transitional.element')) loadedReact.push(path);
  });
  await page.goto('/en-us');
  await page.locator('main a[href*="/c/"]').first().click();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-island="cart-count"]')).toHaveAttribute('data-hydrated', 'true');
  expect(await page.locator('[data-island="listing-filters"]').getAttribute('data-hydrated')).toBeNull();
  // The filters wake on use and are vanilla too.
  await page.locator('.facet--color input[type="checkbox"]:not([disabled])').first().click();
  await expect(page).toHaveURL(/color=/);
  await page.waitForLoadState('networkidle');
  expect(loadedReact).toEqual([]);
  // A product page is where React comes in, for the picker, once the shopper reaches for it.
  await page.locator('.card__link').first().click();
  await page.waitForLoadState('networkidle');
  expect(loadedReact).toEqual([]);
  await page.locator('.picker__option').first().hover();
  await expect(page.locator('[data-island="product-picker"]')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => loadedReact).toContain(built.react.file);
});

test('the API calls name their channel only when tracking is on', async ({ page, baseURL }) => {
  const channels: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/products/v2/search/autoSuggest')) channels.push(request.headers()['x-tracking-channel']);
  });
  const choose = (analytics: 0 | 1) =>
    page.context().addCookies([{ name: 'OptanonConsent', value: encodeURIComponent(`groups=C0001:1,C0002:${analytics},C0003:0,C0004:0`), url: baseURL ?? '' }]);
  const suggest = async (q: string) => {
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.fill('');
    await input.pressSequentially(q, { delay: 30 });
    await expect(page.locator('.search-box__option').first()).toBeVisible();
  };
  // A British visitor who refused analytics: the calls go without it.
  await choose(0);
  await page.goto('/en-gb');
  await suggest('boot');
  expect(channels.length).toBeGreaterThan(0);
  expect(channels.every((channel) => channel === undefined)).toBe(true);
  // Allowed in the banner (which records the cookie and says so): the next call names it, without a reload.
  await choose(1);
  await page.evaluate(() => document.body.dispatchEvent(new CustomEvent('consent:changed', { bubbles: true })));
  channels.length = 0;
  await suggest('sock');
  expect(channels.at(-1)).toBe('web');
});
