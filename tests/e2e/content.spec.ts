import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures.ts';

const FORCE_WINTER = `p13n_testcontext=${encodeURIComponent('{"home-hero-2026":"winter"}')}`;
const FORCE_BASELINE = `p13n_testcontext=${encodeURIComponent('{"home-hero-2026":"baseline"}')}`;

interface Experience {
  type: 'Experience';
  experienceId: string;
  baselines: { title: string }[];
  variants: { targets: { title: string }[] }[];
}

async function homeExperience(page: Page, siteId: string, locale: string) {
  const response = await page.request.get(`/admin/content?siteId=${siteId}&locale=${locale}&kind=page&key=home`, { headers: ADMIN });
  expect(response.ok()).toBe(true);
  const { document } = await response.json();
  const body = document.versions.find((v: { status: string }) => v.status === 'published').body;
  const experience = body.content.sections.flatMap((s: { items: unknown[] }) => s.items).find((b: { type: string }) => b.type === 'Experience') as Experience;
  return { body, experience };
}

test('a marketer changes the home hero through the admin API and purges; a shopper sees the new hero', async ({ page }) => {
  const { body, experience } = await homeExperience(page, 'US', 'en-us');
  await page.goto(`/en-us?${FORCE_BASELINE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(experience.baselines[0]?.title ?? '');

  const title = `Spring on the trail ${Date.now()}`;
  (experience.baselines[0] as { title: string }).title = title;
  const saved = await page.request.put('/admin/content', { headers: ADMIN, data: { siteId: 'US', locale: 'en-us', kind: 'page', key: 'home', body } });
  expect(saved.ok()).toBe(true);
  const published = await page.request.post('/admin/content/publish', { headers: ADMIN, data: { siteId: 'US', locale: 'en-us', kind: 'page', key: 'home' } });
  expect(published.ok()).toBe(true);
  const purge = await page.request.post('/admin/cache/purge', { headers: ADMIN, data: { siteId: 'US', kind: 'page', key: 'home' } });
  expect(purge.ok()).toBe(true);

  await page.goto(`/en-us?${FORCE_BASELINE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('an EMEA visitor without consent sees the baseline, accepts, and sees the variant', async ({ page }) => {
  const { experience } = await homeExperience(page, 'GB', 'en-gb');
  const baseline = experience.baselines[0]?.title ?? '';
  const variant = experience.variants[0]?.targets[0]?.title ?? '';
  expect(variant).not.toBe(baseline);

  await page.goto(`/en-gb?${FORCE_WINTER}`);
  const banner = page.getByRole('region', { name: 'Your privacy choices' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(baseline);

  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toBeHidden();
  await page.goto(`/en-gb?${FORCE_WINTER}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(variant);
  await expect(page.getByRole('region', { name: 'Your privacy choices' })).toHaveCount(0);
});

test('the mega menu opens on hover and by keyboard, closes on Escape, and the phone drawer reaches a category', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en-us');
  const menu = page.getByRole('navigation', { name: 'Main navigation' }).and(page.locator('.mega'));
  const toggle = menu.getByRole('button', { name: 'Show the Men menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await menu.getByRole('link', { name: 'Men', exact: true }).hover();
  const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(panel.getByRole('link', { name: 'Boots' }).first()).toBeVisible();
  // The hover wakes the menu's script; until it runs, the open panel is the CSS fallback's, which Escape
  // cannot close.
  await expect(menu).toHaveClass(/is-enhanced/);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.locator('summary', { hasText: 'Open menu' }).click();
  const drawer = page.locator('.mega-mobile__panel');
  await drawer.getByText('Women', { exact: true }).click();
  await drawer.getByText('Footwear', { exact: true }).filter({ visible: true }).click();
  await drawer.getByRole('link', { name: 'Boots' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/en-us\/c\/[a-z-]*boots/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Boots');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
});

test('navigation clicks reach the data layer where analytics is allowed, and not where it is refused', async ({ page }) => {
  const clicksOf = () =>
    page.evaluate(() => ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter((e) => e.event.endsWith('_click')));
  const stayOnPage = () => page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en-us');
  await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer !== undefined);
  await stayOnPage();
  // The tracking module loads after the page: wait until a click is reported.
  await expect(async () => {
    await page.locator('.mega').getByRole('link', { name: 'Sale' }).click();
    expect((await clicksOf()).length).toBeGreaterThan(0);
  }).toPass();
  await page.locator('.site-footer').getByRole('link', { name: 'Stories' }).click();
  const clicks = await clicksOf();
  expect(clicks[0]).toMatchObject({ event: 'top_nav_click', url: expect.stringContaining('/en-us/c/') });
  expect(clicks.at(-1)).toMatchObject({ event: 'footer_link_click', label: 'Stories', url: '/en-us/stories' });

  // A British visitor who refused analytics: nothing is collected.
  await page.context().addCookies([{ name: 'OptanonConsent', value: encodeURIComponent('groups=C0001:1,C0002:0,C0003:0,C0004:0'), url: page.url() }]);
  await page.goto('/en-gb');
  await stayOnPage();
  await page.locator('.site-footer').getByRole('link', { name: 'Stories' }).click();
  // The click's handlers have run once the page is idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
});

test('a mega menu panel opened before its script arrives stays open when the script takes over', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Hold back every late script a little, as a slow connection would.
  await page.route(/\/assets\/js\/chunk-/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/en-us');
  const menu = page.locator('.mega');
  await menu.getByRole('link', { name: 'Men', exact: true }).hover();
  const toggle = menu.getByRole('button', { name: 'Show the Men menu' });
  const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(panel.getByRole('link', { name: 'Boots' }).first()).toBeVisible();
  await expect(menu).toHaveClass(/is-enhanced/, { timeout: 10_000 });
  await expect(panel.getByRole('link', { name: 'Boots' }).first()).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
});

test('the header lies over the event hero at the top, and is the solid sticky bar once the page scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => localStorage.setItem('cairn:popups-dismissed', 'newsletter-2026'));
  await page.goto('/en-us/events/trail-day');
  const header = page.locator('header.site-header');
  const hero = page.locator('main .cblock--banner').first();
  // Over the hero: the hero starts where the header does, and the header's words are white on the scrim.
  expect((await hero.boundingBox())?.y).toBe((await header.boundingBox())?.y);
  await expect(header.getByRole('link', { name: 'Stores' })).toHaveCSS('color', 'rgb(255, 255, 255)');

  await page.mouse.wheel(0, 600);
  await expect(header).toHaveClass(/site-header--minimized/);
  await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(header).toHaveCSS('position', 'fixed');
  // Scrolling back up brings the bar back in view, at the top of the window.
  await page.mouse.wheel(0, -150);
  await expect(header).toHaveClass(/site-header--scrolled-up/);
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  await expect(header.getByRole('link', { name: 'Stores' })).not.toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('the decision engine hears of the page, its events and the recommendations seen; the data layer of the experience shown', async ({ page }) => {
  const told: Record<string, unknown>[][] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/engine/v1/decide/CRN')) told.push((request.postDataJSON() as { events: Record<string, unknown>[] }).events);
  });
  await page.goto('/en-us');
  // The home hero's experience is reported under the event the marketer named for it.
  await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer !== undefined);
  const impressions = await page.evaluate(() => (window as unknown as { dataLayer: { event: string }[] }).dataLayer.filter((e) => 'experience_id' in e));
  expect(impressions).toContainEqual(expect.objectContaining({ event: 'home_hero_impression', experience_id: 'home-hero-2026' }));
  // The same decision, read by experience id from the page's global object.
  const hero = impressions.find((e) => (e as { experience_id?: string }).experience_id === 'home-hero-2026') as unknown as Record<string, string>;
  const read = await page.evaluate(() => (window as unknown as { cairnDecisions: { get(id: string): unknown } }).cairnDecisions.get('home-hero-2026'));
  expect(read).toEqual({ experienceId: 'home-hero-2026', variationKey: hero.variation_key, label: hero.variant_label });
  expect(await page.evaluate(() => (window as unknown as { cairnDecisions: { get(id: string): unknown } }).cairnDecisions.get('no-such'))).toBeNull();

  await page.goto('/en-us/p/shoreline-lightweight-rain-boot-tobacco-suede-KFJVN32N');
  await expect.poll(() => told.some((events) => events.some((e) => e.eventType === 'monetate:record:PageEvents'))).toBe(true);
  expect(told.flat()).toContainEqual({ eventType: 'monetate:record:PageEvents', pageEvents: ['product-view'] });
  // The similar styles are below the fold: told of only once they are seen.
  expect(told.flat().filter((e) => e.eventType === 'monetate:record:RecImpressions')).toEqual([]);
  const rail = page.locator('[data-rec-impressions]').first();
  const shown = ((await rail.getAttribute('data-rec-impressions')) ?? '').split(' ');
  expect(shown.length).toBeGreaterThan(0);
  await rail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => told.flat().find((e) => e.eventType === 'monetate:record:RecImpressions'))
    .toEqual({ eventType: 'monetate:record:RecImpressions', widget: 'pdp-similar', recImpressions: shown });
});
