// A shopper designs a boot of their own (commerce-core §3 customs): from the product page to the design
// studio, then to the cart with the design, its price and the workshop's delivery.

import { withoutPopups } from './account-steps.ts';
import { expect, test } from './fixtures.ts';

withoutPopups();

test('a shopper designs their boots, and the cart shows the design, its price and the workshop delivery', async ({ page }) => {
  // The curated design's boot is one the workshop makes to order: its studio is where the journey starts.
  const curated = await (await page.request.get('/api/customs/v1/recipes/RCPTRAILICON1?locale=en-us')).json();
  const productPage = String(curated.recipe.pdpUrl).replace(/\/customise\?.*$/, '');
  await page.goto(productPage);
  await page.getByRole('link', { name: 'Design your own' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Design your');
  const price = (await page.locator('.customise__price strong').textContent())?.trim() ?? '';

  await page.getByLabel('Size').selectOption({ index: 1 });
  await page.getByRole('radio', { name: 'Red' }).check();
  await page.getByLabel(/Initials on the heel tab/).fill('toolong');
  await expect(page.getByLabel(/Initials on the heel tab/)).toHaveValue('too');
  await page.getByLabel(/Initials on the heel tab/).fill('a1');
  await page.getByRole('button', { name: 'Add my design to cart' }).click();
  // Refused at its field, the choices kept.
  await expect(page.getByText('Up to three letters, A to Z.').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Red' })).toBeChecked();

  await page.getByLabel(/Initials on the heel tab/).fill('ana');
  await page.getByRole('button', { name: 'Add my design to cart' }).click();
  await expect(page).toHaveURL(/\/en-us\/cart$/);
  const line = page.locator('.cart-line').first();
  await expect(line).toContainText('Laces: Red');
  await expect(line).toContainText('Initials: ANA');
  await expect(line).toContainText('Made to order for you: ships in 3–4 weeks, on its own.');
  await expect(line.locator('.cart-line__delivery-now')).toContainText('Made to order');
  await expect(line.locator('.cart-line__price')).toHaveText(price);
  // The name leads back to the studio, on this design.
  await line.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customise\?recipe=RCP[A-Z0-9]{10}$/);
  await expect(page.getByRole('radio', { name: 'Red' })).toBeChecked();
  await expect(page.getByLabel(/Initials on the heel tab/)).toHaveValue('ANA');
});
