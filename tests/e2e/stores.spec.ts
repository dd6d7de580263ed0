// Stores in Chromium (the store services issue, §2 and §7): find the nearest store to a postal code, make it
// "my store" and see it in the header; find stores where the shopper is, once they let the browser say.

import { withoutPopups } from './account-steps.ts';
import { expect, test } from './fixtures.ts';

withoutPopups();

test('a shopper finds the nearest store to a postal code and makes it their store', async ({ page }) => {
  await page.goto('/en-us');
  await page.getByRole('link', { name: 'Stores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
  await page.getByLabel('Postal code or city').fill('97214');
  await page.getByRole('button', { name: 'Find stores' }).click();
  await expect(page.getByText('stores near 97214, nearest first')).toBeVisible();
  const first = page.locator('.store-card').first();
  await expect(first.getByRole('heading')).toHaveText('Cairn Portland Pearl District');
  await expect(page.getByRole('img', { name: /Map of \d+ stores/ })).toBeVisible();
  await first.getByRole('button', { name: 'Make this my store' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cairn Portland Pearl District' })).toBeVisible();
  await expect(page.getByText('Cairn Portland Pearl District is now your store.')).toBeVisible();
  // The header names it on every page from now on.
  await page.goto('/en-us/c/mens-boots-27713');
  await expect(page.locator('[data-my-store]')).toHaveText('My store: Cairn Portland Pearl District');
});

test.describe('with the browser allowed to say where the shopper is', () => {
  test.use({ geolocation: { latitude: 48.137, longitude: 11.575 }, permissions: ['geolocation'] });

  test('the nearest stores to the shopper come first', async ({ page }) => {
    await page.goto('/de-de/stores');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/lat=48\.137/);
    await expect(page.locator('.store-card').first().getByRole('heading')).toContainText('München');
    // The geo cookie keeps where the shopper is, roughly: the locator opens on their nearest stores next time.
    const geo = (await page.context().cookies()).find((cookie) => cookie.name === 'geo');
    expect(geo?.value).toBe('48.14,11.57');
    await page.goto('/de-de/stores');
    await expect(page).toHaveURL(/\?lat=48\.14&lng=11\.57$/);
    await expect(page.locator('.store-card').first().getByRole('heading')).toContainText('München');
    // A search of their own is left alone.
    await page.goto('/de-de/stores?q=Berlin');
    await expect(page).toHaveURL(/\?q=Berlin$/);
  });
});

test('a shopper switches location from the footer’s country and language choice', async ({ page }) => {
  await page.goto('/en-us/location-selector');
  await page.getByRole('main').locator('a[href="/fr-fr/location"]').first().click();
  await expect(page).toHaveURL(/\/fr-fr$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  // The choice is remembered: a bare address opens the French site.
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr-fr$/);
});

test('the footer’s country choice keeps the shopper on the page they were reading', async ({ page }) => {
  await page.goto('/en-us/p/cairn-digital-gift-card-GIFTCD01?amount=50');
  await page.getByRole('contentinfo').locator('a[hreflang="fr-CA"]').click();
  await expect(page).toHaveURL(/\/fr-ca\/p\/cairn-digital-gift-card-GIFTCD01\?amount=50$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  // The choice is remembered like one made on the selector.
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr-ca$/);
});
