// The rest of the cart journeys (the cart issue, §8): pickup in store from the cart, save for later and
// back, favorites from the product page and the cart, and a presale product as a guest.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const BOOTS = '/en-us/c/mens-boots-27713';
/** A presale product in the seeded catalogue. */
const PRESALE = '/en-us/p/juniper-road-to-trail-shoe-storm-grey-C7PCZVXS';

async function bootInCart(page: Page): Promise<string> {
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  await page.goto(BOOTS);
  await page.locator('.card__link').first().click();
  const name = (await page.locator('.pdp__name').textContent())?.trim() ?? '';
  for (const group of await page.locator('.picker__group').all()) {
    await group.locator('.picker__option:not(.is-unavailable)').first().click();
  }
  await expect(page.locator('.stock__status')).toHaveText(/In stock|Only \d+ left/);
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await page.getByRole('dialog', { name: 'Added to your cart' }).getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/en-us\/cart$/);
  return name;
}

test('a shopper changes a line to pickup in store and back to delivery', async ({ page }) => {
  await bootInCart(page);
  await page.locator('.cart-line__stores summary').first().click();
  await page.getByLabel('Postal code or city').fill('New York');
  await page.getByRole('button', { name: 'Find stores' }).click();
  const store = page.locator('.store-list__store').first();
  await expect(store).toBeVisible();
  const storeName = (await store.locator('.store-list__name').textContent())?.trim() ?? '';
  await store.getByRole('button', { name: `Pick up at ${storeName}` }).click();
  await expect(page.locator('.cart-line__delivery-now').first()).toContainText(storeName);
  await expect(page.locator('.cart-line__delivery-now strong').first()).toHaveText(/Pick up in store today|Ship to store/);
  await page.getByRole('button', { name: 'Deliver to me instead' }).click();
  await expect(page.locator('.cart-line__delivery-now strong').first()).toHaveText('Home delivery');
});

test('a shopper saves a line for later, brings it back, and moves it to favorites', async ({ page }) => {
  const name = await bootInCart(page);
  await page.getByRole('button', { name: `Save ${name} for later` }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const saved = page.getByRole('region', { name: /Saved for later/ });
  await expect(saved).toContainText(name);
  await saved.getByRole('button', { name: 'Move to cart' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1');
  await page.getByRole('button', { name: `Move ${name} to favorites` }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await page.goto('/en-us/favorites');
  await expect(page.locator('.favorite__name')).toHaveText([name]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the heart keeps a product in favorites, and the list can be shared read-only', async ({ page, browser }) => {
    await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
    await page.goto(BOOTS);
    await page.locator('.card__link').first().click();
    const name = (await page.locator('.pdp__name').textContent())?.trim() ?? '';
    const heart = page.getByRole('button', { name: 'Add to favorites' });
    await heart.tap();
    await expect(page.getByRole('button', { name: 'In your favorites' })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/en-us/favorites');
    await expect(page.locator('.favorite__name')).toHaveText([name]);
    await page.getByRole('button', { name: 'Share this list' }).tap();
    const link = await page.getByLabel('Share link').inputValue();
    // Someone else opens the link: they see the list and cannot change it.
    const other = await browser.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1 })).toContainText('A shared list of favorites');
    await expect(other.locator('.favorite__name')).toHaveText([name]);
    await expect(other.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await other.close();
  });
});

test('a guest on a presale product is asked to sign in to buy', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  await page.goto(PRESALE);
  await expect(page.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in to buy' }).click();
  await expect(page.locator('dialog.sign-in-dialog[open]')).toBeVisible();
});
