// Contact in Chromium (the store services issue, §3 and §7): a shopper sends a message from the help centre's
// contact page, gets a case number, and the same number is in the email the store sent.

import { withoutPopups } from './account-steps.ts';
import { expect, test } from './fixtures.ts';
import { emailTo } from './outbox.ts';

withoutPopups();

test('a shopper sends a contact message and finds its case number in the email', async ({ page }) => {
  await page.goto('/en-us/help/contact-us');
  await page.getByLabel('What is it about?').selectOption({ label: 'Sizing and fit' });
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Email', { exact: true }).fill('noor.haddad@example.com');
  await page.getByLabel('Your message').fill('Short');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Value must contain at least 10 characters')).toBeVisible();
  await page.getByLabel('Your message').fill('Do the Summit boots run large? I am usually a US 9 in trail shoes.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Message sent' })).toBeVisible();
  const text = (await page.getByRole('status').first().textContent()) ?? '';
  const caseNumber = /CS-\d{8}-[A-Z0-9]{5}/.exec(text)?.[0] ?? '';
  expect(caseNumber).not.toBe('');
  const mail = await emailTo(page.request, 'noor.haddad@example.com', 'support-case');
  expect(mail.subject).toBe(`We received your message (${caseNumber})`);
  expect(mail.text).toContain('Sizing and fit');
});
