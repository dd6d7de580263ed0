// After the sale in Chromium (the account issue, §4 end to end): a member orders and sees the points it
// earned, follows the order to shipped and delivered, returns a line and downloads its label and the
// invoice; a guest tracks an order from the link in its confirmation email; a shopper registers for an
// event. Plain forms throughout.

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { TOAST_AUTO_CLOSE_MS } from '../../src/shared/commerce/commerce-config.ts';
import { signIn, withoutPopups } from './account-steps.ts';
import { addToCart, fillAddress, openCheckout, payByCard } from './checkout-steps.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { emailTo } from './outbox.ts';
import { pauseClock } from './page-clock.ts';

withoutPopups();

/**
 * The fulfilment sandbox run for this journey's order as if `minutes` had passed (what its Cron Trigger does).
 * Only that order: a run for all would move on the orders of the journeys running beside this one.
 */
async function runFulfilment(page: Page, orderNumber: string, minutes: number): Promise<void> {
  const at = new Date(Date.now() + minutes * 60_000).toISOString();
  const answer = await page.request.post(`/admin/fulfilment/run?at=${encodeURIComponent(at)}&order=${orderNumber}`, { headers: ADMIN });
  expect(answer.status()).toBe(200);
}

async function pointsOnClubPage(page: Page): Promise<number> {
  await page.goto('/en-us/loyalty');
  const text = (await page.locator('.club__points strong').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test('a member orders, sees the points, follows the order to delivered, returns a line and downloads the label and the invoice', async ({ page }) => {
  await signIn(page, 'leo.loyalty@cairn.test');
  const pointsBefore = await pointsOnClubPage(page);
  await addToCart(page, 4);
  await openCheckout(page);
  if (await page.getByLabel('Use a saved address').isVisible()) {
    await page.getByRole('button', { name: 'Continue to payment' }).click();
  } else {
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
  }
  await payByCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/en-us\/order-confirmation\?orderNo=CR\d{9}/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNo') ?? '';

  // The order earned points, shown on the club page with the order in the history.
  expect(await pointsOnClubPage(page)).toBeGreaterThan(pointsBefore);
  await expect(page.locator('.club__history')).toContainText(orderNumber);

  await runFulfilment(page, orderNumber, 3);
  await runFulfilment(page, orderNumber, 14);
  await page.goto(`/en-us/account/orders/${orderNumber}`);
  await expect(page.getByText(/UPS tracking number UPS\d{12}/).first()).toBeVisible();
  await runFulfilment(page, orderNumber, 80);
  await page.reload();
  await expect(page.getByText('Status: Delivered')).toBeVisible();

  const invoice = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the invoice (PDF)' }).click();
  const invoiceFile = await (await invoice).path();
  expect(readFileSync(invoiceFile).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: 'Return items from this order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return items');
  const line = page.locator('.return-form__line').first();
  await line.getByLabel('How many to return').selectOption('1');
  await line.getByLabel('Reason').selectOption('too_big');
  await page.getByRole('button', { name: 'Create the return label' }).click();
  await expect(page.getByText(/Your return RA\d{8} is ready\./)).toBeVisible();
  await expect(page.getByText('Label ready, on its way back')).toBeVisible();
  const label = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the return label (PDF)' }).click();
  const labelFile = await (await label).path();
  expect(readFileSync(labelFile).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a guest tracks an order from the link in its confirmation email', async ({ page }) => {
  const email = `guest.${Date.now()}@example.com`;
  await addToCart(page, 2);
  await openCheckout(page);
  await page.getByLabel('Email for your order confirmation').fill(email);
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payByCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/en-us\/order-confirmation\?orderNo=CR\d{9}/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNo') ?? '';
  const mail = await emailTo(page.request, email, 'order-confirmation');
  const link = /(https?:\/\/\S+\/help\/track-order\?\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
  expect(link).toContain(orderNumber);
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Status: Paid, being prepared')).toBeVisible();
});

test('a shopper registers for the event from its page and gets the calendar file', async ({ page }) => {
  await page.goto('/en-us/events/trail-day');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to register' })).toBeVisible();
  await signIn(page, 'eve.employee@cairn.test');
  await page.goto('/en-us/events/trail-day');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('eve.employee@cairn.test');
  await page.getByLabel(/Sunday/).uncheck();
  await page.getByLabel('Bringing a guest? Their name').fill('Sam Rivera');
  await page
    .getByRole('button', { name: /register|sign up/i })
    .last()
    .click();
  await expect(page.getByText('Accept the event terms to register.')).toBeVisible();
  await page.getByLabel('I accept the event terms.').check();
  await page
    .getByRole('button', { name: /register|sign up/i })
    .last()
    .click();
  await expect(page.getByText('With Sam Rivera')).toBeVisible();
  const calendar = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to my calendar (.ics)' }).click();
  expect(readFileSync(await (await calendar).path(), 'utf8')).toContain('BEGIN:VCALENDAR');
  await page.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/en-us\/events\/trail-day$/);
});

test.describe('saving a card twice', () => {
  test.use({ expectedRefusals: [/\/api\/consumers-v3\/consumer\/payment_instruments$/] });

  test('says so in a toast that closes by itself, for a card and for a gift card', async ({ page }) => {
    // The page's time flows as usual; the toast's six seconds are skipped rather than waited for.
    await page.clock.install();
    await signIn(page, 'ada.athlete@cairn.test');
    await page.getByRole('link', { name: 'Payment' }).click();
    const fields = page.frameLocator('iframe.card-fields__frame');
    for (let attempt = 0; attempt < 2; attempt++) {
      await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
      await fields.getByLabel('Expiry date (MM/YY)').fill('10/33');
      await fields.getByLabel('Security code (CVC)').fill('123');
      await page.getByRole('button', { name: 'Save card' }).click();
      if (attempt === 0) await expect(page).toHaveURL(/notice=saved$/);
    }
    const toast = page.getByText('This card is already saved on your account.');
    await expect(toast).toBeVisible();
    await pauseClock(page);
    await page.clock.runFor(TOAST_AUTO_CLOSE_MS - 1_500);
    await expect(toast).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(toast).toBeHidden();
    await page.clock.resume();

    // A gift card the same way: saved once, then the toast.
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.getByLabel('Gift card number').fill('6006 4912 0000 0002');
      await page.getByLabel('PIN').fill('2345');
      await page.getByRole('button', { name: 'Save gift card' }).click();
      if (attempt === 0) await expect(page.getByText('Your gift card is saved.')).toBeVisible();
    }
    await expect(page.getByText('This gift card is already saved on your account.')).toBeVisible();
    await expect(page.locator('section[aria-labelledby="payment-gift-cards"]')).toContainText('$25 left');
  });
});

test('a registered shopper edits the profile', async ({ page }) => {
  await signIn(page, 'ian.ipa@cairn.test');
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Profile' }).click();
  const details = page.locator('section[aria-labelledby="profile-details"]');
  await details.getByLabel('First name').fill('Ianto');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="profile-details"]').getByLabel('First name')).toHaveValue('Ianto');
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi, Ianto');
  // Other journeys greet Ian by his name: it goes back.
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Profile' }).click();
  await page.locator('section[aria-labelledby="profile-details"]').getByLabel('First name').fill('Ian');
  await page.locator('section[aria-labelledby="profile-details"]').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
});
