// The sign-in dialog's sign-up in Chromium (commerce-core §3 Sign-up form, §7 POST /consumers-v3/auth/signup):
// the dial code chosen beside the number, a code that contradicts it said at the choice before anything is
// sent, the brand's terms and the privacy policy as two boxes, and the visit's leadSource and campaign kept as
// the account's source, which marketers count.

import type { Page } from '@playwright/test';
import { withoutPopups } from './account-steps.ts';
import { ADMIN, expect, test } from './fixtures.ts';

withoutPopups();

const dialog = (page: Page) => page.locator('dialog.sign-in-dialog[open]');

test('a sign-up from a campaign link, with a number of another country chosen by its dial code', async ({ page }) => {
  const email = `dial.${Date.now()}@example.com`;
  const local = `7911 ${String(Date.now()).slice(-6)}`;
  await page.goto('/en-us?leadSource=partner-app&enrollment_marketing_source=fall-mailer');
  await page.locator('[data-account-link]').click();
  await dialog(page).getByLabel('Email address').fill(email);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await dialog(page).getByLabel('First name').fill('Ines');
  await dialog(page).getByLabel('Last name').fill('Kerr');
  await dialog(page).getByLabel('Password').fill('Dialog-Trail-2026');
  await dialog(page).getByLabel('Gender').selectOption('female');
  // A French code for a number typed with the United Kingdom's: said at the choice.
  await dialog(page).getByLabel('Country code').selectOption('+33');
  await dialog(page).getByLabel('Mobile phone').fill(`+44 ${local}`);
  await dialog(page).getByLabel('Send me text messages about offers and my orders.').check();
  await dialog(page).getByRole('button', { name: 'Accept the SMS terms' }).click();
  await dialog(page)
    .getByLabel(/I accept the terms of use/)
    .check();
  await dialog(page).getByRole('button', { name: 'Create my account' }).click();
  await expect(dialog(page).getByLabel('Country code')).toHaveAccessibleDescription('The country code does not match this phone number.');
  // The policy is its own box: left, it is said at it.
  await expect(dialog(page).getByLabel(/I have read the privacy policy/)).toHaveAccessibleDescription('This field is required');

  await dialog(page).getByLabel('Country code').selectOption('+44');
  await dialog(page).getByLabel('Mobile phone').fill(local);
  await dialog(page)
    .getByLabel(/I have read the privacy policy/)
    .check();
  await dialog(page).getByRole('button', { name: 'Create my account' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Welcome to Cairn, Ines' })).toBeVisible();

  const profile = await page.request.get('/api/consumers-v3/consumer');
  const { consumerProfile } = (await profile.json()) as { consumerProfile: { consumerDetails: { phone: string; phoneCode: string } } };
  expect(consumerProfile.consumerDetails).toMatchObject({ phoneCode: '+44', phone: expect.stringMatching(/^\+44 7911 /) });
  const report = await page.request.get('/admin/acquisitions?siteId=US', { headers: ADMIN });
  const { acquisitions } = (await report.json()) as { acquisitions: Record<string, unknown>[] };
  expect(acquisitions).toContainEqual(
    expect.objectContaining({ source: 'partner-app', acquisitionType: 'sign-up-dialog', campaign: 'fall-mailer', atTill: false }),
  );
});
