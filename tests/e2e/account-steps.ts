// The steps the account journeys share: the pop-up kept out of the way, and a demo shopper signed in on the
// account page's plain forms.

import { expect, type Page, test } from '@playwright/test';

/** Every journey of a file starts without the newsletter pop-up. */
export function withoutPopups(): void {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  });
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/en-us/account');
  await page.locator('#page-lookup-email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).first().click();
  await page.getByLabel('Password').first().fill('Cairn-Trail-2026');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible();
}
