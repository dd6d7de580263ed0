// Product tools in Chromium (the store services issue, §4 and §7): open a product's size chart beside its
// size picker and close it; tick two boots on a listing and compare them side by side.

import { withoutPopups } from './account-steps.ts';
import { expect, test } from './fixtures.ts';

withoutPopups();

test('a shopper opens the size chart from the size picker, and compares two boots from the listing', async ({ page }) => {
  await page.goto('/en-us/c/mens-boots-27713');
  const cards = page.locator('.card');
  const first = (await cards.nth(0).locator('.card__name').textContent()) ?? '';
  const second = (await cards.nth(1).locator('.card__name').textContent()) ?? '';
  await cards
    .nth(0)
    .getByRole('checkbox', { name: /Compare/ })
    .check();
  await cards
    .nth(1)
    .getByRole('checkbox', { name: /Compare/ })
    .check();
  await page.getByRole('button', { name: 'Compare selected' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compare products' })).toBeVisible();
  const table = page.getByRole('table', { name: '2 products side by side' });
  await expect(table.getByRole('columnheader', { name: first })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: second })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Price' })).toBeVisible();

  await table.getByRole('link', { name: first }).click();
  await expect(page.locator('.pdp__name')).toHaveText(first);
  const chart = page.getByRole('dialog', { name: 'Size guide' });
  await expect(chart).toBeHidden();
  await page.getByRole('button', { name: 'Size guide' }).click();
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('table', { name: "Men's sizes" })).toBeVisible();
  await expect(chart.getByRole('columnheader', { name: 'Foot length (cm)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chart).toBeHidden();
});
