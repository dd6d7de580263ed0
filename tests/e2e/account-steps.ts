// The steps the account journeys share: the pop-up kept out of the way, a demo shopper signed in on the
// account page's plain forms, and a demo shopper's sign-in or a new shopper's account sent from the sign-in dialog.

import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';

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

/** A demo shopper's email and password sent from the sign-in dialog on the home page; what follows is the caller's to check. */
export async function submitSignInInDialog(page: Page, email = 'ana@cairn.test'): Promise<void> {
  const dialog = page.locator('dialog.sign-in-dialog[open]');
  await page.goto('/en-us');
  await page.locator('[data-account-link]').click();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

/** A new account's form filled in and sent from the sign-in dialog (first name Ana); what follows is the caller's to check. */
export async function submitSignUpInDialog(page: Page, email: string): Promise<void> {
  const dialog = page.locator('dialog.sign-in-dialog[open]');
  await page.goto('/en-us');
  await page.locator('[data-account-link]').click();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await dialog.getByLabel('First name').fill('Ana');
  await dialog.getByLabel('Last name').fill('Lima');
  await dialog.getByLabel('Password').fill('Dialog-Trail-2026');
  await dialog.getByLabel('Gender').selectOption('female');
  await dialog.getByLabel(/I accept the terms of use/).check();
  await dialog.getByLabel(/I have read the privacy policy/).check();
  await dialog.getByRole('button', { name: 'Create my account' }).click();
}

/** A new account made in the sign-in dialog, first name Ana; the shopper is signed in when it closes. */
export async function signUpInDialog(page: Page, email: string): Promise<void> {
  const account = page.locator('[data-account-link]');
  const dialog = page.locator('dialog.sign-in-dialog[open]');
  await submitSignUpInDialog(page, email);
  await expect(dialog.getByRole('heading', { name: 'Welcome to Cairn, Ana' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(account).toContainText('Hi, Ana');
}
