// The cart journeys (the cart issue, §7 and §8): a shopper adds from the product page and sees the
// mini-cart, the header count follows on every open tab, the cart page changes quantities, takes and
// refuses coupons, and empties back into the store; on a phone too, and without JavaScript.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PAUSE_JUMP_MS, pauseClock } from './page-clock.ts';

const BOOTS = '/en-us/c/mens-boots-27713';

/** Opens the first boot in the category and chooses an available option in every group. */
async function chooseBoot(page: Page): Promise<void> {
  // The newsletter popup would open over the page after its delay: dismissed before it can.
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  await page.goto(BOOTS);
  await page.locator('.card__link').first().click();
  await expect(page.locator('.pdp__name')).toBeVisible();
  for (const group of await page.locator('.picker__group').all()) {
    await group.locator('.picker__option:not(.is-unavailable)').first().click();
  }
  await expect(page.locator('.stock__status')).toHaveText(/In stock|Only \d+ left/);
}

const badge = (page: Page) => page.locator('[data-cart-badge]');

test('a shopper adds a boot, sees the mini-cart, and the count follows on another tab', async ({ page, context }) => {
  const other = await context.newPage();
  await other.goto('/en-us');
  await expect(other.locator('[data-island="cart-count"]')).toHaveAttribute('data-hydrated', 'true');
  await expect(badge(other)).toHaveText('');

  await chooseBoot(page);
  const name = (await page.locator('.pdp__name').textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const mini = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect(mini).toBeVisible();
  await expect(mini).toContainText(name);
  await expect(mini).toContainText('Subtotal (1 item)');
  // Three upsells under the line, one above the other, each leading to its product.
  const upsells = mini.getByRole('region', { name: 'You may also like' }).getByRole('listitem');
  await expect(upsells).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await upsells.nth(i).boundingBox()) ?? { x: -1, y: -1 }));
  expect(new Set(boxes.map((box) => Math.round(box.x))).size).toBe(1);
  expect(boxes[1]?.y).toBeGreaterThan(boxes[0]?.y ?? 0);
  expect(boxes[2]?.y).toBeGreaterThan(boxes[1]?.y ?? 0);
  await expect(upsells.first().getByRole('link')).toHaveAttribute('href', /^\/en-us\/p\//);
  await expect(badge(page)).toHaveText('1');
  // The other tab hears of it without a reload.
  await expect(badge(other)).toHaveText('1');

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(mini).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeFocused();

  // A second add of the same size is one line of two.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(mini).toContainText('Quantity: 2');
  await mini.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/en-us\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your cart');
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  // A fresh page reads the count from the cookie the cart answers set.
  await other.reload();
  await expect(badge(other)).toHaveText('2');
});

test('the cart page changes the quantity, takes and refuses codes, and empties back into the store', async ({ page }) => {
  await chooseBoot(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Added to your cart' }).getByRole('link', { name: 'View cart' }).click();

  const quantity = page.getByLabel('Quantity', { exact: true });
  await quantity.fill('3');
  await page.getByRole('button', { name: /^Update quantity of/ }).click();
  await expect(quantity).toHaveValue('3');
  // Three boots, and a free gift when the cart reaches its threshold.
  await expect(page.locator('.cart__count')).toHaveText(/\((3|4) items\)/);

  const code = page.getByLabel('Promo code');
  await code.fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This code is not valid.')).toBeVisible();
  await expect(page.getByLabel('Promo code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Promo code').fill('trail15');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.cart__coupons')).toContainText('TRAIL15 applied');
  await expect(page.locator('.cart__totals')).toContainText('You save');

  await page.getByRole('button', { name: /^Remove code TRAIL15/ }).click();
  await expect(page.locator('.cart__coupons')).toHaveCount(0);
  await page.getByRole('button', { name: /^Remove (?!code)/ }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(badge(page)).toHaveText('');
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(/\/en-us$/);
});

test('quick shop from a category card: choose a size, add, and the mini-cart follows without leaving the listing', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  await page.goto(BOOTS);
  const card = page.locator('.card').first();
  const name = (await card.locator('.card__name').textContent())?.trim() ?? '';
  await card.getByRole('link', { name: `Quick shop ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Add to cart · \$\d+/ })).toBeVisible();
  for (const group of await dialog.locator('.picker__group').all()) {
    await group.locator('.picker__option:not(.is-unavailable)').first().click();
  }
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${BOOTS}$`));
  await expect(badge(page)).toHaveText('1');
});

test.describe('when adding fails', () => {
  test.use({ expectedRefusals: [/\/api\/cart\/v1\/item$/] });

  test('the add is tried again once after 2 s, then the cart error notice shows at the top and closes by itself', async ({ page }) => {
    // The page's clock: its waits are skipped, and the time between the two tries is the page's own.
    await page.clock.install();
    await chooseBoot(page);
    const attempts: number[] = [];
    await page.route('**/api/cart/v1/item', async (route) => {
      attempts.push(await page.evaluate(() => Date.now()));
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ errorId: 'GEN500', message: 'Something went wrong on our side.' }),
      });
    });
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => attempts.length).toBe(1);
    // Not tried again before two seconds have passed (held from the first try, give or take the half second the
    // journey's own steps may take); tried once more when they have.
    await pauseClock(page);
    await page.clock.runFor(1_500 - PAUSE_JUMP_MS);
    expect(attempts).toHaveLength(1);
    await page.clock.runFor(800);
    const toast = page.locator('.toast');
    await expect(toast).toContainText('We could not add this item to your cart.');
    expect(attempts).toHaveLength(2);
    expect((attempts[1] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(1_900);
    // The count the header showed at once is put back.
    await expect(badge(page)).toHaveText('');
    await page.clock.runFor(6_500);
    await expect(toast).toHaveCount(0);
  });
});

test.describe('in mock mode (a store that is not production)', () => {
  test.use({ expectedRefusals: [/\/api\/cart\/v1\/item$/] });

  test('a tester answers the add from the tab’s mock answers, and the store’s own answer comes back once cleared', async ({ page }) => {
    await chooseBoot(page);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/cart/v1/item')) calls.push(request.method());
    });
    await page.evaluate(() =>
      (window as unknown as { cairnMocks: { set(mock: object): void } }).cairnMocks.set({
        method: 'POST',
        path: '/api/cart/v1/item',
        status: 403,
        body: { errorId: 'GWP403', message: 'The gift with purchase cannot be bought.' },
      }),
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('.toast')).toContainText('We could not add this item to your cart.');
    // The mock answered: nothing reached the network, and the cart is as it was.
    expect(calls).toEqual([]);
    await expect(badge(page)).toHaveText('');

    await page.evaluate(() => (window as unknown as { cairnMocks: { clear(): void } }).cairnMocks.clear());
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to your cart' })).toBeVisible();
    expect(calls).toEqual(['POST']);
    await expect(badge(page)).toHaveText('1');
  });
});

test.describe('for a shopper who prefers less motion', () => {
  test.use({ reducedMotion: 'reduce' });

  // With no transition to wait for, the second add can come while the first dialog's close is still
  // settling; it once cleared the second add's dialog before it showed.
  test('an add right after closing the mini-cart opens it again', async ({ page }) => {
    await chooseBoot(page);
    const add = page.getByRole('button', { name: 'Add to cart' });
    const mini = page.getByRole('dialog', { name: 'Added to your cart' });
    await add.click();
    await expect(mini).toContainText('Quantity: 1');
    await page.keyboard.press('Escape');
    await add.click();
    await expect(mini).toContainText('Quantity: 2');
    await expect(mini).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the mini-cart rises from the bottom and leads to the cart', async ({ page }) => {
    await chooseBoot(page);
    await page.getByRole('button', { name: 'Add to cart' }).tap();
    const mini = page.getByRole('dialog', { name: 'Added to your cart' });
    await expect(mini).toBeVisible();
    // A bottom sheet: once it has slid in, its lower edge is the screen's.
    await expect
      .poll(async () => {
        const box = await mini.boundingBox();
        return Math.round((box?.y ?? 0) + (box?.height ?? 0));
      })
      .toBe(844);
    await mini.getByRole('link', { name: 'View cart' }).tap();
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the product form adds to the cart and the cart page still works', async ({ page }) => {
    await page.goto(BOOTS);
    await page.locator('.card__link').first().click();
    // Each option is a link that reloads the page with the choice.
    for (let group = 0; group < (await page.locator('.picker__group').count()); group += 1) {
      await page.locator('.picker__group').nth(group).locator('.picker__option:not(.is-unavailable)').first().click();
    }
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/en-us\/cart$/);
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1');
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await page.getByRole('button', { name: /^Update quantity of/ }).click();
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
    // Pickup in store is the line's own form: find stores, pick one, and deliver instead.
    const line = page.locator('.cart-line').first();
    await line.getByText('Pick up in store', { exact: true }).click();
    await line.getByLabel('Postal code or city').fill('New York');
    await line.getByRole('button', { name: 'Find stores' }).click();
    const store = page.locator('.store-list__store').first();
    const storeName = (await store.locator('.store-list__name').textContent())?.trim() ?? '';
    await store.getByRole('button', { name: `Pick up at ${storeName}` }).click();
    await expect(page.locator('.cart-line__delivery-now').first()).toContainText(storeName);
    await page.getByText('Change delivery', { exact: true }).click();
    await page.getByRole('button', { name: 'Deliver to me instead' }).click();
    await expect(page.locator('.cart-line__delivery-now strong').first()).toHaveText('Home delivery');
  });
});
