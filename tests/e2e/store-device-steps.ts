// A store device as a store registers it before an associate can sign in on it: an operator asks the admin
// API for the device's code, and the device opens the link it comes with and confirms.

import type { Page } from '@playwright/test';
import { ADMIN, expect } from './fixtures.ts';

export async function registerStoreDevice(page: Page, storeId: string, label = 'Till 1'): Promise<void> {
  const made = await page.request.post(`/admin/stores/${storeId}/devices`, { headers: { ...ADMIN, 'content-type': 'application/json' }, data: { label } });
  expect(made.status()).toBe(201);
  const { path, enrolmentCode } = (await made.json()) as { path: string; enrolmentCode: string };
  await page.goto(path);
  await expect(page.getByLabel('Device code')).toHaveValue(enrolmentCode);
  await page.getByRole('button', { name: 'Register this device' }).click();
  await expect(page.getByText(/^This device is registered to /)).toBeVisible();
}
