// The shoppers' form dialogs in Chromium (commerce-core §2): write a review and ask a question from the
// product and reviews pages, and add a gift option on a gift card's cart line. Each opens from its link or
// summary, works from the keyboard, closes on Escape with the focus back on its opener, says a refusal at
// its fields without losing what was typed, and saves through the same API the no-script forms' service
// does. Without JavaScript the links and summaries still lead to the plain forms.

import type { Locator, Page } from '@playwright/test';
import { signUpInDialog, withoutPopups } from './account-steps.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { phonePhoto } from './review-steps.ts';

withoutPopups();

const BOOTS = '/en-us/c/mens-boots-27713';
const GIFT_CARD = '/en-us/p/cairn-digital-gift-card-GIFTCD01';

/** A boot's product page (the listing's `index`th), its path answered. */
async function bootPage(page: Page, index: number): Promise<string> {
  await page.goto(BOOTS);
  await page.locator('.card__link').nth(index).click();
  await expect(page.locator('.pdp__name')).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Escape closes the dialog; the focus is back on what opened it. */
async function escapeReturnsFocus(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test.describe('with JavaScript', () => {
  // The refusals these journeys cause on purpose (a review, a question, a gift option the API refuses): the browser logs their 400.
  test.use({ expectedRefusals: [/\/api\/(products\/v1\/products\/[A-Z0-9]+\/reviews(\/questions)?|cart\/v1\/cart\/[a-f0-9]+\/item)$/] });

  test('a shopper writes a review in its dialog: keyboard, Escape, a refusal at the fields, then the thank-you', async ({ page }) => {
    await signUpInDialog(page, `e2e-review-dialog-${Date.now()}@example.com`);
    await bootPage(page, 2);
    const link = page.getByRole('region', { name: 'Reviews' }).getByRole('link', { name: 'Write a review' });
    await link.click();
    const dialog = page.getByRole('dialog', { name: /^Review / });
    await expect(dialog).toBeVisible();
    // The first field has the focus; the nickname proposed is the shopper's first name.
    await expect(dialog.getByLabel('1 star')).toBeFocused();
    await expect(dialog.getByLabel('Name shown with your review')).toHaveValue('Ana');
    await dialog.getByLabel('Title').fill('Warm, dry, and light');
    await escapeReturnsFocus(page, dialog, link);

    // Opened again from the keyboard: what was typed is still there.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Title')).toHaveValue('Warm, dry, and light');
    const text = dialog.getByLabel('Your review', { exact: true });
    await text.fill('Too short.');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    // Refused by the API: each message at its field, the first field at fault focused, nothing typed lost.
    await expect(dialog.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(text).toHaveAccessibleDescription(/Value must contain at least 20 characters/);
    await expect(dialog.getByLabel(/I wrote this myself/)).toHaveAccessibleDescription('Confirm that your text follows the guidelines.');
    await expect(dialog.getByLabel('1 star')).toBeFocused();
    await expect(dialog.getByLabel('Title')).toHaveValue('Warm, dry, and light');
    await expect(text).toHaveValue('Too short.');

    // The rating from the keyboard, as a radio group: arrows move along the stars.
    await page.keyboard.press('Space');
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByLabel('4 stars')).toBeChecked();
    await text.fill('Three wet weeks of dog walks and my feet stayed dry and warm.');
    await dialog.getByLabel('True to size').check();
    await dialog.getByLabel(/^Photos/).setInputFiles({ name: 'boots.jpg', mimeType: 'image/jpeg', buffer: phonePhoto() });
    await dialog.getByLabel(/I wrote this myself/).check();
    await dialog.getByRole('button', { name: 'Post review' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thanks for your review' });
    await expect(thanks.getByRole('heading', { name: 'Thanks for your review' })).toBeFocused();
    await expect(thanks).toContainText('We check every review before it appears');
    // The thank-you's own Close button, below its words (the bar's icon button is named Close too).
    await thanks.locator('.form-dialog__step').getByRole('button', { name: 'Close' }).click();
    await expect(thanks).toHaveCount(0);
    await expect(link).toBeFocused();

    // Waiting for moderation, with its photo.
    const queue = await (await page.request.get('/admin/reviews/queue', { headers: ADMIN })).json();
    const mine = queue.items.find((item: { title: string }) => item.title === 'Warm, dry, and light');
    expect(mine).toMatchObject({ rating: 4, status: 'pending', nickname: 'Ana' });
    expect(mine.photos).toHaveLength(1);

    // One review per shopper and product: the dialog says so.
    await link.click();
    await dialog.getByLabel('5 stars').check();
    await dialog.getByLabel('Title').fill('Still great');
    await text.fill('A second review of the same boots, which the store refuses.');
    await dialog.getByLabel(/I wrote this myself/).check();
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await expect(dialog.getByText('You have already reviewed this product.')).toBeVisible();
  });

  test('a shopper asks a question from the reviews page and sees the thank-you', async ({ page }) => {
    await signUpInDialog(page, `e2e-question-dialog-${Date.now()}@example.com`);
    const productUrl = await bootPage(page, 3);
    await page.goto(`${productUrl}/reviews`);
    const link = page.getByRole('link', { name: 'Ask a question' });
    await link.click();
    const dialog = page.getByRole('dialog', { name: /^Ask about / });
    const question = dialog.getByLabel('Your question');
    await expect(question).toBeFocused();
    await escapeReturnsFocus(page, dialog, link);

    await page.keyboard.press('Enter');
    await question.fill('Resole?');
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await expect(question).toHaveAccessibleDescription('Value must contain at least 10 characters');
    await expect(question).toBeFocused();
    await expect(dialog.getByText('Confirm that your text follows the guidelines.')).toBeVisible();
    await question.fill('Can the soles be replaced when they wear out?');
    await dialog.getByLabel(/I wrote this myself/).check();
    await dialog.getByRole('button', { name: 'Send question' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thanks for your question' });
    await expect(thanks).toContainText('It will appear with our answer once our team has checked it');
    const queue = await (await page.request.get('/admin/reviews/queue', { headers: ADMIN })).json();
    expect(queue.items.filter((item: { text: string }) => item.text === 'Can the soles be replaced when they wear out?')).toContainEqual(
      expect.objectContaining({ kind: 'question', status: 'pending' }),
    );
    await page.keyboard.press('Escape');
    await expect(thanks).toHaveCount(0);
    await expect(link).toBeFocused();
  });

  test('a guest is offered the sign-in dialog in place of the review form; the code came only with the click', async ({ page }) => {
    const productUrl = await bootPage(page, 1);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // Read again from the store: a body the browser took from its cache is not kept for the test to read.
    const code = (urls: string[]) => Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
    await page.goto(productUrl);
    await page.waitForLoadState('networkidle');
    // The product page's JavaScript budget: none of the dialogs' code before a shopper reaches for one.
    const before = scripts.length;
    expect((await code(scripts)).filter((text) => text.includes('form-dialog'))).toEqual([]);
    await page.getByRole('region', { name: 'Reviews' }).getByRole('link', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: /^Review / });
    await expect(dialog).toContainText('Sign in to write a review.');
    expect((await code(scripts.slice(before))).some((text) => text.includes('form-dialog'))).toBe(true);
    await dialog.getByRole('button', { name: 'Sign in or create an account' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('dialog.sign-in-dialog[open]').getByLabel('Email address')).toBeVisible();
  });

  test('a gift card line gets its recipient in the add gift option dialog', async ({ page }) => {
    await page.goto(GIFT_CARD);
    await page.locator('.picker__option').first().click();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.getByRole('dialog', { name: 'Added to your cart' }).getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/en-us\/cart$/);
    const opener = page.locator('.cart-line').getByText('Send it as a gift', { exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Send it as a gift' });
    await expect(dialog.getByLabel('Recipient’s name')).toBeFocused();
    await escapeReturnsFocus(page, dialog, opener);

    await page.keyboard.press('Enter');
    await dialog.getByLabel('Recipient’s name').fill('Ana');
    await dialog.getByLabel('Recipient’s email').fill('ana@');
    await dialog.getByLabel('Your message').fill('Happy birthday, see you on the trail!');
    await dialog.getByRole('button', { name: 'Save gift option' }).click();
    const email = dialog.getByLabel('Recipient’s email');
    await expect(email).toHaveAccessibleDescription('Enter the recipient’s email address, like name@example.com.');
    await expect(email).toBeFocused();
    await expect(dialog.getByLabel('Your message')).toHaveValue('Happy birthday, see you on the trail!');
    await email.fill('ana@example.com');
    await dialog.getByRole('button', { name: 'Save gift option' }).click();
    // The cart page again, as the cart now is.
    await expect(page.locator('.cart-line__gift')).toContainText('Gift for Ana (ana@example.com)');
    await expect(page.locator('.cart-line__gift')).toContainText('Happy birthday, see you on the trail!');

    // "Keep it for me" takes the gift option off.
    await page.locator('.cart-line').getByText('Change the gift message', { exact: true }).click();
    await page.getByRole('dialog', { name: 'Change the gift message' }).getByRole('button', { name: 'Keep it for me' }).click();
    await expect(page.locator('.cart-line').getByText('Send it as a gift', { exact: true })).toBeVisible();
    await expect(page.locator('.cart-line__gift')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the review and question links lead to their pages', async ({ page }) => {
    const productUrl = await bootPage(page, 2);
    await page.getByRole('region', { name: 'Reviews' }).getByRole('link', { name: 'Write a review' }).click();
    await expect(page).toHaveURL(new RegExp(`${productUrl}/write-review$`));
    await expect(page.getByText('Sign in to write a review.')).toBeVisible();
    await page.goto(productUrl);
    await page.getByRole('link', { name: 'Ask a question' }).click();
    await expect(page).toHaveURL(new RegExp(`${productUrl}/ask-question$`));
    await expect(page.getByText('Sign in to ask a question.')).toBeVisible();
  });

  test('the gift option is the cart line’s own form', async ({ page }) => {
    await page.goto(GIFT_CARD);
    await page.locator('.picker__option').first().click();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(page).toHaveURL(/\/en-us\/cart$/);
    await page.getByText('Send it as a gift', { exact: true }).click();
    await page.getByLabel('Recipient’s name').fill('Ben');
    await page.getByLabel('Recipient’s email').fill('ben@example.com');
    await page.getByLabel('Your message').fill('Congratulations!');
    await page.getByRole('button', { name: 'Save gift option' }).click();
    await expect(page.locator('.cart-line__gift')).toContainText('Gift for Ben (ben@example.com)');
  });
});
