// The rest of the checkout journeys in Chromium (the checkout issue): a registered shopper's express
// checkout with the saved card's security code asked again; a pickup-in-store order with nothing delivered;
// a gift card that pays part and a card the rest; and an order placed on a store device by an associate.

import type { Page } from '@playwright/test';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { signUpInDialog } from './account-steps.ts';
import { addToCart, fillAddress, openCheckout, payByCard } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';
import { registerStoreDevice } from './store-device-steps.ts';

test.beforeEach(async ({ page }) => {
  // The newsletter popup would open over the page after its delay: dismissed before it can.
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
});

/** The boot at `index` in the category added, and the cart opened from the mini-cart. */
async function bootInCart(page: Page, index: number): Promise<void> {
  await addToCart(page, index);
  await page.getByRole('dialog', { name: 'Added to your cart' }).getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/en-us\/cart$/);
}

const toCheckout = (page: Page) => openCheckout(page);
const address = (page: Page) => fillAddress(page);

/** The delivery step filled in (the email too, for a guest), then on to payment. */
async function delivery(page: Page, email?: string): Promise<void> {
  if (email) await page.getByLabel('Email for your order confirmation').fill(email);
  await address(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=billing/);
}

const card = payByCard;

/** Places the order from the review and waits for the confirmation; its number and access token. */
async function placeOrder(page: Page): Promise<{ orderNumber: string; st: string }> {
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/en-us\/order-confirmation\?orderNo=CR\d{9}&st=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  const url = new URL(page.url());
  return { orderNumber: url.searchParams.get('orderNo') ?? '', st: url.searchParams.get('st') ?? '' };
}

/** The payment fieldset's legend says what the card pays: "Pay with ($123.45)". */
const payWith = (page: Page) => page.locator('legend', { hasText: /^Pay with/ });

// Express checkout opens the page at the review step: the page must hydrate without a console error there too.
test('a registered shopper with a saved card and a default address checks out express, giving only the security code', async ({ page }) => {
  const email = `e2e-express-${Date.now()}@example.com`;
  await signUpInDialog(page, email);

  // A first order, the card saved: its delivery address becomes the default.
  await bootInCart(page, 1);
  await expect(page.getByRole('link', { name: 'Express checkout' })).toHaveCount(0);
  await toCheckout(page);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await delivery(page);
  await expect(page.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
  await page.getByLabel('Save this card to my account').check();
  await card(page, '4242 4242 4242 4242');
  await placeOrder(page);

  // The next cart offers express checkout, which opens at the review with the address and card filled in.
  await bootInCart(page, 2);
  const express = page.getByRole('link', { name: 'Express checkout' });
  await expect(express).toHaveAttribute('href', '/en-us/checkout?express=1');
  await express.click();
  await expect(page).toHaveURL(/\/en-us\/checkout\?express=1/);
  await expect(page.locator('[data-island="checkout"]')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByText('Express checkout: your default address and card are filled in.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Step 3 of 3\s+Review/ })).toBeVisible();
  const review = page.getByRole('region', { name: 'Review and place your order' });
  await expect(review).toContainText('12 Pine Street');
  await expect(review).toContainText(/VISA ending 4242, expires 12\/(20)?34/);
  // The saved card's security code is asked again, in the processor's frame.
  await page.frameLocator('iframe.card-fields__frame').getByLabel('Security code (CVC) of this card').fill('123');
  await placeOrder(page);
  await expect(page.getByText('VISA •••• 4242')).toBeVisible();
  await expect(page.getByText(`We have sent a confirmation to ${email}.`)).toBeVisible();
  await expect(page.getByText('12 Pine Street')).toBeVisible();
});

test('a line picked up in store needs no delivery address, and the confirmation names the store', async ({ page }) => {
  const store = 'Cairn Denver Larimer Square';
  // A boot under the $200 that adds the free socks (a line delivered home), so the whole order is picked up.
  await bootInCart(page, 3);
  await page.getByText('Pick up in store', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pick up in store' });
  await dialog.getByLabel('Postal code or city').fill('Denver');
  await dialog.getByRole('button', { name: 'Find stores' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/\d+ stores near you/);
  await dialog.getByRole('button', { name: `Pick up at ${store}` }).click();
  const how = page.locator('.cart-line__delivery-now');
  await expect(how.first()).toContainText(store);
  // Picked up today from the store's own stock, or sent to the store from the warehouse.
  const pickedUpToday = /Pick up in store today/.test((await how.locator('strong').first().textContent()) ?? '');

  await toCheckout(page);
  await expect(page.getByText('Everything in this order is picked up in store or sent by email: no delivery address is needed.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
  await expect(page.getByLabel('Street address')).toHaveCount(0);
  await page.getByLabel('Email for your order confirmation').fill('e2e-pickup@example.com');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=billing/);
  // Only who pays is asked: the billing address, then the card.
  await address(page);
  await card(page, '4242 4242 4242 4242');
  const review = page.getByRole('region', { name: 'Review and place your order' });
  await expect(review).not.toContainText('Delivery to');
  await expect(review).toContainText('VISA ending 4242');
  await placeOrder(page);
  const shipments = page.getByRole('region', { name: 'Delivery' });
  await expect(shipments).toContainText(pickedUpToday ? `Pick up at store ${store}` : `Shipped to store ${store}`);
  await expect(shipments).not.toContainText('Home delivery');
  await expect(page.getByText('VISA •••• 4242')).toBeVisible();
});

test('a gift card pays part of the order and a card pays the rest; the confirmation shows both', async ({ page }) => {
  await bootInCart(page, 3);
  // The $25 demo card: less than the boots cost.
  await page.getByText('Pay with a gift card', { exact: true }).click();
  await page.getByLabel('Gift card number').fill('6006491200000002');
  await page.getByLabel('PIN', { exact: true }).fill('2345');
  await page.getByRole('button', { name: 'Apply gift card' }).click();
  const totals = page.locator('.cart__totals');
  await expect(totals.getByRole('definition').filter({ hasText: /^−\$25(\.00)?$/ })).toBeVisible();
  await expect(totals.getByRole('term').filter({ hasText: 'Gift card •••• 0002' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove gift card •••• 0002' })).toBeVisible();
  const left = totals.locator('div', { has: page.getByRole('term').filter({ hasText: 'Left to pay' }) }).getByRole('definition');
  const remaining = ((await left.textContent()) ?? '').trim();
  expect(remaining).toMatch(/^\$[1-9][\d,]*(\.\d{2})?$/);

  await toCheckout(page);
  await delivery(page, 'e2e-gift@example.com');
  // What is left after the gift card is what the card is asked for (no sales tax in Oregon).
  await expect(payWith(page)).toHaveText(`Pay with (${remaining})`);
  await card(page, '4242 4242 4242 4242');
  await expect(page.getByRole('button', { name: /^Place order/ })).toHaveText(`Place order · ${remaining}`);
  await placeOrder(page);
  const payments = page.locator('.confirmation__payments');
  await expect(payments.getByRole('listitem')).toHaveText([/^Gift card · \$25(\.00)?$/, `VISA •••• 4242 · ${remaining}`]);
});

test('an associate connects the store device and an order bought on it carries the store and the associate', async ({ page }) => {
  await registerStoreDevice(page, 'US-0003');
  await page.getByLabel('Your name').selectOption({ index: 1 });
  const chosen = page.getByLabel('Your name').locator('option:checked');
  const associate = ((await chosen.textContent()) ?? '').trim();
  const employeeId = (await chosen.getAttribute('value')) ?? '';
  await page.getByLabel('PIN').fill(DEMO_STORE_PIN);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Device connected' })).toBeVisible();
  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page.locator('.associate-bar')).toContainText(`In store: ${associate}`);

  await bootInCart(page, 4);
  await toCheckout(page);
  await delivery(page, 'e2e-instore@example.com');
  await card(page, '4242 4242 4242 4242');
  const { orderNumber, st } = await placeOrder(page);
  await expect(page.getByText('VISA •••• 4242')).toBeVisible();
  await expect(page.locator('.associate-bar')).toContainText(`In store: ${associate}`);
  // Neither the confirmation nor the account shows who sold it: the order itself, read back, says so.
  const answer = await page.request.get(`/api/cart/v1/order/${orderNumber}?st=${encodeURIComponent(st)}`);
  expect(answer.status()).toBe(200);
  const order = (await answer.json()) as { orderNumber: string; inStoreSalesInfo: { storeId: string; storeEmployeeId: string } | null };
  expect(order.orderNumber).toBe(orderNumber);
  expect(order.inStoreSalesInfo).toEqual({ storeId: 'US-0003', storeEmployeeId: employeeId });
});
