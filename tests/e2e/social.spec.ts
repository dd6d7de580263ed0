// Social photos in Chromium (the store services issue, §5): a product's gallery ships no script until it comes
// near the viewport, then fills its frame without moving anything; a photo opens with the products it shows;
// a shopper shares a photo that appears once an operator approves it; a gallery that fails logs it and says
// nothing is there rather than showing an error.

import { test as bare } from '@playwright/test';
import { signIn, withoutPopups } from './account-steps.ts';
import { ADMIN, expect, test } from './fixtures.ts';

withoutPopups();

/** A tiny PNG drawn in the page's own canvas: a real image, as a phone would send. */
async function pngFromCanvas(page: import('@playwright/test').Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#2d5a3d';
    context.fillRect(0, 0, 64, 64);
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  return Buffer.from(data, 'base64');
}

/** The product page of a product with shared photos. */
async function productWithPhotos(page: import('@playwright/test').Page): Promise<string> {
  const recent = await (await page.request.get('/api/social/customers/US/media/recent?count=1')).json();
  const streams = await (await page.request.get(`/api/social/media/${recent.media[0].id}/streams?locale=en-us`)).json();
  return streams.streams[0].url as string;
}

test('a product’s gallery loads when it comes near, without moving the page, and opens a photo with its products', async ({ page }) => {
  const url = await productWithPhotos(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  const gallery = page.getByRole('region', { name: 'As worn by you' });
  // Far below the fold: the frame is drawn, nothing is loaded for it.
  await page.waitForLoadState('networkidle');
  const loaded = scripts.length;
  await expect(gallery.locator('.ugc__tile--placeholder')).toHaveCount(8);
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/api/social/')))).toBe(false);

  await gallery.scrollIntoViewIfNeeded();
  const photos = gallery.getByRole('button', { name: /^Photo by / });
  await expect(photos.first()).toBeVisible();
  expect(scripts.length).toBeGreaterThan(loaded);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);

  await photos.first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^Photo by /)).toBeVisible();
  const product = dialog.getByRole('link').first();
  await expect(product).toHaveAttribute('href', /^\/en-us\/p\//);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a shopper shares a photo of a product, shown in its gallery once approved', async ({ page }) => {
  const url = await productWithPhotos(page);
  await page.goto(url);
  await page.getByRole('link', { name: 'Share your photo' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Share a photo of');
  const sharePage = page.url();
  await signIn(page, 'ada.athlete@cairn.test');
  await page.goto(sharePage);
  // Sent without the photo or the confirmation: both are said at their fields.
  await page.getByRole('textbox', { name: 'Screen name' }).fill('ada_on_the_ridge');
  await page.getByRole('button', { name: 'Share photo' }).click();
  await expect(page.getByText('Choose a photo to share.')).toBeVisible();
  await expect(page.getByText('Confirm the photo is yours and may be shown.')).toBeVisible();
  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'ridge.png', mimeType: 'image/png', buffer: await pngFromCanvas(page) });
  await page.getByLabel('Caption').fill('Sunrise on the ridge');
  await page.getByLabel(/This is my own photo/).check();
  await page.getByRole('button', { name: 'Share photo' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for sharing' })).toBeVisible();

  const queue = await (await page.request.get('/admin/social/queue', { headers: ADMIN })).json();
  const mine = queue.items.find((item: { caption: string | null }) => item.caption === 'Sunrise on the ridge');
  expect(mine).toMatchObject({ status: 'pending', screenName: 'ada_on_the_ridge' });
  const approved = await page.request.post(`/admin/social/media/${mine.id}/moderate`, {
    headers: { ...ADMIN, 'content-type': 'application/json' },
    data: { decision: 'approve' },
  });
  expect(approved.status()).toBe(200);

  await page.goto(url);
  const gallery = page.getByRole('region', { name: 'As worn by you' });
  await gallery.scrollIntoViewIfNeeded();
  await expect(gallery.getByRole('button', { name: 'Photo by ada_on_the_ridge: Sunrise on the ridge' })).toBeVisible();
});

bare('a gallery that cannot load logs why and shows no error, in the same space', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const url = await productWithPhotos(page);
  await page.route('**/api/social/streams/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await page.goto(url);
  const gallery = page.getByRole('region', { name: 'As worn by you' });
  await gallery.scrollIntoViewIfNeeded();
  const before = await gallery.boundingBox();
  await expect(gallery.getByText('No photos here yet.')).toBeVisible();
  expect((await gallery.boundingBox())?.height).toBe(before?.height);
  expect(errors.some((text) => text.startsWith('ugc: widget failed'))).toBe(true);
  await expect(gallery.getByText(/error|failed|503/i)).toHaveCount(0);
});
