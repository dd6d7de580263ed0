// The rest of the cart journeys (the cart issue, §8): pickup in store from the cart, save for later and
// back, favorites from the product page and the cart, and a presale product as a guest.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const BOOTS = '/en-us/c/mens-boots-27713';
/** A presale product in the seeded catalogue. */
const PRESALE = '/en-us/p/juniper-road-to-trail-shoe-storm-grey-C7PCZVXS';

async function bootInCart(page: Page, card = 0): Promise<string> {
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  await page.goto(BOOTS);
  await page.locator('.card__link').nth(card).click();
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

/** In the open pickup-in-store dialog: the stores near `place`, then `store` chosen. */
async function pickStore(page: Page, place: string, store: string) {
  const dialog = page.getByRole('dialog', { name: 'Pick up in store' });
  await dialog.getByLabel('Postal code or city').fill(place);
  await dialog.getByRole('button', { name: 'Find stores' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/\d+ stores near you/);
  await dialog.getByRole('button', { name: `Pick up at ${store}` }).click();
}

const delivery = (page: Page) => page.locator('.cart-line__delivery-now');

test('a shopper picks a line up in store, changes the store, and goes back to delivery, all in the delivery dialog', async ({ page }) => {
  await bootInCart(page);
  await page.getByText('Pick up in store', { exact: true }).click();
  await pickStore(page, 'Denver', 'Cairn Denver Larimer Square');
  await expect(delivery(page).first()).toContainText('Cairn Denver Larimer Square');
  await expect(delivery(page).locator('strong').first()).toHaveText(/Pick up in store today|Ship to store/);
  // The cart change-shipping-method dialog: another store, then the store-changed dialog says how it comes.
  await page.getByText('Change delivery', { exact: true }).click();
  const methods = page.getByRole('dialog', { name: 'How would you like to get it?' });
  await methods.getByRole('button', { name: 'Pick up at another store' }).click();
  await pickStore(page, 'Denver', 'Cairn Boulder Pearl Street');
  const changed = page.getByRole('dialog', { name: 'Your pickup store has changed' });
  await expect(changed).toContainText('Cairn Boulder Pearl Street');
  await changed.getByRole('button', { name: 'Done' }).click();
  await expect(delivery(page).first()).toContainText('Cairn Boulder Pearl Street');
  // And home again.
  await page.getByText('Change delivery', { exact: true }).click();
  await page
    .getByRole('dialog', { name: 'How would you like to get it?' })
    .getByRole('button', { name: /^Home delivery/ })
    .click();
  await expect(delivery(page).locator('strong').first()).toHaveText('Home delivery');
});

test('choosing another store for one pickup asks first whether to collect everything there', async ({ page }) => {
  await bootInCart(page, 0);
  await bootInCart(page, 3);
  await page.getByText('Pick up in store', { exact: true }).first().click();
  await pickStore(page, 'Denver', 'Cairn Denver Larimer Square');
  await expect(delivery(page).first()).toContainText('Cairn Denver Larimer Square');
  await page.getByText('Pick up in store', { exact: true }).first().click();
  await pickStore(page, 'Denver', 'Cairn Boulder Pearl Street');
  const confirm = page.getByRole('dialog', { name: 'Change your pickup store?' });
  await expect(confirm).toContainText('Your other items are set to be picked up at Cairn Denver Larimer Square');
  await confirm.getByRole('button', { name: 'Pick up everything at Cairn Boulder Pearl Street' }).click();
  const changed = page.getByRole('dialog', { name: 'Your pickup store has changed' });
  await expect(changed.locator('li')).toHaveCount(2);
  await changed.getByRole('button', { name: 'Done' }).click();
  await expect(delivery(page)).toContainText(['Cairn Boulder Pearl Street', 'Cairn Boulder Pearl Street']);
});

test('a shopper changes the size of a cart line in the quick-shop dialog', async ({ page }) => {
  await bootInCart(page);
  const variant = page.locator('.cart-line__variant').first();
  const before = (await variant.textContent()) ?? '';
  await page
    .getByRole('link', { name: /^Change size:/ })
    .first()
    .click();
  const dialog = page.locator('dialog.quick-shop[open]');
  await expect(dialog.getByRole('button', { name: 'Update' })).toBeVisible();
  // The line's own size is the one chosen when the dialog opens.
  await expect(dialog.locator('.picker__option.is-selected')).toHaveCount(1);
  await dialog.locator('.picker__group--size .picker__option:not(.is-unavailable):not(.is-selected)').first().click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(variant).not.toHaveText(before);
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1');
});

test.describe('a gift card', () => {
  // Half a recipient is refused by the cart (API400), which the browser logs.
  test.use({ expectedRefusals: [/\/api\/cart\/v1\/item$/] });

  test('goes to its recipient with a message', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
    await page.goto('/en-us/p/cairn-digital-gift-card-GIFTCD01');
    await page.getByText('Send it to someone (optional)').click();
    await page.getByLabel('Recipient’s name').fill('Ana');
    // Half a gift is not sent: all three fields, or none.
    await page.locator('.picker__option').first().click();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(page.locator('#picker-add-error')).toHaveText(/give their name, a valid email and a message/);
    await page.getByLabel('Recipient’s email').fill('ana@example.com');
    await page.getByLabel('Your message').fill('Happy birthday!');
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    const added = page.getByRole('dialog', { name: 'Added to your cart' });
    await expect(added).toBeVisible();
    // The next card starts with no recipient.
    await expect(page.getByLabel('Recipient’s name')).toHaveValue('');
    await added.getByRole('link', { name: 'View cart' }).click();
    await expect(page.locator('.cart-line__gift')).toContainText('Gift for Ana (ana@example.com)');
    await expect(page.locator('.cart-line__gift')).toContainText('Happy birthday!');
  });
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

test('a guest keeps their favorites by the quick enrolment the favorites page offers', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  await page.goto(BOOTS);
  await page.locator('.card__link').first().click();
  const name = (await page.locator('.pdp__name').textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByRole('button', { name: 'In your favorites' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/en-us/favorites');
  await expect(page.getByText('Your favorites are kept on this device only.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in or create an account to keep them everywhere' }).click();

  const dialog = page.locator('dialog.sign-in-dialog[open]');
  await dialog.getByLabel('Email address').fill(`quick-${Date.now()}@cairn.test`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // The simplified enrolment asks only what the US site requires: no gender, birth date, phone or postal code.
  for (const optional of ['Gender', 'Birth date', 'Mobile phone', 'Postal code']) await expect(dialog.getByLabel(optional, { exact: false })).toHaveCount(0);
  await dialog.getByLabel('First name').fill('Quinn');
  await dialog.getByLabel('Last name').fill('Lee');
  await dialog.getByLabel('Password').fill('Dialog-Trail-2026');
  await dialog.getByLabel(/I accept the terms of use/).check();
  await dialog.getByLabel(/I have read the privacy policy/).check();
  await dialog.getByRole('button', { name: 'Create my account' }).click();
  await expect(dialog.getByRole('heading', { name: 'Welcome to Cairn, Quinn' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The list is the account's now: kept, and the guest's offer is gone.
  await page.goto('/en-us/favorites');
  await expect(page.locator('.favorite__name')).toHaveText([name]);
  await expect(page.getByText('Your favorites are kept on this device only.')).toHaveCount(0);
});
