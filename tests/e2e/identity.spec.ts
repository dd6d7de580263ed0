// Identity journeys in a real browser (the identity issue, §6): sign up in the dialog, sign out, sign in;
// wrong passwords until the account locks, then a reset through the outbox's link; an associate connects a
// store device and clears it; and the account forms with JavaScript turned off.

import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { DEMO_STORE_PIN } from '../../scripts/seed/store-employees.ts';
import { expect, test } from './fixtures.ts';
import { emailTo } from './outbox.ts';
import { registerStoreDevice } from './store-device-steps.ts';

const accountLink = (page: Page) => page.locator('[data-account-link]');
const dialog = (page: Page) => page.locator('dialog.sign-in-dialog[open]');
const main = (page: Page) => page.locator('main');

async function openDialog(page: Page) {
  await accountLink(page).click();
  await expect(dialog(page)).toBeVisible();
}

async function resetLink(page: Page, email: string): Promise<string> {
  const link = /(https?:\/\/\S+forgot-password\?token=[\w-]+)/.exec((await emailTo(page.request, email, 'password-reset')).text)?.[1];
  expect(link, 'a reset link in the outbox').toBeTruthy();
  return new URL(link as string).pathname + new URL(link as string).search;
}

test('a shopper signs up in the dialog, signs out, and signs back in', async ({ page }) => {
  const email = `e2e.${Date.now()}@example.com`;
  await page.goto('/en-us');
  await openDialog(page);
  await expect(dialog(page).getByRole('heading', { name: 'Sign in or create an account' })).toBeVisible();
  await dialog(page).getByLabel('Email address').fill(email);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // Nothing filled in: every rule is named at its field, and focus goes to the first.
  await dialog(page).getByRole('button', { name: 'Create my account' }).click();
  const firstName = dialog(page).getByLabel('First name');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAccessibleDescription('This field is required');

  await firstName.fill('Mary');
  await dialog(page).getByLabel('Last name').fill('Anning');
  await dialog(page).getByLabel('Password').fill('Fossil-Hunter-1799');
  await dialog(page).getByLabel('Gender').selectOption('female');
  // Ticking the SMS box shows its terms with an accept button; clearing the phone withdraws it.
  await dialog(page)
    .getByLabel('Mobile phone')
    .fill(`20255${String(Date.now()).slice(-5)}`);
  await dialog(page).getByLabel('Send me text messages about offers and my orders.').check();
  await expect(dialog(page).getByRole('button', { name: 'Accept the SMS terms' })).toBeVisible();
  await dialog(page).getByLabel('Mobile phone').fill('');
  await expect(dialog(page).getByLabel('Send me text messages about offers and my orders.')).not.toBeChecked();
  await dialog(page)
    .getByLabel(/I accept the terms of use/)
    .check();
  await dialog(page)
    .getByLabel(/I have read the privacy policy/)
    .check();
  await dialog(page).getByRole('button', { name: 'Create my account' }).click();

  await expect(dialog(page).getByRole('heading', { name: 'Welcome to Cairn, Mary' })).toBeVisible();
  await expect(accountLink(page)).toContainText('Hi, Mary');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'What are you into?' })).toBeVisible();
  await dialog(page).getByRole('checkbox', { name: 'Climbing' }).check();
  await dialog(page).getByRole('button', { name: 'Save my interests' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'You’re all set' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Continue shopping' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(accountLink(page)).toBeFocused();

  // The account page knows her; signing out there goes home, a guest again.
  await accountLink(page).click();
  await expect(page).toHaveURL(/\/en-us\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi, Mary');
  // Her interests are on the profile page.
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('checkbox', { name: 'Climbing' })).toBeChecked();
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en-us$/);
  await expect(accountLink(page)).toContainText('Account');

  await openDialog(page);
  await dialog(page).getByLabel('Email address').fill(email);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await dialog(page).getByLabel('Password').fill('Fossil-Hunter-1799');
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page).getByText('You are signed in. Welcome back, Mary.')).toBeVisible();
  // Escape closes the dialog and focus returns to what opened it.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(accountLink(page)).toBeFocused();
  await expect(accountLink(page)).toContainText('Hi, Mary');
});

const FIRST_PASSWORD = 'Quarry-Lantern-2031';

test.describe('a locked account', () => {
  test.use({ expectedRefusals: [/\/api\/consumers-v3\/auth\/signin$/] });

  test('wrong passwords lock the account; a reset through the emailed link opens it again', async ({ page, request, baseURL }) => {
    // An account of its own: the lock and the new password must not reach a seeded shopper another journey
    // signs in as at the same time.
    const email = `locked.${Date.now()}@example.com`;
    const created = await request.post('/api/consumers-v3/auth/signup', {
      headers: { origin: baseURL ?? '' },
      data: { firstName: 'Ian', lastName: 'Ipa', email, password: FIRST_PASSWORD, gender: 'unspecified', isTermsConfirmed: true },
    });
    expect(created.status()).toBe(201);
    await page.goto('/en-us');
    await openDialog(page);
    await dialog(page).getByLabel('Email address').fill(email);
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    const password = dialog(page).getByLabel('Password');
    const alert = dialog(page).getByRole('alert');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await password.fill(`Wrong-pass-${attempt}`);
      await dialog(page).getByRole('button', { name: 'Sign in' }).click();
      await expect(alert).toHaveText('The email or password is not correct.');
    }
    await password.fill('Wrong-pass-4');
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toContainText('One more wrong attempt will lock the account');
    await password.fill('Wrong-pass-5');
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toContainText('locked for 15 minutes');
    await password.fill(FIRST_PASSWORD);
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toContainText('locked');

    await dialog(page).getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog(page).getByLabel('Email address').fill(email);
    await dialog(page).getByRole('button', { name: 'Send the link' }).click();
    await expect(dialog(page).getByText('If an account exists for that address')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(await resetLink(page, email));
    await main(page).getByLabel('New password', { exact: true }).fill('Sunrise-Summit-2027');
    await main(page).getByLabel('Confirm the new password').fill('Sunrise-Summit-2027');
    await main(page).getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    await openDialog(page);
    await dialog(page).getByLabel('Email address').fill(email);
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await dialog(page).getByLabel('Password').fill('Sunrise-Summit-2027');
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog(page).getByText('Welcome back, Ian.')).toBeVisible();
  });
});

test('an associate connects a store device for a shopper, then clears it', async ({ page }) => {
  await registerStoreDevice(page, 'US-0003');
  await page.getByLabel('Your name').selectOption({ index: 1 });
  const associate = (await page.getByLabel('Your name').locator('option:checked').textContent()) ?? '';
  await page.getByLabel('PIN').fill(DEMO_STORE_PIN);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Device connected' })).toBeVisible();

  await page.getByRole('link', { name: 'Start shopping' }).click();
  await expect(page.locator('.associate-bar')).toContainText(`In store: ${associate}`);
  // A shopper signs in on the device; the associate stays connected through the shopper's sign-out.
  await openDialog(page);
  await dialog(page).getByLabel('Email address').fill('ana@cairn.test');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await dialog(page).getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page).getByText('Welcome back, Ana.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.locator('.associate-bar').getByRole('link', { name: 'Store session' }).click();
  await page.getByRole('button', { name: 'Clear session' }).click();
  await expect(page).toHaveURL(/\/en-us\/associate-login$/);
  await expect(page.getByRole('heading', { name: 'Store associate sign-in' })).toBeVisible();
  await expect(page.locator('.associate-bar')).toHaveCount(0);
  await expect(accountLink(page)).toContainText('Account');
});

test('the club link opens the dialog at the loyalty sign-up, the club box ticked', async ({ page }) => {
  await page.goto('/en-us/account');
  await main(page).getByRole('link', { name: 'Join the Cairn Club' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel('Email address').fill(`club.${Date.now()}@example.com`);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page).getByRole('checkbox', { name: /Join the Cairn Club/ })).toBeChecked();
  // An existing shopper who is not in the club is offered it once signed in (step 0).
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await main(page).getByRole('link', { name: 'Join the Cairn Club' }).click();
  await dialog(page).getByLabel('Email address').fill('ana@cairn.test');
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await dialog(page).getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Join the Cairn Club' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Join the club' }).click();
  await expect(dialog(page).getByRole('checkbox', { name: /I accept the Cairn Club terms/ })).toHaveAttribute('aria-invalid', 'true');
  await dialog(page)
    .getByRole('checkbox', { name: /I accept the Cairn Club terms/ })
    .check();
  await dialog(page).getByRole('button', { name: 'Join the club' }).click();
  await expect(dialog(page).getByText(/your member number is M\d{10}/)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('tapping the account icon (its label hidden) opens the dialog as a bottom panel', async ({ page }) => {
    await page.goto('/en-us');
    // The click lands on the icon's SVG: the held click is replayed on the link itself.
    await accountLink(page).locator('svg').click();
    await expect(dialog(page)).toBeVisible();
    // Once its 250 ms slide is over, the panel sits on the bottom edge, full width.
    await expect
      .poll(async () => {
        const box = await dialog(page).boundingBox();
        return box && [Math.round(box.y + box.height), Math.round(box.width)];
      })
      .toEqual([844, 390]);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the account link leads to the account page, where a shopper signs up, then signs out', async ({ page }) => {
    await page.goto('/en-gb');
    await accountLink(page).click();
    await expect(page).toHaveURL(/\/en-gb\/account$/);
    await main(page).getByLabel('Email address').fill(`nojs.${Date.now()}@example.com`);
    await main(page).getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    await main(page).getByLabel('First name').fill('Ada');
    await main(page).getByLabel('Last name').fill('Lovelace');
    await main(page).getByLabel('Password').fill('Analytical-Engine-1843');
    await main(page).getByLabel('Birth date').fill('10/12/2015');
    await main(page).getByLabel('Gender').selectOption('female');
    await main(page)
      .getByLabel(/I accept the terms of use/)
      .check();
    await main(page)
      .getByLabel(/I have read the privacy policy/)
      .check();
    await main(page).getByRole('button', { name: 'Create my account' }).click();
    // Too young for the United Kingdom's minimum age: said at the field, everything else kept.
    await expect(main(page).getByLabel('Birth date')).toHaveAccessibleDescription(/You must be at least 13 years old\./);
    await expect(main(page).getByLabel('Last name')).toHaveValue('Lovelace');
    await main(page).getByLabel('Password').fill('Analytical-Engine-1843');
    await main(page).getByLabel('Birth date').fill('10/12/1990');
    await main(page)
      .getByLabel(/I accept the terms of use/)
      .check();
    await main(page)
      .getByLabel(/I have read the privacy policy/)
      .check();
    await main(page).getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi, Ada');
    await expect(page.getByText('Welcome to Cairn, Ada')).toBeVisible();
    await main(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/en-gb$/);
  });

  test('a known shopper signs in with the plain forms', async ({ page }) => {
    await page.goto('/en-us/account');
    await main(page).getByLabel('Email address').fill('leo.loyalty@cairn.test');
    await main(page).getByRole('button', { name: 'Continue' }).click();
    await main(page).getByLabel('Password').fill(DEMO_PASSWORD);
    await main(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi, Leo');
    await expect(page.getByText('Cairn Club member number')).toBeVisible();
  });
});
