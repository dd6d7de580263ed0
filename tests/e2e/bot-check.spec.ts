// The bot check in the browser where the site runs Turnstile (commerce-core §5, account-content §6): the widget
// renders in the form for its action and its token goes with the call as recaptcha_response, from the account's
// card form (a plain island) and from the sign-in dialog (a React one).
//
// Played: Turnstile itself, which a test cannot reach (its script answers a token at once), and the site key a
// store with TURNSTILE_SITE_KEY set writes into the page's state (this server runs without one, and its local
// verifier passes any token). The key goes in once the page is parsed, before its scripts run: a document served
// by the test itself would be a public page to Chromium, which then refuses the processor's frame on the local
// network.

import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { TURNSTILE_SCRIPT } from '../../src/shared/ui/bot-widget.tsx';
import { signIn, withoutPopups } from './account-steps.ts';
import { expect, test } from './fixtures.ts';

withoutPopups();

const FAKE_TURNSTILE = `window.turnstile = {
  widgets: [],
  render(element, options) {
    this.widgets.push({ sitekey: options.sitekey, action: options.action, inForm: Boolean(element.closest('form')) });
    setTimeout(() => options.callback('e2e-turnstile-token'), 0);
    return 'widget-' + this.widgets.length;
  },
  reset() {},
  remove() {},
};`;

async function withTurnstile(page: Page): Promise<void> {
  await page.route(`${TURNSTILE_SCRIPT}*`, (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE }));
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      const state = document.getElementById('__STATE__');
      if (document.readyState !== 'interactive' || !state?.textContent) return;
      state.textContent = JSON.stringify({ ...JSON.parse(state.textContent), botSiteKey: 'e2e-site-key' });
    });
  });
}

const widgets = (page: Page) => page.evaluate(() => (window as unknown as { turnstile?: { widgets: unknown[] } }).turnstile?.widgets);

test('the account’s card form sends the token of its own widget with the card', async ({ page, request, baseURL }) => {
  const email = `bot.card.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const created = await request.post('/api/consumers-v3/auth/signup', {
    headers: { origin: baseURL ?? '' },
    data: { firstName: 'Tess', lastName: 'Token', email, password: DEMO_PASSWORD, gender: 'unspecified', isTermsConfirmed: true },
  });
  expect(created.status()).toBe(201);
  await signIn(page, email);
  await withTurnstile(page);
  await page.goto('/en-us/account/payment');
  await page.locator('[data-card-slot]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-island="save-card"]')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => widgets(page)).toEqual([{ sitekey: 'e2e-site-key', action: 'saveCard', inForm: true }]);
  const fields = page.frameLocator('iframe.card-fields__frame');
  await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fields.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await fields.getByLabel('Security code (CVC)').fill('123');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/consumers-v3/consumer/payment_instruments'));
  await page.getByRole('button', { name: 'Save card' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ recaptcha_response: 'e2e-turnstile-token', main: false });
  await expect(page).toHaveURL(/\/en-us\/account\/payment\?notice=saved$/);
  await expect(page.locator('section[aria-labelledby="payment-cards"] .address-book__entry')).toContainText('VISA ending 4242');
});

test('the sign-in dialog sends the token of its widget with the sign-in', async ({ page }) => {
  await withTurnstile(page);
  await page.goto('/en-us');
  await page.locator('[data-account-link]').click();
  const dialog = page.locator('dialog.sign-in-dialog[open]');
  await dialog.getByLabel('Email address').fill('ana@cairn.test');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => widgets(page)).toEqual([{ sitekey: 'e2e-site-key', action: 'login', inForm: true }]);
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/consumers-v3/auth/signin'));
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ username: 'ana@cairn.test', recaptcha_response: 'e2e-turnstile-token' });
  await expect(dialog.getByText(/You are signed in/)).toBeVisible();
});
