// The page cache in a real browser (README, The page cache): a product page answered from the cache keeps its
// Content-Security-Policy whole (each answer's nonce on the store's scripts, no violation), and its islands work.

import { expect, test } from './fixtures.ts';

test('a product page answered from the cache holds its CSP and its size picker works', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto('/en-us/c/mens-boots-27713');
  const path = await page.locator('.card__link').first().getAttribute('href');
  expect(path).toMatch(/^\/en-us\/p\//);

  const nonces: string[] = [];
  for (const visit of ['first', 'second']) {
    const response = await page.goto(path as string);
    const status = response?.headers()['cache-status'] ?? '';
    // The first visit may find a copy another journey left; the second always does.
    if (visit === 'second') expect(status).toMatch(/cairn-page; hit/);
    const nonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1] ?? '';
    expect(nonce).not.toBe('');
    nonces.push(nonce);
    const scriptNonces = await page.locator('script[src], script#__STATE__').evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  }
  expect(nonces[1]).not.toBe(nonces[0]);

  const picker = page.locator('[data-island="product-picker"]');
  for (const group of await picker.locator('.picker__group').all()) await group.locator('.picker__option').first().click();
  await expect(picker).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('.stock__status')).toHaveText(/In stock|Only \d+ left|Out of stock/);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});
