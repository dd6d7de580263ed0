// A marketer's preview link works in the browser; the same address without it shows the live page.

import { ADMIN, expect, test } from './fixtures.ts';

const TITLE = 'Spring lookbook (draft)';

test('a preview link shows a draft page; the same address without it is a 404, and leaving preview ends it', async ({ page, browser }, testInfo) => {
  const body = {
    content: {
      sections: [{ name: 'main', items: [{ type: 'RichText', id: 'intro', title: TITLE, titleH1: true, richText: '<p>New colours for the trail.</p>' }] }],
    },
    metadata: { htmlTitle: `${TITLE} | Cairn`, htmlDescription: 'Spring colours for the trail.' },
  };
  const saved = await page.request.put('/admin/content', {
    headers: ADMIN,
    data: { siteId: 'US', locale: 'en-us', kind: 'page', key: 'spring-lookbook', body },
  });
  expect(saved.ok()).toBe(true);
  const grant = await page.request.post('/admin/preview', { headers: ADMIN, data: { siteId: 'US', path: '/en-us/spring-lookbook' } });
  expect(grant.status()).toBe(201);
  const link = new URL((await grant.json()).link);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/en-us\/spring-lookbook\?preview=true$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByRole('status').filter({ hasText: 'Preview of unpublished content' })).toBeVisible();
  // Links keep the preview while the marketer browses.
  await page.locator('.mega').getByRole('link', { name: 'Men', exact: true }).click();
  await expect(page).toHaveURL(/preview=true/);
  await expect(page.getByRole('status').filter({ hasText: 'Preview of unpublished content' })).toBeVisible();

  // A shopper with the same address, without the marketer's cookie, gets the live store: no such page.
  const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const response = await (await shopper.newPage()).goto('/en-us/spring-lookbook?preview=true');
  expect(response?.status()).toBe(404);
  await shopper.close();

  // Leaving preview brings the marketer back to the live page.
  await page.goto('/en-us/stories?preview=true');
  await page.getByRole('link', { name: 'Exit preview' }).click();
  await expect(page).toHaveURL(/\/en-us\/stories$/);
  await expect(page.locator('.preview-bar')).toHaveCount(0);
  await page.goto('/en-us/spring-lookbook?preview=true');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(TITLE);
});
