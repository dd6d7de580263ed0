// The steps the checkout journeys share: a product into the cart, the delivery address filled in, a card in
// the processor's own frame. Each journey says what it checks around them.

import { expect, type Page } from '@playwright/test';

/** The product at `index` in a listing, an available option in every group, added (the mini-cart open). */
export async function addToCart(page: Page, index = 0, listing = '/en-us/c/mens-boots-27713'): Promise<void> {
  await page.goto(listing);
  await page.locator('.card__link').nth(index).click();
  await expect(page.locator('.pdp__name')).toBeVisible();
  for (const group of await page.locator('.picker__group').all()) {
    await group.locator('.picker__option:not(.is-unavailable)').first().click();
  }
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
}

/** From the cart page to checkout's first step, the island ready. */
export async function openCheckout(page: Page, locale = 'en-us'): Promise<void> {
  if (!page.url().endsWith(`/${locale}/cart`)) await page.goto(`/${locale}/cart`);
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/checkout$`));
  await expect(page.locator('[data-island="checkout"]')).toHaveAttribute('data-hydrated', 'true');
}

/** A name, a street in Portland (or the ZIP and state given) and a phone: the delivery form, or billing's when nothing is delivered. */
export async function fillAddress(page: Page, where = { zip: '97205', state: 'OR' }): Promise<void> {
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Lima');
  await page.getByLabel('Street address').fill('12 Pine Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Postal code').fill(where.zip);
  await page.getByLabel('State or province').selectOption(where.state);
  await page.getByLabel('Phone (for delivery questions)').fill('5035550142');
}

/** A new card in the processor's own frame, then on to the review. */
export async function payByCard(page: Page, number: string): Promise<void> {
  const fields = page.frameLocator('iframe.card-fields__frame');
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await fields.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Review your order' }).click();
  await expect(page).toHaveURL(/step=summary/);
}
