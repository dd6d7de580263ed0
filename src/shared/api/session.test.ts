import { describe, expect, it } from 'vitest';
import { CART_COUNT_COOKIE, cartCountOf } from '../commerce/cart-count.ts';
import { REFRESH_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from './session.ts';

declare global {
  interface ImportMeta {
    /** Vite's (and so vitest's) import of files by pattern, resolved when the test is bundled. */
    glob(patterns: string[], options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
  }
}

// The islands match the hint cookie with a literal pattern (an import would cost the product page a chunk):
// every copy of a name in the browser's code must be the name the worker writes.
const browserCode = import.meta.glob(['../../client/**/*.ts', '../../client/**/*.tsx', '!../../client/**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the store’s cookie names', () => {
  it('carry the __Host- prefix, and the browser’s code spells them so', () => {
    const names = [SESSION_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE, CART_COUNT_COOKIE];
    for (const name of names) expect(name).toMatch(/^__Host-[a-z_]+$/);
    expect(Object.keys(browserCode).length).toBeGreaterThan(10);
    for (const [file, text] of Object.entries(browserCode)) {
      for (const match of text.matchAll(/[\w-]*(?:cairn_(?:session|refresh|hint|cart)|__Host-[a-z_]+)\b/g)) expect(names, file).toContain(match[0]);
    }
  });

  it('find the cart count by its whole name', () => {
    expect(cartCountOf(`${SESSION_HINT_COOKIE}=g; ${CART_COUNT_COOKIE}=3`)).toBe(3);
    expect(cartCountOf('cairn_cart=3; x__Host-cart=4')).toBe(0);
    expect(cartCountOf(`${CART_COUNT_COOKIE}=lots`)).toBe(0);
  });
});
