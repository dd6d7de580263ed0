// Codes of the error catalogue (commerce-core §8) the worker throws that no other browser journey shows: what
// the shopper sees when each happens, in the store's own words (the message its key has in en.ts), where it
// appears (at a field or over the form), where focus goes when the page moves it, and what is kept.
//
// Each condition is made for real where the store allows it: through the pages (the same password chosen again,
// a card the processor declines as expired, a gift card taken off in another tab), or in the store's own
// database for the journey's own account or order (a member who never confirmed the club, a return that cannot
// be written). Only where a moment cannot be made on demand does the test play the worker's answer with
// page.route, each saying why, as recovery.spec.ts does.

import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/seed/consumers.ts';
import { ERROR_CATALOGUE, type ErrorCode, type ErrorDetail } from '../../src/shared/errors.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { signIn, withoutPopups } from './account-steps.ts';
import { addToCart, fillAddress, openCheckout, payByCard } from './checkout-steps.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { emailTo } from './outbox.ts';

withoutPopups();

/** What the shopper is told for a code: its message key's English text, as the pages word it. */
const said = (code: ErrorCode): string => en[ERROR_CATALOGUE[code].messageKey as keyof typeof en];

/** The worker's error envelope for a code (app.ts), for the moments the test plays. */
function answer(code: ErrorCode, message: string = ERROR_CATALOGUE[code].message, details?: ErrorDetail[]) {
  return {
    status: ERROR_CATALOGUE[code].status,
    contentType: 'application/json',
    body: JSON.stringify({ errorId: code, message, appId: 'cairn-storefront', correlationId: 'e2e-thrown-codes', ...(details ? { details } : {}) }),
  };
}

const dialog = (page: Page) => page.locator('dialog.sign-in-dialog[open]');
const main = (page: Page) => page.locator('main');
const notice = (page: Page) => page.locator('.checkout').getByRole('alert');
const stepHeading = (page: Page) => page.locator('.checkout__heading');

/** A new account of the journey's own (signed up through the API, as identity.spec.ts does): nothing it does reaches a seeded shopper. */
async function newAccount(request: APIRequestContext, baseURL: string | undefined, club = false): Promise<string> {
  const email = `thrown.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const created = await request.post('/api/consumers-v3/auth/signup', {
    headers: { origin: baseURL ?? '' },
    data: {
      firstName: 'Tess',
      lastName: 'Thrown',
      email,
      password: DEMO_PASSWORD,
      gender: 'unspecified',
      isTermsConfirmed: true,
      ...(club ? { subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } } : {}),
    },
  });
  expect(created.status()).toBe(201);
  return email;
}

/**
 * SQL on the running store's own database: the local D1 that scripts/e2e-server.ts keeps for its port. Only for
 * the journey's own rows (its account, its order), so the journeys running beside it are not touched.
 */
function storeSql(baseURL: string | undefined, sql: string): void {
  const root = new URL('../../', import.meta.url).pathname;
  const port = new URL(baseURL ?? '').port;
  execFileSync(
    `${root}node_modules/.bin/wrangler`,
    ['d1', 'execute', 'DB', '--local', '--persist-to', `${root}.wrangler/e2e-state-${port}`, '--command', sql],
    // wrangler's own complaint, if any, is what the thrown error then says.
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/** Only what the journey itself made goes into its SQL: an email or an order number, checked before it is quoted. */
function literal(value: string): string {
  expect(value).toMatch(/^[\w.@+-]+$/);
  return `'${value}'`;
}

/** A guest's cart checked out to the review: the email, the Portland address and `card` in the processor's frame. */
async function guestToReview(page: Page, card: string): Promise<void> {
  await addToCart(page);
  await openCheckout(page);
  await page.getByLabel('Email for your order confirmation').fill(`e2e-thrown-${Date.now()}@example.com`);
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=billing/);
  await payByCard(page, card);
}

async function placeOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/en-us\/order-confirmation\?orderNo=CR\d{9}&st=/);
  return new URL(page.url()).searchParams.get('orderNo') ?? '';
}

test.describe('AUT452: a new password the same as the current one', () => {
  test('is refused at the new password field, and the same reset link then sets another', async ({ page, request, baseURL }) => {
    const email = await newAccount(request, baseURL);
    await page.goto('/en-us/forgot-password');
    await main(page).getByLabel('Email address').fill(email);
    await main(page).getByRole('button', { name: 'Send the link' }).click();
    await expect(main(page).getByText(en['forgot.sent'])).toBeVisible();
    const sent = /(https?:\/\/\S+forgot-password\?token=[\w-]+)/.exec((await emailTo(page.request, email, 'password-reset')).text)?.[1];
    expect(sent, 'a reset link in the outbox').toBeTruthy();
    const link = new URL(sent as string);
    const token = link.searchParams.get('token') ?? '';
    await page.goto(link.pathname + link.search);

    const password = main(page).getByLabel('New password', { exact: true });
    await password.fill(DEMO_PASSWORD);
    await main(page).getByLabel('Confirm the new password').fill(DEMO_PASSWORD);
    const refused = page.waitForResponse((response) => response.url().endsWith('/en-us/forgot-password/new'));
    await main(page).getByRole('button', { name: 'Save the new password' }).click();
    expect((await refused).status()).toBe(400);

    // Said at the new password, after the rules it already meets; nothing over the form, nothing at the confirmation.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['forgot.newTitle']);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(`${en['forgot.rules']} ${said('AUT452')}`);
    await expect(main(page).getByLabel('Confirm the new password')).not.toHaveAttribute('aria-invalid');
    await expect(main(page).getByRole('alert')).toHaveCount(0);
    // The link is not spent by the refusal: the form still carries it, and another password goes through with it.
    await expect(main(page).locator('input[name="token"]')).toHaveValue(token);
    await password.fill('Sunrise-Summit-2027');
    await main(page).getByLabel('Confirm the new password').fill('Sunrise-Summit-2027');
    await main(page).getByRole('button', { name: 'Save the new password' }).click();
    await expect(main(page).getByRole('status')).toHaveText(en['forgot.done']);
  });
});

test.describe('AUT453: an email address the server refuses', () => {
  test.use({ expectedRefusals: [/\/api\/consumers-v3\/consumer\/lookup\?/] });

  test('is said at the dialog’s email field, which keeps the address and takes focus', async ({ page }) => {
    // The dialog checks the address with the very rule the server uses before it sends it, so the server refuses
    // one only when the two rules part (a page loaded before a release that made the rule stricter). The test
    // makes that moment by changing the address on its way: the refusal is still the worker's own answer.
    await page.route('**/api/consumers-v3/consumer/lookup?**', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('email', 'ana@cairn');
      return route.continue({ url: url.toString() });
    });
    await page.goto('/en-us');
    await page.locator('[data-account-link]').click();
    const email = dialog(page).getByLabel('Email address');
    await email.fill('ana@cairn.test');
    const refused = page.waitForResponse((response) => response.url().includes('/api/consumers-v3/consumer/lookup'));
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    const refusal = await refused;
    expect(refusal.status()).toBe(400);
    expect(((await refusal.json()) as { errorId: string }).errorId).toBe('AUT453');

    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(said('AUT453'));
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('ana@cairn.test');
    // At the field only: the form has no notice of its own, and the step is still the address's.
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    await expect(dialog(page).getByRole('heading', { name: 'Sign in or create an account' })).toBeVisible();

    // Sent as typed, the same address goes on to the password.
    await page.unroute('**/api/consumers-v3/consumer/lookup?**');
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await expect(dialog(page).getByLabel('Password')).toBeVisible();
  });
});

test.describe('an email for the order confirmation the store refuses (ORD400)', () => {
  // One pattern: Playwright reads a second array element as the option's settings.
  test.use({ expectedRefusals: [/\/api\/cart\/v2\/cart\/\w+\/shippingAddress$|\/api\/cart\/v2\/checkout\/order$/] });

  test('typed at the delivery step, is refused at the email field, the address kept', async ({ page }) => {
    // The store takes a guest's email with the delivery address and refuses a malformed one right there, before
    // any order: the worker answers that with the field's own rule (API400), not ORD400, which it keeps for an
    // order that reaches placement without an email (the next journey).
    await addToCart(page);
    await openCheckout(page);
    const email = page.getByLabel('Email for your order confirmation');
    await email.fill('ana@example');
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(en['validation.email']);
    await expect(notice(page)).toContainText(en['validation.email']);
    await expect(notice(page)).toBeFocused();
    await expect(page).not.toHaveURL(/step=/);
    await expect(email).toHaveValue('ana@example');
    await expect(page.getByLabel('Street address')).toHaveValue('12 Pine Street');

    await email.fill('ana@example.com');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/step=billing/);
  });

  test('missing when the order is placed, sends the shopper back to the delivery step, where the email is asked', async ({ page }) => {
    await guestToReview(page, '4242 4242 4242 4242');
    // Every way the store offers a guest takes the email with the delivery or billing address and refuses a bad one
    // there (the journey above), so an order reaches placement without one only if the basket loses it between the
    // review and the order: not a moment to make on demand. The worker's answer for it is played
    // (orders/new-order.ts, checkReady).
    await page.route('**/api/cart/v2/checkout/order', (route) =>
      route.fulfill(answer('ORD400', 'Enter an email address for your order confirmation.', [{ field: 'email', message: 'This field is required' }])),
    );
    await page.getByRole('button', { name: /^Place order/ }).click();

    await expect(page).toHaveURL(/step=shipping/);
    await expect(stepHeading(page)).toHaveText(/Step 1 of 3\s+Delivery/);
    await expect(notice(page)).toHaveText(said('ORD400'));
    await expect(notice(page)).toBeFocused();
    const email = page.getByLabel('Email for your order confirmation');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(en['validation.required']);
    // What the shopper typed is all still there: sending it again records the email with the address.
    await expect(email).toHaveValue(/^e2e-thrown-\d+@example\.com$/);
    await expect(page.getByLabel('Street address')).toHaveValue('12 Pine Street');
    await page.unroute('**/api/cart/v2/checkout/order');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/step=billing/);
  });
});

test.describe('ORD430: an item that went while the shopper was checking out', () => {
  test.use({ expectedRefusals: [/\/api\/cart\/v2\/checkout\/order$/] });

  test('takes the shopper back to the delivery step with the cart read again, and says why', async ({ page }) => {
    await guestToReview(page, '4242 4242 4242 4242');
    // A product taken out of the catalogue between the review and the order: a moment the store cannot make on
    // demand without taking it from every journey beside this one, so the worker's answer is played
    // (orders/new-order.ts). What follows is real: the checkout reads the cart again, repaired (lines.ts patchBasket).
    await page.route('**/api/cart/v2/checkout/order', (route) => route.fulfill(answer('ORD430')));
    await page.getByRole('button', { name: /^Place order/ }).click();

    await expect(page).toHaveURL(/step=shipping&notice=ORD430$/);
    await expect(page.locator('[data-island="checkout"]')).toHaveAttribute('data-hydrated', 'true');
    await expect(stepHeading(page)).toHaveText(/Step 1 of 3\s+Delivery/);
    await expect(notice(page)).toHaveText(said('ORD430'));
    // The address was kept with the basket: the shopper goes on from where they were.
    await expect(page.getByLabel('Street address')).toHaveValue('12 Pine Street');
    await page.unroute('**/api/cart/v2/checkout/order');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/step=billing/);
  });
});

test.describe('FE309: a card whose expiry the processor refuses', () => {
  test.use({ expectedRefusals: [/\/api\/cart\/v2\/checkout\/order$/] });

  test('takes the shopper back to the payment step, says so over it, and another card places the order', async ({ page }) => {
    // The sandbox's test card that its bank declines as expired (src/payments/cards.ts): the fields take its date,
    // the placement does not.
    await guestToReview(page, '4000 0000 0000 0069');
    await page.getByRole('button', { name: /^Place order/ }).click();

    await expect(page).toHaveURL(/step=billing/);
    await expect(stepHeading(page)).toHaveText(/Step 2 of 3\s+Payment/);
    await expect(notice(page)).toHaveText(said('FE309'));
    await expect(notice(page)).toBeFocused();
    // The address and the way of paying stay chosen; only the card is asked again, in a fresh frame.
    await expect(page.getByLabel(en['checkout.billingSame'])).toBeChecked();
    await expect(page.getByRole('radio', { name: en['checkout.card'] })).toBeChecked();
    await payByCard(page, '4242 4242 4242 4242');
    await expect(page.locator('.checkout__review')).toContainText('12 Pine Street');
    await placeOrder(page);
  });
});

test.describe('PYT400: a payment that no longer covers the order', () => {
  test.use({ expectedRefusals: [/\/api\/cart\/v2\/checkout\/order$/] });

  test('after the gift card paying it is taken off in another tab, the payment step asks for the rest', async ({ page, context }) => {
    // Socks, with their delivery well under the $100 demo gift card: it pays the whole order.
    await addToCart(page, 0, '/en-us/c/mens-socks-7655016');
    await page.goto('/en-us/cart');
    const totalRow = page.locator('.cart__totals div', { has: page.getByRole('term').filter({ hasText: /^Total$/ }) });
    const total = ((await totalRow.getByRole('definition').textContent()) ?? '').trim();
    expect(total).toMatch(/^\$\d+(\.\d{2})?$/);
    await page.getByText('Pay with a gift card', { exact: true }).click();
    await page.getByLabel('Gift card number').fill('6006491200000001');
    await page.getByLabel('PIN', { exact: true }).fill('1234');
    await page.getByRole('button', { name: 'Apply gift card' }).click();
    await expect(page.getByRole('button', { name: 'Remove gift card •••• 0001' })).toBeVisible();

    await openCheckout(page);
    await page.getByLabel('Email for your order confirmation').fill(`e2e-thrown-${Date.now()}@example.com`);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/step=billing/);
    // Nothing is left to pay, so no way of paying is asked.
    await expect(page.locator('legend', { hasText: /^Pay with/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Review your order' }).click();
    await expect(page.getByRole('button', { name: /^Place order/ })).toHaveText(/Place order · \$0(\.00)?$/);

    // In another tab the shopper takes the gift card off the cart again.
    const other = await context.newPage();
    await other.goto('/en-us/cart');
    await other.getByRole('button', { name: 'Remove gift card •••• 0001' }).click();
    await expect(other.getByRole('button', { name: 'Remove gift card •••• 0001' })).toHaveCount(0);
    await other.close();

    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL(/step=billing/);
    await expect(notice(page)).toHaveText(said('PYT400'));
    await expect(notice(page)).toBeFocused();
    // The step offers a way to pay what is now left: the whole total.
    await expect(page.locator('legend', { hasText: /^Pay with/ })).toHaveText(`Pay with (${total})`);
    await expect(page.getByRole('radio', { name: en['checkout.card'] })).toBeChecked();
    await payByCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('button', { name: /^Place order/ })).toHaveText(`Place order · ${total}`);
    await placeOrder(page);
  });
});

test.describe('REW135: a member who never confirmed the club, using a reward', () => {
  test('is told at the reward code field, the cart untouched', async ({ page, request, baseURL }) => {
    // Joining the club confirms it at once (sign-up and profile updates both date the opt-in), so a member who
    // has not confirmed is one the store took over without it: made for this journey's own account, in the
    // store's database.
    const email = await newAccount(request, baseURL, true);
    storeSql(baseURL, `UPDATE consumers SET loyalty_opt_in_date = NULL WHERE email = ${literal(email)}`);
    await signIn(page, email);
    await addToCart(page);
    await page.goto('/en-us/cart');
    const rewards = page.getByRole('region', { name: en['cart.rewardsTitle'] });
    // No voucher is offered to spend points on; a reward code can still be typed.
    await expect(rewards.getByText(en['cart.rewardsNotYet'])).toBeVisible();
    const code = rewards.getByLabel(en['cart.rewardCodeLabel']);
    await code.fill('RWD-TESS-2026');
    const refused = page.waitForResponse((response) => response.url().endsWith('/en-us/cart/reward-instrument'));
    await rewards.getByRole('button', { name: en['cart.rewardCodeApply'] }).click();
    expect((await refused).status()).toBe(ERROR_CATALOGUE.REW135.status);

    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(code).toHaveAccessibleDescription(said('REW135'));
    await expect(rewards.getByRole('button', { name: en['cart.rewardCodeApply'] })).toHaveAccessibleDescription(said('REW135'));
    // Said once, at the field (the page's notice is not used for it); the cart keeps its line. The code itself is
    // not written back, as no number that opens a reward or a gift card ever is.
    await expect(page.getByText(said('REW135'))).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('[data-cart-badge]')).toHaveText('1');
  });
});

test.describe('PRO404: a profile the service cannot find', () => {
  test.use({ expectedRefusals: [/\/api\/consumers-v3\/consumer$/] });

  test('is said over the club form in the dialog, which keeps its ticked terms', async ({ page, request, baseURL }) => {
    const email = await newAccount(request, baseURL);
    await page.goto('/en-us/account');
    await main(page).getByRole('link', { name: 'Join the Cairn Club' }).click();
    await dialog(page).getByLabel('Email address').fill(email);
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await dialog(page).getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog(page).getByRole('heading', { name: en['account.joinTitle'] })).toBeVisible();
    // A signed-in session is checked against its account on every call, and a closed account keeps its row, so the
    // profile is missing only when it goes between that check and the update: not a moment to make on demand. The
    // worker's answer for it is played (identity/profile-update.ts).
    await page.route('**/api/consumers-v3/consumer', (route) => (route.request().method() === 'PUT' ? route.fulfill(answer('PRO404')) : route.continue()));
    const terms = dialog(page).getByRole('checkbox', { name: /I accept the Cairn Club terms/ });
    await terms.check();
    await dialog(page).getByRole('button', { name: 'Join the club' }).click();

    const alert = dialog(page).getByRole('alert');
    await expect(alert).toHaveText(said('PRO404'));
    await expect(alert).toBeFocused();
    await expect(dialog(page).getByRole('heading', { name: en['account.joinTitle'] })).toBeVisible();
    await expect(terms).toBeChecked();
    await expect(terms).not.toHaveAttribute('aria-invalid');
  });
});

test.describe('GFC799: a gift card the store cannot check', () => {
  test.use({ expectedRefusals: [/\/api\/consumers-v3\/consumer\/payment_instruments$/] });

  test("saved on the account, is said as the form's 'save failed' toast, the number and PIN kept", async ({ page, request, baseURL }) => {
    const email = await newAccount(request, baseURL);
    await signIn(page, email);
    await page.goto('/en-us/account/payment');
    // The save-card island wakes when its form is in view, and takes the gift card form over: saved through the API.
    await page.getByRole('heading', { name: en['payment.addGiftCard'] }).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-island="save-card"]')).toHaveAttribute('data-hydrated', 'true');
    // GFC799 is the answer when the store cannot read its gift card records (the lookup fails, or it has no key to
    // read them with): that outage would take gift cards from every journey running beside this one, so the
    // worker's answer is played (gift-cards/cards.ts, openGiftCard). The cart's balance check words the same code
    // at its number field, but it is a plain form the server renders, with no answer of its own to play.
    await page.route('**/api/consumers-v3/consumer/payment_instruments', (route) => route.fulfill(answer('GFC799')));
    await page.getByLabel(en['cart.giftCardNumber']).fill('6006491200000002');
    await page.getByLabel(en['cart.giftCardPin']).fill('2345');
    const save = page.getByRole('button', { name: en['payment.saveGiftCard'] });
    await save.click();

    // account-content §8: saving a gift card words only 'already exists' itself; any other refusal, this one
    // included, is the form's 'save failed' message.
    const toast = page.locator('.toasts');
    await expect(toast).toHaveRole('status');
    await expect(toast.locator('.toast--error')).toContainText(`${en['payment.title']} ${en['payment.giftCardSaveFailed']}`);
    await expect(page.getByLabel(en['cart.giftCardNumber'])).toHaveValue('6006491200000002');
    await expect(page.getByLabel(en['cart.giftCardPin'])).toHaveValue('2345');
    await expect(save).not.toHaveAttribute('aria-busy');
    await expect(page).toHaveURL(/\/en-us\/account\/payment$/);
  });
});

test.describe('RTN500: a return the store cannot write', () => {
  test('is said over the return form, the lines chosen still chosen, and the label comes on the next try', async ({ page, request, baseURL }) => {
    const email = await newAccount(request, baseURL);
    await signIn(page, email);
    await addToCart(page, 4);
    await openCheckout(page);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payByCard(page, '4242 4242 4242 4242');
    const orderNumber = await placeOrder(page);
    // The fulfilment sandbox, for this order only, as if the minutes had passed: shipped, then delivered.
    for (const minutes of [3, 14, 80]) {
      const at = new Date(Date.now() + minutes * 60_000).toISOString();
      const run = await page.request.post(`/admin/fulfilment/run?at=${encodeURIComponent(at)}&order=${orderNumber}`, { headers: ADMIN });
      expect(run.status()).toBe(200);
    }
    await page.goto(`/en-us/account/orders/${orderNumber}/return`);
    const line = page.locator('.return-form__line').first();
    await line.getByLabel('How many to return').selectOption('1');
    await line.getByLabel('Reason').selectOption('too_big');

    // The return's rows cannot be written, for this order alone: a database refusal the store meets for real
    // (returns.ts answers RTN500 for it). A trigger is how this journey makes it without touching any other order.
    const trigger = `e2e_returns_down_${orderNumber}`;
    storeSql(
      baseURL,
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON order_returns WHEN NEW.order_number = ${literal(orderNumber)} BEGIN SELECT RAISE(ABORT, 'returns are not written now'); END`,
    );
    try {
      const refused = page.waitForResponse((response) => response.url().endsWith(`/en-us/account/orders/${orderNumber}/return`));
      await page.getByRole('button', { name: 'Create the return label' }).click();
      expect((await refused).status()).toBe(500);
    } finally {
      storeSql(baseURL, `DROP TRIGGER IF EXISTS ${trigger}`);
    }

    // The return form again, not the error page: the refusal over it, what was chosen still chosen.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['returns.title']);
    await expect(main(page).getByRole('alert')).toHaveText(said('RTN500'));
    await expect(line.getByLabel('How many to return')).toHaveValue('1');
    await expect(line.getByLabel('Reason')).toHaveValue('too_big');
    await page.getByRole('button', { name: 'Create the return label' }).click();
    await expect(page.getByText(/Your return RA\d{8} is ready\./)).toBeVisible();
  });
});
