// Reviews and questions in Chromium (the store services issue, §1 and §7): a shopper orders a pair of boots,
// writes a review with a photo from the product page, sees it there as a verified buyer once an operator has
// approved it, votes on another review, and asks a question. Plain forms throughout: the pages the review and
// question links lead to without script.

import { signIn, withoutPopups } from './account-steps.ts';
import { addToCart, fillAddress, openCheckout, payByCard } from './checkout-steps.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { phonePhoto } from './review-steps.ts';

withoutPopups();

test('a shopper reviews what they bought, sees it once approved, votes and asks a question', async ({ page }) => {
  await signIn(page, 'will.wranx@cairn.test');
  await addToCart(page, 6);
  const productUrl = new URL(page.url()).pathname;
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

  await page.goto(productUrl);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  // The form's own page, where the link leads without script (with script it opens a dialog: dialogs.spec.ts).
  await page.goto((await reviews.getByRole('link', { name: 'Write a review' }).getAttribute('href')) ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Review');
  // Sent without the terms: the form says so at the field and keeps what was typed.
  await page.getByLabel('4 stars').check();
  await page.getByLabel('Title').fill('Dry feet all winter');
  await page.getByLabel('Your review', { exact: true }).fill('Wore these through a wet month of dog walks and my feet stayed dry and warm.');
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Confirm that your text follows the guidelines.')).toBeVisible();
  await expect(page.getByLabel('Your review', { exact: true })).toHaveValue(/wet month of dog walks/);
  await page.getByLabel('True to size').check();
  await page.getByLabel('Photos').setInputFiles({ name: 'boots.jpg', mimeType: 'image/jpeg', buffer: phonePhoto() });
  await page.getByLabel(/I wrote this myself/).check();
  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for your review' })).toBeVisible();
  await expect(page.getByText('your review will show as from a verified buyer')).toBeVisible();

  // Waiting for moderation: not on the page yet.
  await page.goto(`${productUrl}/reviews?sort=newest`);
  await expect(page.getByText('Dry feet all winter')).toHaveCount(0);
  const queue = await (await page.request.get('/admin/reviews/queue', { headers: ADMIN })).json();
  const mine = queue.items.find((item: { title: string }) => item.title === 'Dry feet all winter');
  expect(mine.photos).toHaveLength(1);
  const approved = await page.request.post(`/admin/reviews/${mine.id}/moderate`, {
    headers: { ...ADMIN, 'content-type': 'application/json' },
    data: { decision: 'approve' },
  });
  expect(approved.status()).toBe(200);

  await page.goto(`${productUrl}/reviews?sort=newest`);
  const review = page.locator('article.review', { hasText: 'Dry feet all winter' });
  await expect(review).toContainText('Verified buyer');
  await expect(review).toContainText('True to size');
  await expect(review.getByRole('img', { name: /Photo 1 from/ })).toBeVisible();

  // A vote on someone else's review counts once and comes back to it.
  const other = page.locator('article.review').filter({ hasNotText: 'Dry feet all winter' }).first();
  const yes = other.getByRole('button', { name: /^Yes \(\d+\)$/ });
  const before = Number(/\d+/.exec((await yes.textContent()) ?? '')?.[0]);
  await yes.click();
  await expect(page.getByText('Thanks for your vote.')).toBeVisible();
  await expect(
    page
      .locator('article.review')
      .filter({ hasNotText: 'Dry feet all winter' })
      .first()
      .getByRole('button', { name: `Yes (${before + 1})` }),
  ).toBeVisible();

  await page.goto(productUrl);
  await page.goto((await page.getByRole('link', { name: 'Ask a question' }).getAttribute('href')) ?? '');
  await page.getByLabel('Your question').fill('Can the soles be replaced when they wear out?');
  await page.getByLabel(/I wrote this myself/).check();
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for your question' })).toBeVisible();
  await page.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`${productUrl}$`));
});
