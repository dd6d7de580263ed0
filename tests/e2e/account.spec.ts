// The account area in Chromium (the account issue): a registered shopper keeps two delivery addresses and
// makes the second main, orders, follows the order from the account and cancels it; a guest finds an order
// with its number and email. Plain forms throughout: the pages work before any script.

import type { Page } from '@playwright/test';
import { signIn, withoutPopups } from './account-steps.ts';
import { addToCart, fillAddress, openCheckout, payByCard } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';

withoutPopups();

/** The new-address form at the foot of the addresses page, filled and saved. */
async function addAddress(page: Page, street: string): Promise<void> {
  const form = page.locator('section[aria-labelledby="addresses-add"]');
  await form.getByLabel('First name').fill('Will');
  await form.getByLabel('Last name').fill('Wranx');
  await form.getByLabel('Street address').fill(street);
  await form.getByLabel('City').fill('Portland');
  await form.getByLabel('Postal code').fill('97205');
  await form.getByLabel('State or province').selectOption('OR');
  await form.getByLabel('Phone (for delivery questions)').fill('5035550142');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Your address book is saved.')).toBeVisible();
}

test('a registered shopper keeps two addresses, makes the second main, orders, follows and cancels the order', async ({ page }) => {
  await signIn(page, 'will.wranx@cairn.test');
  await page.getByRole('link', { name: 'Addresses' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your addresses');
  await addAddress(page, '12 Pine Street');
  await addAddress(page, '400 Oak Avenue');
  const delivery = page.locator('section[aria-labelledby="addresses-S"]');
  const main = delivery.locator('.address-book__entry').filter({ has: page.locator('.address-book__main') });
  await expect(main).toContainText('12 Pine Street');
  await page.getByRole('button', { name: 'Make 400 Oak Avenue the main address' }).click();
  await expect(main).toContainText('400 Oak Avenue');

  // Checkout offers the main address first.
  await addToCart(page, 7);
  await openCheckout(page);
  await expect(page.getByLabel('Use a saved address').locator('option:checked')).toContainText('400 Oak Avenue');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=billing/);
  await payByCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/en-us\/order-confirmation\?orderNo=CR\d{9}/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNo') ?? '';

  await page.goto('/en-us/account');
  await expect(page.getByRole('heading', { name: 'Your latest order' })).toBeVisible();
  await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(page.getByText('Not shipped yet')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  // The browser asks for the confirmation box before the form goes.
  await expect(page).toHaveURL(new RegExp(`/en-us/account/orders/${orderNumber}$`));
  await page.getByLabel('Yes, cancel the whole order').check();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your order is cancelled. Nothing is charged; anything already taken is refunded.')).toBeVisible();
  await expect(page.getByText('Status: Cancelled')).toBeVisible();
});

test('a registered shopper saves a card in the processor’s own fields and makes it main', async ({ page }) => {
  await signIn(page, 'eve.employee@cairn.test');
  await page.getByRole('link', { name: 'Payment' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment methods');
  await expect(page.getByText('No saved cards yet.')).toBeVisible();
  const fields = page.frameLocator('iframe.card-fields__frame');
  await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fields.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await fields.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(/\/en-us\/account\/payment\?notice=saved$/);
  const saved = page.locator('section[aria-labelledby="payment-cards"] .address-book__entry');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('VISA ending 4242');
  await expect(saved).toContainText('Main');
  await fields.getByLabel('Card number').fill('5555 5555 5555 4444');
  await fields.getByLabel('Expiry date (MM/YY)').fill('11/33');
  await fields.getByLabel('Security code (CVC)').fill('321');
  await page.getByLabel('Make it my main card').check();
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(saved).toHaveCount(2);
  await expect(saved.filter({ has: page.locator('.address-book__main') })).toContainText('MASTERCARD ending 4444');
});

test('a guest finds an order with its number and email', async ({ page }) => {
  await addToCart(page, 1);
  await openCheckout(page);
  await page.getByLabel('Email for your order confirmation').fill('tracker@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await payByCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/en-us\/order-confirmation\?orderNo=CR\d{9}/);
  const orderNumber = new URL(page.url()).searchParams.get('orderNo') ?? '';
  await page.context().clearCookies();
  await page.goto('/en-us');
  await page.getByRole('link', { name: 'Track your order' }).click();
  await page.getByRole('textbox', { name: 'Order number' }).fill(orderNumber);
  await page.getByLabel('Email used for the order').fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not find an order with this number and email.');
  await page.getByLabel('Email used for the order').fill('tracker@example.com');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Status: Paid, being prepared')).toBeVisible();
});
