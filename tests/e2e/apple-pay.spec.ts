// Apple Pay journeys (the checkout issue §2; commerce-core §4 Apple Pay session) with a stand-in for Safari's
// sheet: from the product page (the sheet collects the delivery, express chosen on it), from checkout (the
// delivery already given), a delivery abroad refused at the sheet's country field, and a declined card
// said on the page. Chromium without the stand-in never shows an Apple Pay button.

import { installApplePay, NEW_YORK, sheetSteps } from './apple-pay-device.ts';
import { addToCart, fillAddress, openCheckout } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
});

/** A boot's product page with a size chosen. */
async function chooseBoot(page: import('@playwright/test').Page, index: number): Promise<void> {
  await page.goto('/en-us/c/mens-boots-27713');
  await page.locator('.card__link').nth(index).click();
  for (const group of await page.locator('.picker__group').all()) {
    await group.locator('.picker__option:not(.is-unavailable)').first().click();
  }
  await expect(page.locator('#picker-buy input[name="productId"]')).not.toHaveValue('');
}

test('the Apple Pay button asks for a size first, like Add to cart', async ({ page }) => {
  await installApplePay(page, { ...NEW_YORK, method: 'standard', dpan: '4242424242424242', cancelOnError: false });
  await page.goto('/en-us/c/mens-boots-27713');
  await page.locator('.card__link').nth(4).click();
  await page.getByRole('button', { name: 'Buy with Apple Pay' }).click();
  await expect(page.locator('[data-apple-pay-status]')).toHaveText('Please choose a size before adding to your cart.');
  expect(await sheetSteps(page)).toEqual([]);
});

test('no Apple Pay button where the browser has no Apple Pay', async ({ page }) => {
  await chooseBoot(page, 4);
  await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toBeVisible();
  await expect(page.locator('[data-apple-pay]')).toBeHidden();
});

test("the product page's Apple Pay sheet delivers by express to the wallet's address", async ({ page }) => {
  await installApplePay(page, { ...NEW_YORK, method: 'express', dpan: '4242424242424242', cancelOnError: false });
  await chooseBoot(page, 4);
  await page.getByRole('button', { name: 'Buy with Apple Pay' }).click();
  await expect(page).toHaveURL(/\/en-us\/order-confirmation\?orderNo=CR\d{9}&st=.*storeContext=applePayPdp/);
  await expect(page.getByText('Paid with Apple Pay from the product page.')).toBeVisible();
  await expect(page.getByText('Noor Haddad, 350 Fifth Avenue')).toBeVisible();
  const steps = await sheetSteps(page);
  expect(steps.map((s) => s.step)).toEqual(['begin', 'merchantValidated', 'contactAnswered', 'methodAnswered', 'paymentCompleted']);
  const contact = steps[2]?.detail as { methods: string[]; total: { amount: string } };
  const method = steps[3]?.detail as { total: { amount: string } };
  expect(contact.methods).toContain('express');
  // Express costs more than the standard delivery the sheet started with.
  expect(Number(method.total.amount)).toBeGreaterThan(Number(contact.total.amount));
  expect(steps[4]?.detail).toEqual({ status: 0 });
  // The cart was never part of it.
  await expect(page.locator('[data-cart-badge]')).toHaveText('');
});

test.describe('refusals', () => {
  // The refused quote (400) and payment (402) are the journeys, not faults of the page.
  test.use({ expectedRefusals: [/\/applePay\/(quote|payment)$/] });

  test('the sheet refuses a delivery abroad at its country field, and closing it leaves the page as it was', async ({ page }) => {
    await installApplePay(page, {
      ...NEW_YORK,
      sheetContact: { countryCode: 'CA', administrativeArea: 'ON', locality: 'Toronto', postalCode: 'M5V 2T6' },
      method: 'standard',
      dpan: '4242424242424242',
      cancelOnError: true,
    });
    await chooseBoot(page, 3);
    const button = page.getByRole('button', { name: 'Buy with Apple Pay' });
    await button.click();
    await expect.poll(async () => (await sheetSteps(page)).length).toBe(3);
    const [, , answered] = await sheetSteps(page);
    expect(answered?.detail).toMatchObject({
      errors: [{ code: 'shippingContactInvalid', contactField: 'countryCode', message: 'Apple Pay can only deliver to an address in this store’s country.' }],
    });
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/en-us\/p\//);
  });

  test('Apple Pay at checkout pays to the address given; a declined card is said on the page', async ({ page }) => {
    await installApplePay(page, { ...NEW_YORK, method: 'standard', dpan: '4000000000000002', cancelOnError: true });
    await addToCart(page, 6);
    await openCheckout(page);
    await page.getByLabel('Email for your order confirmation').fill('noor@example.com');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/step=billing/);
    await page.getByLabel('Apple Pay').check();
    await expect(page.getByText('You will confirm the payment with Apple Pay on the next step.')).toBeVisible();
    await page.getByRole('button', { name: 'Review your order' }).click();
    await expect(page).toHaveURL(/step=summary/);
    await page.getByRole('button', { name: 'Buy with Apple Pay' }).click();
    // The device's card is declined: the sheet fails, and the page says why once it is closed.
    await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use another card or payment method.');
    const steps = await sheetSteps(page);
    expect(steps.map((s) => s.step)).toEqual(['begin', 'merchantValidated', 'paymentCompleted']);
    expect(steps[0]?.detail).toMatchObject({ asksShipping: false });
    expect(steps[2]?.detail).toMatchObject({ status: 1, errors: [{ code: 'unknown' }] });
  });
});
