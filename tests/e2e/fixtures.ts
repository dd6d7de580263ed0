// The test every journey uses: it fails on any console error, uncaught exception or React hydration
// warning the pages produce, whatever the journey itself checks.

import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ consoleGuard: undefined; expectedRefusals: RegExp[] }>({
  /** Calls a journey makes to be refused (a wrong password): the browser logs their status, which is no fault. */
  expectedRefusals: [[], { option: true }],
  consoleGuard: [
    async ({ page, expectedRefusals }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        // A journey may open a page that is meant to be missing; its own status is not a fault of the page.
        const documentStatus = text.startsWith('Failed to load resource') && message.location().url === page.url();
        const expected = text.startsWith('Failed to load resource') && expectedRefusals.some((pattern) => pattern.test(message.location().url));
        if ((message.type() === 'error' && !documentStatus && !expected) || /hydrat|did not match/i.test(text)) {
          problems.push(`${message.type()}: ${text} (${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use(undefined);
      expect(problems, 'console errors, uncaught exceptions and hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Built files the pages load, from the build's manifest. */
export function manifest(): { entry: string; react: { file: string; imports: string[] }; islands: Record<string, { file: string }> } {
  return JSON.parse(readFileSync(new URL('../../dist/manifest.json', import.meta.url), 'utf8'));
}

/** The text of a built file the store serves from public/, by its URL path. */
export function builtFile(path: string): string {
  return readFileSync(new URL(`../../public${path}`, import.meta.url), 'utf8');
}

/** The admin token scripts/e2e-server.ts starts the store with (that script runs the server: not imported here). */
export const ADMIN = { authorization: 'Bearer e2e-admin-token' };
