// The browser's recovery paths (commerce-core §4, §7, §8): a basket that is gone is rebuilt from the items
// the shopper had and the add tried again; a basket that is no longer the session's is let go and the page
// reloads after 4 s; the sign-in's token exchange answered 409 is tried once more after 2 s, a wallet's payment
// session that failed on the way after 3 s; and a call the bot check refuses raises the bot-challenge event
// and says why. The first two meet the real conditions (an
// operator clears the basket; the session's cookies are gone); the others have the server's answer played
// by the test, as those moments cannot be made on demand.

import type { Page } from '@playwright/test';
import { submitSignInInDialog, withoutPopups } from './account-steps.ts';
import { addToCart, fillAddress, openCheckout } from './checkout-steps.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { PAUSE_JUMP_MS, pauseClock } from './page-clock.ts';

withoutPopups();

const mini = (page: Page) => page.getByRole('dialog', { name: 'Added to your cart' });
const badge = (page: Page) => page.locator('[data-cart-badge]');
const origin = (page: Page) => new URL(page.url()).origin;

test.describe('a basket that is gone (CART_NOT_FOUND)', () => {
  test.use({ expectedRefusals: [/\/api\/cart\/v1\/item$/] });

  test('is rebuilt with the items the shopper had, and the add goes through', async ({ page }) => {
    await addToCart(page);
    await expect(mini(page)).toContainText('Subtotal (1 item)');
    // Customer service clears the basket while the product page is open.
    const session = await page.request.post('/api/cart/v1/cart', { headers: { origin: origin(page) }, data: {} });
    const { basketId } = (await session.json()) as { basketId: string };
    const cleared = await page.request.delete(`/admin/baskets/${basketId}`, { headers: { ...ADMIN, origin: origin(page) } });
    expect(cleared.status()).toBe(200);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(mini(page)).toContainText('Quantity: 2');
    await expect(mini(page)).toContainText('Subtotal (2 items)');
    await expect(badge(page)).toHaveText('2');
    const now = (await (await page.request.post('/api/cart/v1/cart', { headers: { origin: origin(page) }, data: {} })).json()) as { basketId: string };
    expect(now.basketId).not.toBe(basketId);
  });
});

test.describe('a basket that is no longer the session’s (INVALID_CUSTOMER)', () => {
  test.use({ expectedRefusals: [/\/api\/cart\/v1\/item$/] });

  test('is let go: the shopper is told, and the page reloads four seconds later, but not twice in ten seconds', async ({ page, context }) => {
    // The page's clock: its four and ten seconds are skipped rather than waited for.
    await page.clock.install();
    await addToCart(page);
    await page.keyboard.press('Escape');
    // The session ends elsewhere (signed out on another tab, cookies cleared): this page still names the old basket.
    await context.clearCookies();
    await pauseClock(page);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(page.getByText('This cart belongs to another session. We have started a new one.')).toBeVisible();
    await page.evaluate(() => Object.assign(window, { before: true }));
    await page.clock.runFor(3_800);
    expect(await page.evaluate(() => (window as { before?: boolean }).before)).toBe(true);
    const reloaded = page.waitForEvent('load');
    await page.clock.runFor(400);
    await reloaded;
    await page.clock.resume();
    await expect(badge(page)).toHaveText('');

    // The same again within ten seconds of that reload: the page-reload guard keeps the page (no reload loop).
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(mini(page)).toContainText('Subtotal (1 item)');
    await page.keyboard.press('Escape');
    await context.clearCookies();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await expect(page.getByText('This cart belongs to another session. We have started a new one.')).toBeVisible();
    await page.clock.fastForward(5_000);
    // Anything the skipped time set off has run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  });
});

test.describe('the sign-in’s token exchange answered 409', () => {
  test.use({ expectedRefusals: [/\/api\/token\/v2\/auth\/token$/] });

  test('is tried once more after two seconds, and the shopper is signed in', async ({ page }) => {
    // The page's clock: the two seconds are skipped, and measured in the page's own time.
    await page.clock.install();
    const calls: number[] = [];
    await page.route('**/api/token/v2/auth/token', async (route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('authorizationCode')) return route.continue();
      calls.push(await page.evaluate(() => Date.now()));
      // The first exchange of the code is still being completed (DUPLICATED_TOKEN).
      if (calls.length === 1) {
        return route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ errorId: 'AUT409', message: 'This sign-in is already being completed.', appId: 'cairn-storefront', correlationId: 'e2e' }),
        });
      }
      return route.continue();
    });
    await submitSignInInDialog(page);
    await expect.poll(() => calls.length).toBe(1);
    // Held once the first exchange is seen: whatever real time passed since counts, up to the half second left.
    await pauseClock(page);
    await page.clock.runFor(1_500 - PAUSE_JUMP_MS);
    expect(calls).toHaveLength(1);
    await page.clock.runFor(800);
    await page.clock.resume();
    await expect(page.locator('dialog.sign-in-dialog[open]').getByText(/You are signed in/)).toBeVisible();
    expect(calls).toHaveLength(2);
    expect((calls[1] as number) - (calls[0] as number)).toBeGreaterThanOrEqual(1_900);
  });
});

test.describe('a call the bot check refuses', () => {
  test.use({ expectedRefusals: [/\/api\/consumers-v3\/auth\/signin$/] });

  test('raises the bot-challenge event and says why, and the shopper can try again', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { challenges: string[] }).challenges = seen;
      window.addEventListener('cairn:bot-challenge', (event) => seen.push((event as CustomEvent<{ errorId: string }>).detail.errorId));
    });
    let refused = false;
    await page.route('**/api/consumers-v3/auth/signin', async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          errorId: 'AUT403',
          message: 'We could not confirm you are not a robot. Please try again.',
          appId: 'cairn-storefront',
          correlationId: 'e2e',
        }),
      });
    });
    await submitSignInInDialog(page);
    const dialog = page.locator('dialog.sign-in-dialog[open]');
    await expect(dialog.getByText('We could not confirm you are not a robot. Please try again.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { challenges: string[] }).challenges)).toEqual(['AUT403']);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText(/You are signed in/)).toBeVisible();
  });
});

test.describe('a wallet’s payment session that fails on the way', () => {
  // One pattern: Playwright reads a second array element as the option's settings.
  test.use({ expectedRefusals: [/\/api\/cart\/v1\/paymentSession|\/shippingAddress\/validation$/] });

  test('is asked once more after three seconds, and the shopper goes on to the wallet', async ({ page }) => {
    await page.clock.install();
    await addToCart(page);
    await openCheckout(page);
    await page.getByLabel('Email for your order confirmation').fill(`e2e-wallet-${Date.now()}@example.com`);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/step=billing/);
    await page.getByLabel('PayPal').check();
    await page.getByRole('button', { name: 'Review your order' }).click();
    await expect(page).toHaveURL(/step=summary/);
    const calls: number[] = [];
    await page.route('**/api/cart/v1/paymentSession?**', async (route) => {
      calls.push(await page.evaluate(() => Date.now()));
      if (calls.length > 1) return route.continue();
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          errorId: 'GEN500',
          message: 'Something went wrong on our side. Please try again.',
          appId: 'cairn-storefront',
          correlationId: 'e2e',
        }),
      });
    });
    await page.getByRole('button', { name: /Continue with PayPal/ }).click();
    await expect.poll(() => calls.length).toBe(1);
    await pauseClock(page);
    await page.clock.runFor(2_500 - PAUSE_JUMP_MS);
    expect(calls).toHaveLength(1);
    await page.clock.runFor(800);
    await page.clock.resume();
    await expect(page.getByRole('heading', { name: /Pay with PayPal \(sandbox\)/ })).toBeVisible();
    expect(calls).toHaveLength(2);
    expect((calls[1] as number) - (calls[0] as number)).toBeGreaterThanOrEqual(2_900);
  });
});
